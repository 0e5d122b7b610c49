import { json, type Reply } from '../errors.js';

/** A plain-text answer (Dropbox's 400 for bad input, its 5xx). */
export const text = (
  status: number,
  body: string,
  headers: Record<string, string> = {},
): Reply => ({
  status,
  raw: Buffer.from(body),
  contentType: 'text/plain; charset=utf-8',
  headers,
});

let dots = 0;

/**
 * Dropbox's `error_summary` of an error value: the tags from the outside in, joined by slashes,
 * then a trailing `/..` or `/...` (Dropbox varies the dots so that apps read `error`, not the
 * summary): `{".tag": "path", "path": {".tag": "not_found"}}` is `path/not_found/..`.
 */
export function errorSummary(error: unknown): string {
  const tags: string[] = [];
  let value: unknown = error;
  while (value !== undefined && value !== null) {
    if (typeof value === 'string') {
      tags.push(value);
      break;
    }
    if (typeof value !== 'object') break;
    const object = value as Record<string, unknown>;
    const tag = object['.tag'];
    if (typeof tag === 'string') {
      tags.push(tag);
      value = object[tag] ?? Object.values(object).find((v) => isTagged(v));
    } else {
      value = Object.values(object).find((v) => isTagged(v));
    }
  }
  dots = (dots + 1) % 2;
  return `${tags.join('/')}/${dots ? '..' : '...'}`;
}

const isTagged = (value: unknown) =>
  value !== null &&
  typeof value === 'object' &&
  typeof (value as Record<string, unknown>)['.tag'] === 'string';

/** Dropbox's answer for an error value: `{ error_summary, error }` with `status`. */
export const dropboxError = (status: number, error: unknown, headers?: Record<string, string>) =>
  json(status, { error_summary: errorSummary(error), error }, headers);

/** 409, a route's own error (its Stone error union). */
export const endpointError = (error: unknown) => dropboxError(409, error);

/** 401 `invalid_access_token`: unknown or revoked. */
export const invalidAccessToken = () => dropboxError(401, { '.tag': 'invalid_access_token' });

/** 401 `expired_access_token`: past its `expires_in`. */
export const expiredAccessToken = () => dropboxError(401, { '.tag': 'expired_access_token' });

/** 401 `missing_scope`: the token lacks the route's scope. */
export const missingScope = (scope: string) =>
  dropboxError(401, { '.tag': 'missing_scope', required_scope: scope });

/** 429 with `Retry-After` and auth.RateLimitError. */
export const tooManyRequests = (
  seconds: number,
  reason: 'too_many_requests' | 'too_many_write_operations' = 'too_many_requests',
) =>
  dropboxError(
    429,
    { reason: { '.tag': reason }, retry_after: seconds },
    {
      'retry-after': String(seconds),
    },
  );

/** Dropbox's 5xx: a plain-text body, nothing changed. */
export const serverError = (status: 500 | 502 | 503) =>
  text(status, status === 503 ? 'Service Unavailable' : 'Internal Server Error');

/** The 400 Dropbox answers for bad input: `Error in call to API function "{route}": {why}`. */
export const badInput = (route: string, why: string) =>
  text(400, `Error in call to API function "${route}": ${why}`);
