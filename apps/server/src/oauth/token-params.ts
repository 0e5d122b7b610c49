import { HttpError } from '../http-error.js';

/** A query string as Fastify parses it: a repeated name gives an array. */
export type Query = Record<string, unknown>;

// OAuth codes and tokens are opaque but printable: hex (GitHub, GitLab, Gitee), base64url or
// JWT-like (Gitea). Client ids are hex, UUIDs or GitHub's `Iv1.`/`Ov23li` forms.
const TOKEN_PATTERN = /^[A-Za-z0-9._~+/=-]+$/;
const CLIENT_ID_PATTERN = /^[A-Za-z0-9._~-]+$/;
const MAX_TOKEN_CHARS = 4096;
const MAX_CLIENT_ID_CHARS = 256;
const MAX_URL_CHARS = 2048;

function text(query: Query, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') {
    throw new HttpError(400, `The query parameter ${name} must be given once.`, 'BAD_PARAMETER');
  }
  return value === '' ? undefined : value;
}

/** A code or refresh token: optional, but malformed is a 400. */
export function tokenParam(query: Query, name: string): string | undefined {
  const value = text(query, name);
  if (value === undefined) return undefined;
  if (value.length > MAX_TOKEN_CHARS || !TOKEN_PATTERN.test(value)) {
    throw new HttpError(400, `The query parameter ${name} is malformed.`, 'BAD_PARAMETER');
  }
  return value;
}

/** A client id: optional, but malformed is a 400. */
export function clientIdParam(query: Query, name: string): string | undefined {
  const value = text(query, name);
  if (value === undefined) return undefined;
  if (value.length > MAX_CLIENT_ID_CHARS || !CLIENT_ID_PATTERN.test(value)) {
    throw new HttpError(400, `The query parameter ${name} is malformed.`, 'BAD_PARAMETER');
  }
  return value;
}

/** A redirect URI: optional, but anything other than an absolute http(s) URL is a 400. */
export function redirectUriParam(query: Query, name: string): string | undefined {
  const value = text(query, name);
  if (value === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = value.length <= MAX_URL_CHARS ? new URL(value) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new HttpError(
      400,
      `The query parameter ${name} must be an http(s) URL.`,
      'BAD_PARAMETER',
    );
  }
  return value;
}

/** Throws the 400 for a parameter the request needs and lacks. */
export function missing(name: string): never {
  throw new HttpError(400, `The query parameter ${name} is required.`, 'MISSING_PARAMETER');
}

/** The grant a gitlab/gitea/gitee token request asks for: a code to exchange (with the
 * redirect URI it was issued for) or a refresh token to use. */
export type Grant =
  | { grant_type: 'authorization_code'; code: string; redirect_uri: string }
  | { grant_type: 'refresh_token'; refresh_token: string; redirect_uri?: string };

/** Reads `code` or `refresh_token`, `grant_type` and the redirect URI (under `redirectName`)
 * and checks that they agree. */
export function grantParams(query: Query, redirectName = 'redirect_uri'): Grant {
  const code = tokenParam(query, 'code');
  const refreshToken = tokenParam(query, 'refresh_token');
  const grantType = text(query, 'grant_type');
  const redirectUri = redirectUriParam(query, redirectName);
  if (
    grantType !== undefined &&
    grantType !== 'authorization_code' &&
    grantType !== 'refresh_token'
  ) {
    throw new HttpError(
      400,
      'The query parameter grant_type must be authorization_code or refresh_token.',
      'BAD_PARAMETER',
    );
  }
  if (code !== undefined && refreshToken !== undefined) {
    throw new HttpError(400, 'Send either code or refresh_token, not both.', 'BAD_PARAMETER');
  }
  const wantsRefresh =
    grantType === 'refresh_token' || (grantType === undefined && refreshToken !== undefined);
  if (wantsRefresh) {
    if (refreshToken === undefined) missing('refresh_token');
    return redirectUri === undefined
      ? { grant_type: 'refresh_token', refresh_token: refreshToken }
      : { grant_type: 'refresh_token', refresh_token: refreshToken, redirect_uri: redirectUri };
  }
  if (code === undefined) missing('code');
  if (redirectUri === undefined) missing(redirectName);
  return { grant_type: 'authorization_code', code, redirect_uri: redirectUri };
}
