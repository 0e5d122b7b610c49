/** One entry of the `errors` list of Google's error body. */
export interface GoogleErrorItem {
  domain: string;
  reason: string;
  message: string;
  location?: string;
  locationType?: string;
}

/** A JSON answer written by the server (or dropped by a fault). */
export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Bytes answered as they are (with `contentType`) in place of JSON. */
  raw?: Buffer;
  contentType?: string;
}

/** An answer with a JSON body. */
export const json = (status: number, body: unknown, headers?: Record<string, string>): Reply => ({
  status,
  body,
  ...(headers ? { headers } : {}),
});

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  502: 'UNAVAILABLE',
  503: 'UNAVAILABLE',
};

/**
 * Google's JSON error body for its APIs:
 * `{ error: { code, message, errors: [{ domain, reason, message, … }], status } }`.
 */
export function googleError(code: number, item: GoogleErrorItem): Reply {
  return json(code, {
    error: {
      code,
      message: item.message,
      errors: [item],
      ...(STATUS_NAMES[code] ? { status: STATUS_NAMES[code] } : {}),
    },
  });
}

/** Thrown by a route to answer with an error at once. */
export class ReplyError extends Error {
  constructor(readonly reply: Reply) {
    super(`HTTP ${reply.status}`);
    this.name = 'ReplyError';
  }
}

/** Throws Google's error body. */
export function fail(code: number, item: GoogleErrorItem): never {
  throw new ReplyError(googleError(code, item));
}

/** The 401 Google answers for a missing, unknown, expired or revoked access token. */
export const invalidCredentials = () =>
  googleError(401, {
    domain: 'global',
    reason: 'authError',
    message: 'Invalid Credentials',
    location: 'Authorization',
    locationType: 'header',
  });

/** The 401 Google answers a request with no credentials at all. */
export const loginRequired = () =>
  googleError(401, {
    domain: 'global',
    reason: 'required',
    message: 'Login Required.',
    location: 'Authorization',
    locationType: 'header',
  });

/** The 403 of a token without a scope the request needs. */
export const insufficientPermissions = () =>
  googleError(403, {
    domain: 'global',
    reason: 'insufficientPermissions',
    message: 'Insufficient Permission: Request had insufficient authentication scopes.',
  });

/** The 403 of a user's rate limit (`userRateLimitExceeded`, or the project's `rateLimitExceeded`). */
export const rateLimited = (reason: 'userRateLimitExceeded' | 'rateLimitExceeded') =>
  googleError(403, {
    domain: 'usageLimits',
    reason,
    message:
      reason === 'userRateLimitExceeded' ? 'User Rate Limit Exceeded' : 'Rate Limit Exceeded',
  });

/** Drive's 404 for a file the user cannot see or that does not exist. */
export const fileNotFound = (fileId: string) =>
  googleError(404, {
    domain: 'global',
    reason: 'notFound',
    message: `File not found: ${fileId}.`,
    location: 'fileId',
    locationType: 'parameter',
  });

/** A 400 for a parameter with a value Google refuses. */
export const invalidValue = (location: string, message = 'Invalid Value') =>
  googleError(400, {
    domain: 'global',
    reason: 'invalid',
    message,
    location,
    locationType: 'parameter',
  });

/** A 400 for a required parameter left out. */
export const required = (location: string) =>
  googleError(400, {
    domain: 'global',
    reason: 'required',
    message: `Required parameter: ${location}`,
    location,
    locationType: 'parameter',
  });

/** The 5xx Google answers for a backend error (nothing is changed). */
export const backendError = (code: 500 | 502 | 503) =>
  googleError(code, {
    domain: 'global',
    reason: 'backendError',
    message: code === 503 ? 'The service is currently unavailable.' : 'Backend Error',
  });
