import { type JsonWebKey, type KeyObject, createPublicKey, verify } from 'node:crypto';
import { type Identity, type IdentityConfig, unreachable } from './identity.js';

const ISSUERS = new Set(['accounts.google.com', 'https://accounts.google.com']);
/** Clock skew allowed on the token's expiry. */
const SKEW_S = 300;
/** Google's keys are kept this long when its answer says nothing (it says about 6 h). */
const DEFAULT_KEYS_TTL_MS = 60 * 60 * 1000;
/** An unknown key id refetches the keys, at most this often. */
const REFETCH_MS = 60 * 1000;

/** Checks a Google id token here, without sending it anywhere: the RS256 signature against
 * Google's published keys, the issuer, the audience (our client id) and the expiry. */
export type GoogleIdTokenVerifier = (idToken: string) => Promise<Identity>;

interface Keys {
  byKid: Map<string, KeyObject>;
  fetchedAt: number;
  expiresAt: number;
}

const malformed: Identity = { ok: false, status: 400, message: 'The idToken is not a JWT.' };
const refused = (why: string): Identity => ({ ok: false, status: 401, message: why });

function decodePart(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** A verifier with its own cache of Google's keys. `now` is for tests. */
export function createGoogleIdTokenVerifier(
  config: IdentityConfig,
  now: () => number = Date.now,
): GoogleIdTokenVerifier {
  let keys: Keys | undefined;

  async function fetchKeys(): Promise<Keys | undefined> {
    try {
      const response = await fetch(config.googleCertsUrl, {
        signal: AbortSignal.timeout(config.timeoutMs),
      });
      if (!response.ok) {
        await response.body?.cancel();
        return undefined;
      }
      const body = (await response.json()) as { keys?: Array<JsonWebKey & { kid?: string }> };
      const byKid = new Map<string, KeyObject>();
      for (const jwk of body.keys ?? []) {
        if (typeof jwk.kid === 'string' && jwk.kty === 'RSA') {
          byKid.set(jwk.kid, createPublicKey({ key: jwk, format: 'jwk' }));
        }
      }
      const maxAge = /max-age=(\d+)/.exec(response.headers.get('cache-control') ?? '')?.[1];
      const ttl = maxAge ? Number(maxAge) * 1000 : DEFAULT_KEYS_TTL_MS;
      return { byKid, fetchedAt: now(), expiresAt: now() + ttl };
    } catch {
      return undefined;
    }
  }

  async function keyFor(kid: string): Promise<KeyObject | 'unreachable' | undefined> {
    const stale = !keys || keys.expiresAt <= now();
    const unknown = keys && !keys.byKid.has(kid) && now() - keys.fetchedAt >= REFETCH_MS;
    if (stale || unknown) {
      const fetched = await fetchKeys();
      if (fetched) keys = fetched;
      else if (!keys || stale) return 'unreachable';
    }
    return keys?.byKid.get(kid);
  }

  return async (idToken) => {
    const parts = idToken.split('.');
    if (parts.length !== 3) return malformed;
    const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
    const header = decodePart(headerPart);
    const payload = decodePart(payloadPart);
    if (!header || !payload) return malformed;
    if (!config.googleClientId) return refused('Google sign-in is not configured here.');
    if (header.alg !== 'RS256' || typeof header.kid !== 'string') {
      return refused('The idToken is not signed by Google.');
    }
    const key = await keyFor(header.kid);
    if (key === 'unreachable') return unreachable('Google');
    const signed =
      key &&
      verify(
        'RSA-SHA256',
        Buffer.from(`${headerPart}.${payloadPart}`),
        key,
        Buffer.from(signaturePart, 'base64url'),
      );
    if (!signed) return refused('The idToken is not signed by Google.');
    if (typeof payload.iss !== 'string' || !ISSUERS.has(payload.iss)) {
      return refused('The idToken is not from Google.');
    }
    if (payload.aud !== config.googleClientId) return refused('Client ID inconsistent.');
    if (typeof payload.exp !== 'number' || payload.exp + SKEW_S < now() / 1000) {
      return refused('The idToken has expired.');
    }
    if (typeof payload.sub !== 'string' || !/^[\x21-\x7e]{1,255}$/.test(payload.sub)) {
      return refused('The idToken names no user.');
    }
    return { ok: true, userId: `go:${payload.sub}` };
  };
}
