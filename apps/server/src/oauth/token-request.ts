import { HttpError } from '../http-error.js';

/** What a token endpoint answered when it gave a token. */
export interface TokenAnswer {
  access_token: string;
  refresh_token?: string;
  expires_in?: number;
}

/** One POST to a provider's token endpoint. */
export interface TokenRequest {
  /** The provider's name as users know it, for messages ("GitHub"). */
  provider: string;
  url: string;
  /** Form fields, sent as an application/x-www-form-urlencoded body, never in the URL. */
  fields: Record<string, string>;
  timeoutMs: number;
  /** The client's environment variable prefix, named in the message when the provider refuses
   * the server's credentials ("GITHUB"). */
  envPrefix: string;
}

// OAuth error codes (RFC 6749 §5.2 and GitHub's own) that mean the client's code, refresh token
// or redirect URI was refused: the caller's fault, a 400 with the provider's reason.
const REFUSED_GRANT = new Set([
  'invalid_grant',
  'bad_verification_code',
  'bad_refresh_token',
  'expired_token',
  'invalid_request',
  'redirect_uri_mismatch',
  'unsupported_grant_type',
  'invalid_scope',
  'access_denied',
  // Gitea answers this for an unknown or used code ("client is not authorized").
  'unauthorized_client',
]);

// Codes that mean the server's own client id or secret was refused: a misconfigured server.
const REFUSED_CLIENT = new Set(['invalid_client', 'incorrect_client_credentials']);

const MAX_ANSWER_CHARS = 64 * 1024;

/** Posts `fields` to a token endpoint and returns the token it answered, or throws an
 * `HttpError`: 400 when the provider refused the code, 502 when the provider failed, answered
 * something unreadable or refused the server's credentials, 503 when it rate-limited us, 504
 * on time-out. Messages never contain a field's value. */
export async function requestToken(request: TokenRequest): Promise<TokenAnswer> {
  const { provider } = request;
  let response: Response;
  let text: string;
  try {
    response = await fetch(request.url, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/x-www-form-urlencoded',
        'User-Agent': 'Inkstone',
      },
      body: new URLSearchParams(request.fields).toString(),
      redirect: 'error',
      signal: AbortSignal.timeout(request.timeoutMs),
    });
    text = (await response.text()).slice(0, MAX_ANSWER_CHARS);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      throw new HttpError(
        504,
        `${provider} did not answer the token request within ${request.timeoutMs / 1000} s.`,
        'UPSTREAM_TIMEOUT',
      );
    }
    throw new HttpError(
      502,
      `${provider} could not be reached for the token request.`,
      'UPSTREAM_UNREACHABLE',
    );
  }

  if (response.status === 429) {
    const retryAfter = response.headers.get('retry-after');
    throw new HttpError(
      503,
      `${provider} is limiting token requests; try again later.`,
      'UPSTREAM_RATE_LIMITED',
      retryAfter && /^\d{1,6}$/.test(retryAfter) ? { 'Retry-After': retryAfter } : undefined,
    );
  }
  if (response.status >= 500) {
    throw new HttpError(
      502,
      `${provider} failed to answer the token request (HTTP ${response.status}).`,
      'UPSTREAM_FAILED',
    );
  }

  const body = parseAnswer(text, response.headers.get('content-type'));
  const hide = Object.values(request.fields);
  if (body && typeof body.error === 'string') {
    const reason = describe(body, hide);
    if (REFUSED_CLIENT.has(body.error)) {
      throw new HttpError(
        502,
        `${provider} refused this server's OAuth application (${reason}); check ${request.envPrefix}_CLIENT_ID and ${request.envPrefix}_CLIENT_SECRET.`,
        'UPSTREAM_CLIENT_REFUSED',
      );
    }
    if (REFUSED_GRANT.has(body.error) || (response.status >= 400 && response.status < 500)) {
      throw new HttpError(
        400,
        `${provider} refused the token request: ${reason}.`,
        'TOKEN_REFUSED',
      );
    }
    throw new HttpError(
      502,
      `${provider} answered the token request with an error: ${reason}.`,
      'UPSTREAM_ERROR',
    );
  }
  if (response.status >= 400) {
    throw new HttpError(
      502,
      `${provider} refused the token request (HTTP ${response.status}).`,
      'UPSTREAM_FAILED',
    );
  }
  if (!body) {
    throw new HttpError(
      502,
      `${provider} answered the token request with something other than JSON.`,
      'UPSTREAM_UNREADABLE',
    );
  }
  const token = body.access_token;
  if (typeof token !== 'string' || token === '') {
    throw new HttpError(
      502,
      `${provider} answered the token request without an access token.`,
      'UPSTREAM_NO_TOKEN',
    );
  }
  const answer: TokenAnswer = { access_token: token };
  if (typeof body.refresh_token === 'string') answer.refresh_token = body.refresh_token;
  const expiresIn = Number(body.expires_in);
  if (body.expires_in !== undefined && Number.isFinite(expiresIn)) answer.expires_in = expiresIn;
  return answer;
}

// JSON as asked; GitHub's form-encoded default is read too, in case a proxy drops the Accept.
function parseAnswer(
  text: string,
  contentType: string | null,
): Record<string, unknown> | undefined {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    try {
      const value: unknown = JSON.parse(trimmed);
      return value && typeof value === 'object' && !Array.isArray(value)
        ? (value as Record<string, unknown>)
        : undefined;
    } catch {
      return undefined;
    }
  }
  if (contentType?.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(trimmed));
  }
  return undefined;
}

// The provider's error code and description, shortened, without control characters and with
// any value we sent (code, secret, refresh token) masked, should a provider echo one.
function describe(body: Record<string, unknown>, hide: string[]): string {
  const code = String(body.error);
  const description = typeof body.error_description === 'string' ? body.error_description : '';
  let text = description ? `${code}: ${description}` : code;
  for (const value of hide) {
    if (value.length >= 4) text = text.split(value).join('***');
  }
  return text
    .replace(/\p{Cc}+/gu, ' ')
    .slice(0, 300)
    .replace(/[.\s]+$/, '');
}
