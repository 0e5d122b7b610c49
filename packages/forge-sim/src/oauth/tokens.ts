import { randomBytes } from 'node:crypto';
import type { ForgeUser, Users } from '../users.js';

/** An access token with its refresh token, as an OAuth 2 token endpoint answers them. */
export interface IssuedToken {
  accessToken: string;
  refreshToken: string;
  /** Seconds the access token lives. */
  expiresIn: number;
  /** When it was issued, in whole seconds since the epoch (Doorkeeper's `created_at`). */
  createdAt: number;
  scopes: readonly string[];
}

interface Refresh {
  clientId: string;
  userId: number;
  scopes: readonly string[];
  accessToken: string;
}

/**
 * Expiring access tokens and single-use refresh tokens (RFC 6749 §6), as GitLab's and Gitea's
 * OAuth providers issue them: a refresh gives a new pair and the used refresh token is revoked
 * (rotation). The access tokens sign API requests through {@link Users} like any other token.
 */
export class RefreshableTokens {
  readonly #refresh = new Map<string, Refresh>();
  readonly #expiresAt = new Map<string, number>();

  constructor(
    private readonly users: Users,
    /** Seconds an access token lives. */
    readonly lifetimeSeconds: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Issues a new pair for `user`, tied to the app `clientId`. */
  issue(user: ForgeUser, scopes: readonly string[], clientId: string): IssuedToken {
    const accessToken = randomBytes(32).toString('hex');
    const refreshToken = randomBytes(32).toString('hex');
    this.users.addToken(user, accessToken, scopes);
    const createdAt = Math.floor(this.now() / 1000);
    this.#expiresAt.set(accessToken, createdAt * 1000 + this.lifetimeSeconds * 1000);
    this.#refresh.set(refreshToken, {
      clientId,
      userId: user.id,
      scopes: [...scopes],
      accessToken,
    });
    return { accessToken, refreshToken, expiresIn: this.lifetimeSeconds, createdAt, scopes };
  }

  /**
   * Trades `refreshToken` of app `clientId` for a new pair; undefined when it is unknown, used
   * already, or another app's. The used refresh token and its access token stop working.
   */
  refresh(refreshToken: string, clientId: string): IssuedToken | undefined {
    const known = this.#refresh.get(refreshToken);
    if (!known || known.clientId !== clientId) return undefined;
    const user = this.users.byId(known.userId);
    if (!user) return undefined;
    this.#refresh.delete(refreshToken);
    this.users.revokeToken(known.accessToken);
    this.#expiresAt.delete(known.accessToken);
    return this.issue(user, known.scopes, clientId);
  }

  /** Whether `accessToken` is one of these and its lifetime is over. */
  expired(accessToken: string) {
    const at = this.#expiresAt.get(accessToken);
    return at !== undefined && at <= this.now();
  }
}
