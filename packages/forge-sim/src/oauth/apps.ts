import { randomBytes } from 'node:crypto';

/** An OAuth app registered on the forge, as on GitHub's developer settings page. */
export interface OAuthApp {
  clientId: string;
  clientSecret: string;
  /** Where the authorize page sends the user back; a redirect_uri must lie under it. */
  callbackUrl: string;
  /** The name the authorize page shows ("Authorize {name}"). */
  name: string;
}

/** A code the authorize page gave, waiting for the token request. */
export interface Grant {
  clientId: string;
  userId: number;
  scopes: string[];
  /** The redirect_uri the authorize request named, if it named one. */
  redirectUri: string | undefined;
  /** PKCE (RFC 7636): the challenge the authorize request sent, and its method. */
  codeChallenge?: string | undefined;
  codeChallengeMethod?: string | undefined;
  expiresAt: number;
}

/** How long a code may wait for its token request: 10 minutes, as GitHub. */
export const CODE_LIFETIME_MS = 10 * 60 * 1000;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether `redirectUri` may receive a code of an app with `callbackUrl`: the same scheme, host
 * and port (any port for a loopback callback), and a path at or under the callback's path
 * (GitHub's rules, "Redirect URLs" and "Loopback redirect URLs" of its OAuth documentation).
 */
export function redirectAllowed(callbackUrl: string, redirectUri: string) {
  let callback: URL;
  let redirect: URL;
  try {
    callback = new URL(callbackUrl);
    redirect = new URL(redirectUri);
  } catch {
    return false;
  }
  if (callback.protocol !== redirect.protocol || callback.hostname !== redirect.hostname) {
    return false;
  }
  if (callback.port !== redirect.port && !LOOPBACK.has(callback.hostname)) return false;
  const base = callback.pathname.replace(/\/+$/, '');
  return redirect.pathname === callback.pathname || redirect.pathname.startsWith(`${base}/`);
}

/** The scopes of an authorize request (`scope`, separated by spaces or commas), each once. */
export function parseScopes(scope: string | null | undefined) {
  return [...new Set((scope ?? '').split(/[\s,]+/).filter((part) => part !== ''))];
}

/** The registered OAuth apps and the codes issued to them (single-use, 10 minutes). */
export class OAuthApps {
  readonly #apps = new Map<string, OAuthApp>();
  readonly #codes = new Map<string, Grant>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Registers an app (replacing one with the same client id). */
  add(app: OAuthApp) {
    new URL(app.callbackUrl); // Throws on a callback URL that is no URL.
    this.#apps.set(app.clientId, { ...app });
    return app;
  }

  /** The app with `clientId`, if registered. */
  get(clientId: string | null | undefined) {
    return clientId ? this.#apps.get(clientId) : undefined;
  }

  /** Issues a code for `grant` (without its expiry, which is set here). */
  issueCode(grant: Omit<Grant, 'expiresAt'>) {
    const code = randomBytes(10).toString('hex');
    this.#codes.set(code, { ...grant, expiresAt: this.now() + CODE_LIFETIME_MS });
    return code;
  }

  /** Takes `code` for `clientId`: its grant once, undefined when unknown, used or expired. */
  redeem(code: string, clientId: string): Grant | undefined {
    const grant = this.#codes.get(code);
    if (!grant || grant.clientId !== clientId) return undefined;
    this.#codes.delete(code);
    return grant.expiresAt > this.now() ? grant : undefined;
  }
}
