import { randomBytes } from 'node:crypto';
import type { ForgeUser, Users } from '../users.js';

/** An access token with an end of life, and the refresh token that replaces it. */
export interface TimedGrant {
  accessToken: string;
  refreshToken: string;
  /** Seconds the access token lives, as the token endpoint answers `expires_in`. */
  expiresIn: number;
  scopes: string[];
}

/**
 * The tokens of the forges whose OAuth tokens expire (Gitea: 3600 s, Gitee: 86,400 s): each
 * access token is a token of {@link Users} that stops working at its expiry, and each refresh
 * token can be spent once, for its own app, to get a new pair.
 */
export class RefreshableTokens {
  readonly #expiry = new Map<string, number>();
  readonly #refresh = new Map<string, { userId: number; clientId: string; scopes: string[] }>();

  constructor(
    private readonly users: Users,
    private readonly now: () => number = Date.now,
  ) {}

  /** Issues a new access token (living `lifetimeSeconds`) and refresh token to `user`. */
  issue(
    user: ForgeUser,
    clientId: string,
    scopes: readonly string[],
    lifetimeSeconds: number,
  ): TimedGrant {
    const accessToken = this.users.issueToken(user, scopes);
    this.#expiry.set(accessToken, this.now() + lifetimeSeconds * 1000);
    const refreshToken = randomBytes(24).toString('base64url');
    this.#refresh.set(refreshToken, { userId: user.id, clientId, scopes: [...scopes] });
    return { accessToken, refreshToken, expiresIn: lifetimeSeconds, scopes: [...scopes] };
  }

  /**
   * Spends `refreshToken` of `clientId` for a new pair; undefined when unknown or spent. With
   * `reusable`, the refresh token stays valid after use (Gitea's default,
   * `[oauth2] INVALIDATE_REFRESH_TOKENS = false`).
   */
  refresh(refreshToken: string, clientId: string, lifetimeSeconds: number, reusable = false) {
    const grant = this.#refresh.get(refreshToken);
    if (!grant || grant.clientId !== clientId) return undefined;
    const user = this.users.byId(grant.userId);
    if (!user) return undefined;
    if (!reusable) this.#refresh.delete(refreshToken);
    return this.issue(user, clientId, grant.scopes, lifetimeSeconds);
  }

  /** Whether `token` is one of these tokens and its life is over. */
  expired(token: string) {
    const end = this.#expiry.get(token);
    return end !== undefined && end <= this.now();
  }

  /** Ends the life of `token` now (for tests of a client's refresh). */
  expire(token: string) {
    if (this.#expiry.has(token)) this.#expiry.set(token, this.now());
  }
}
