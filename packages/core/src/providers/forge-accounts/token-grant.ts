import { type ForgeId } from './forge-token.js';

/** Token refresh margin (spec core §9): a token with more than this left is used as it is. */
export const TOKEN_REFRESH_MARGIN = 5 * 60 * 1000;

/** Seconds an access token lives when the token endpoint does not say (`expires_in` missing):
 * GitLab's documented 7200 s (spec providers §9); Gitea's default `ACCESS_TOKEN_EXPIRATION_TIME`
 * (3600 s) and Gitee's one day, the lifetimes those servers give. */
export const DEFAULT_TOKEN_LIFETIME_SECONDS: Record<ForgeId, number> = {
  gitlab: 7200,
  gitea: 3600,
  gitee: 86_400,
};

/** What a token endpoint gave: the pair, and when the access token ends. */
export interface TokenGrant {
  accessToken: string;
  /** Absent when the endpoint gave none (then the previous one, if any, is kept). */
  refreshToken?: string;
  /** Ms since the epoch. */
  expiresOn: number;
}

/** The token endpoint's answer could not be used. */
export class TokenAnswerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TokenAnswerError';
  }
}

/**
 * Reads an OAuth 2 token answer (`{ access_token, refresh_token, expires_in }`, RFC 6749 §5.1)
 * of `forge` received at `now`. A missing or unusable `expires_in` gives the forge's default
 * lifetime ({@link DEFAULT_TOKEN_LIFETIME_SECONDS}). An `error` answer, or one without an
 * access token, throws with the forge's description when it gave one.
 */
export function readTokenAnswer(forge: ForgeId, answer: unknown, now: number): TokenGrant {
  const body = (typeof answer === 'object' && answer !== null ? answer : {}) as Record<
    string,
    unknown
  >;
  const accessToken = body.access_token;
  if (typeof body.error === 'string' || typeof accessToken !== 'string' || accessToken === '') {
    const description = body.error_description ?? body.message ?? body.error;
    throw new TokenAnswerError(
      typeof description === 'string' && description !== ''
        ? description
        : 'Could not get required authorization.',
    );
  }
  const seconds =
    typeof body.expires_in === 'number' && Number.isFinite(body.expires_in) && body.expires_in > 0
      ? body.expires_in
      : typeof body.expires_in === 'string' && Number(body.expires_in) > 0
        ? Number(body.expires_in)
        : DEFAULT_TOKEN_LIFETIME_SECONDS[forge];
  const grant: TokenGrant = { accessToken, expiresOn: now + seconds * 1000 };
  if (typeof body.refresh_token === 'string' && body.refresh_token !== '') {
    grant.refreshToken = body.refresh_token;
  }
  return grant;
}

/** What to do with a stored token before a request (spec core §4, providers §4). */
export type TokenAction = 'reuse' | 'refresh' | 'signIn';

/**
 * The refresh rule: a token without an expiry asks to sign in again; one with more than
 * {@link TOKEN_REFRESH_MARGIN} left is reused; otherwise it is refreshed, or, without a refresh
 * token (GitLab's rule, and any forge's: nothing to refresh with), the user signs in again.
 */
export function tokenAction(
  token: { expiresOn?: number; refreshToken?: string },
  now: number,
): TokenAction {
  if (token.expiresOn === undefined) return 'signIn';
  if (token.expiresOn > now + TOKEN_REFRESH_MARGIN) return 'reuse';
  return token.refreshToken ? 'refresh' : 'signIn';
}
