import { base64Bytes, utf8Text } from '../git/bytes.js';
import { GOOGLE_SCOPE, type GoogleToken, holdsScopes } from './google-token.js';

// Google's OAuth answers checked before a token is kept or used (spec core §4, §5, §8).

/** The id token's audience is not our client id (core §8). */
export const CLIENT_ID_INCONSISTENT = 'Client ID inconsistent.';
/** The account that answered is not the one asked for (core §8, providers §5). */
export const GOOGLE_ACCOUNT_NOT_EXPECTED = 'Google account ID not expected.';
/** Google's answer is missing, refused or malformed (core §8). */
export const GOOGLE_AUTHORIZATION_FAILED = 'Could not get required authorization.';

/** Token refresh margin (core §9): a token with fewer than 5 minutes left is refreshed. */
export const GOOGLE_REFRESH_MARGIN_MS = 5 * 60 * 1000;
/** A silent authorisation taking longer than this is retried once, then counts as offline
 * (core §4). */
export const GOOGLE_SILENT_TIMEOUT_MS = 15_000;

/** The claims of Google's id token that Inkstone reads. */
export interface GoogleIdClaims {
  sub: string;
  aud: string;
  /** Expiry, in seconds since the epoch. */
  exp: number;
  email?: string;
  name?: string;
  picture?: string;
  nonce?: string;
}

/** The claims of a JWT id token, unverified (the token came straight from Google over TLS to
 * our callback page; its audience, expiry and subject are what {@link checkIdToken} checks).
 * Throws 'Could not get required authorization.' on anything that is not a JWT with them. */
export function idTokenClaims(idToken: string): GoogleIdClaims {
  const payload = idToken.split('.')[1];
  let claims: unknown;
  try {
    if (!payload || idToken.split('.').length !== 3) throw new Error('not a JWT');
    claims = JSON.parse(utf8Text(base64Bytes(payload.replace(/-/g, '+').replace(/_/g, '/'))));
  } catch {
    throw new Error(GOOGLE_AUTHORIZATION_FAILED);
  }
  const c = claims as Record<string, unknown> | null;
  const aud = Array.isArray(c?.aud) ? (c.aud as unknown[])[0] : c?.aud;
  if (typeof c?.sub !== 'string' || typeof aud !== 'string' || typeof c.exp !== 'number') {
    throw new Error(GOOGLE_AUTHORIZATION_FAILED);
  }
  const text = (key: string) => (typeof c[key] === 'string' ? (c[key] as string) : undefined);
  const out: GoogleIdClaims = { sub: c.sub, aud, exp: c.exp };
  for (const key of ['email', 'name', 'picture', 'nonce'] as const) {
    const value = text(key);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** What an id token must satisfy to be taken. */
export interface IdTokenExpectation {
  /** Our OAuth client id (`/conf`'s googleClientId). */
  clientId: string;
  /** Now, in ms since the epoch. */
  now: number;
  /** The account asked for (a refresh, or linking a known account), when there is one. */
  sub?: string;
  /** The nonce sent with the authorisation, when one was. */
  nonce?: string;
}

/**
 * Checks Google's id token (core §5): its audience is our client id, else 'Client ID
 * inconsistent.'; more than 5 minutes remain, else 'Could not get required authorization.'; its
 * `sub` is the expected account's, else 'Google account ID not expected.'; its nonce is ours.
 */
export function checkIdToken(idToken: string, expected: IdTokenExpectation): GoogleIdClaims {
  const claims = idTokenClaims(idToken);
  if (claims.aud !== expected.clientId) throw new Error(CLIENT_ID_INCONSISTENT);
  if (claims.exp * 1000 - expected.now <= GOOGLE_REFRESH_MARGIN_MS) {
    throw new Error(GOOGLE_AUTHORIZATION_FAILED);
  }
  if (expected.nonce !== undefined && claims.nonce !== expected.nonce) {
    throw new Error(GOOGLE_AUTHORIZATION_FAILED);
  }
  if (expected.sub !== undefined && claims.sub !== expected.sub) {
    throw new Error(GOOGLE_ACCOUNT_NOT_EXPECTED);
  }
  return claims;
}

/** Whether `token` must be refreshed before a request needing `scopes` (core §4): fewer than
 * 5 minutes left, or a scope missing. */
export function googleTokenNeedsRefresh(
  token: Pick<GoogleToken, 'expiresOn' | 'scopes'>,
  scopes: readonly string[],
  now: number,
): boolean {
  return token.expiresOn - now < GOOGLE_REFRESH_MARGIN_MS || !holdsScopes(token, scopes);
}

/** What {@link googleAuthorizeUrl} builds an authorize address from. */
export interface GoogleAuthorizeRequest {
  /** The authorize page (`googleEndpoints(base).authorize`). */
  endpoint: string;
  clientId: string;
  /** The app's `/oauth2/callback`. */
  redirectUri: string;
  /** From `googleScopes(needs)`, plus what the account already holds. */
  scopes: readonly string[];
  state: string;
  nonce: string;
  /** The account's `sub`, when known: Google picks that account. */
  loginHint?: string;
  /** A silent refresh in a hidden frame: `prompt=none`, no page shown. */
  silent?: boolean;
}

/** Google's authorize address for an implicit answer (`token id_token`) in the fragment:
 * granted scopes kept (`include_granted_scopes`), `login_hint` when the account is known,
 * `prompt=none` when silent. No secret is ever part of it. */
export function googleAuthorizeUrl(request: GoogleAuthorizeRequest): string {
  const params: [string, string][] = [
    ['client_id', request.clientId],
    ['redirect_uri', request.redirectUri],
    ['response_type', 'token id_token'],
    ['scope', [...new Set(request.scopes)].join(' ')],
    ['state', request.state],
    ['nonce', request.nonce],
    ['include_granted_scopes', 'true'],
  ];
  if (request.loginHint) params.push(['login_hint', request.loginHint]);
  if (request.silent) params.push(['prompt', 'none']);
  const query = params.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&');
  return `${request.endpoint}${request.endpoint.includes('?') ? '&' : '?'}${query}`;
}

/** An implicit flow's answer, as the callback page read it from the redirect's fragment. */
export interface GoogleImplicitAnswer {
  state?: string;
  error?: string;
  accessToken?: string;
  /** Seconds, as Google sends it (text). */
  expiresIn?: string;
  idToken?: string;
  /** Space-separated. */
  scope?: string;
}

/** A checked implicit answer. */
export interface GoogleGrant {
  accessToken: string;
  /** ms since the epoch. */
  expiresOn: number;
  idToken: string;
  claims: GoogleIdClaims;
  scopes: string[];
}

/**
 * Takes an implicit answer (core §5: the state must match and no error be returned; the id
 * token as {@link checkIdToken}). Errors: 'Could not get required authorization.' for a
 * refusal, a wrong state or a missing field; the id token's own.
 */
export function takeGoogleAnswer(
  answer: GoogleImplicitAnswer,
  expected: IdTokenExpectation & { state: string },
): GoogleGrant {
  if (answer.state !== expected.state || answer.error) {
    throw new Error(GOOGLE_AUTHORIZATION_FAILED);
  }
  const seconds = Number(answer.expiresIn);
  if (!answer.accessToken || !answer.idToken || !Number.isFinite(seconds) || seconds <= 0) {
    throw new Error(GOOGLE_AUTHORIZATION_FAILED);
  }
  const claims = checkIdToken(answer.idToken, expected);
  return {
    accessToken: answer.accessToken,
    expiresOn: expected.now + seconds * 1000,
    idToken: answer.idToken,
    claims,
    scopes: (answer.scope ?? '').split(/\s+/).filter(Boolean),
  };
}

/** What a token's scopes let it reach, as the token's flags (spec core §3). */
export function googleScopeFlags(
  scopes: readonly string[],
): Pick<GoogleToken, 'isDrive' | 'isBlogger' | 'isPhotos' | 'driveFullAccess'> {
  const held = new Set(scopes);
  const driveFullAccess = held.has(GOOGLE_SCOPE.drive);
  return {
    isDrive: driveFullAccess || held.has(GOOGLE_SCOPE.driveFile),
    isBlogger: held.has(GOOGLE_SCOPE.blogger),
    isPhotos: held.has(GOOGLE_SCOPE.photos),
    driveFullAccess,
  };
}

/**
 * The token to keep after a grant: the grant's access and id tokens, expiry and scopes (with
 * what the account held before, as `include_granted_scopes` asks Google to keep them), the
 * flags those scopes give, the name and avatar given (People), and what the account was before
 * (`isLogin`, `isSponsor`) when there was one.
 */
export function googleTokenFromGrant(
  grant: GoogleGrant,
  profile: { name?: string; avatarUrl?: string },
  previous?: GoogleToken,
): GoogleToken {
  const scopes = [...new Set([...grant.scopes])];
  const token: GoogleToken = {
    ...previous,
    sub: grant.claims.sub,
    name:
      profile.name || previous?.name || grant.claims.name || grant.claims.email || grant.claims.sub,
    scopes,
    accessToken: grant.accessToken,
    expiresOn: grant.expiresOn,
    idToken: grant.idToken,
    ...googleScopeFlags(scopes),
  };
  const avatarUrl = profile.avatarUrl ?? grant.claims.picture ?? previous?.avatarUrl;
  if (avatarUrl) token.avatarUrl = avatarUrl;
  return token;
}

/** What a Google account may reach, in words for the Accounts panel. */
export function googleAccessSummary(token: GoogleToken): string[] {
  const flags = googleScopeFlags(token.scopes);
  const out: string[] = [];
  if (token.isLogin || token.scopes.includes(GOOGLE_SCOPE.driveAppData)) out.push('Sign-in');
  if (flags.isDrive) out.push(flags.driveFullAccess ? 'Drive (full)' : 'Drive (restricted)');
  if (flags.isBlogger) out.push('Blogger');
  if (flags.isPhotos) out.push('Photos');
  return out;
}
