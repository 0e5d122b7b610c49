import { ServiceError } from '../service-error.js';
import {
  type FreshGoogleToken,
  GOOGLE_SCOPE,
  type GoogleEndpoints,
} from '../google/google-token.js';
import {
  HttpError,
  type HttpClient,
  type HttpRequest,
  timeoutFor,
} from '../../sync/http-client.js';
import { BLOGGER_NAME, blogNotFound } from './constants.js';

/** A Blogger request that failed: Google's message when it gave one, else the spec's generic
 * 'HTTP error {status} on Blogger location.' (spec providers §8 "Other HTTP errors"). */
export class BloggerError extends ServiceError {
  constructor(status: number, message: string, reason?: string) {
    super(status, message, reason);
    this.name = 'BloggerError';
  }

  /** Google's reason (`notFound`, `authError`, …) when it gave one. */
  get reason(): string | undefined {
    return this.code;
  }
}

/** Blogger v3's Blog, as far as Inkstone reads it. */
export interface BloggerBlog {
  id: string;
  url: string;
  name?: string;
}

/** Blogger v3's Post or Page, as far as Inkstone reads it. */
export interface BloggerItemResource {
  id: string;
  url?: string;
  status?: string;
  title?: string;
}

/** Reads Google's error JSON (`{ error: { code, message, errors: [{ reason }] } }`). */
function googleError(error: HttpError): BloggerError {
  let message: string | undefined;
  let reason: string | undefined;
  try {
    const body = JSON.parse(error.body) as {
      error?: { message?: unknown; errors?: { reason?: unknown }[] } | string;
      error_description?: unknown;
    };
    if (typeof body.error === 'object' && body.error !== null) {
      if (typeof body.error.message === 'string' && body.error.message.trim() !== '') {
        message = body.error.message;
      }
      const first = body.error.errors?.[0]?.reason;
      if (typeof first === 'string') reason = first;
    } else if (typeof body.error_description === 'string') {
      message = body.error_description;
    }
  } catch {
    // Not JSON (a proxy's page): the generic message.
  }
  return new BloggerError(
    error.status,
    message ?? `HTTP error ${error.status} on ${BLOGGER_NAME} location.`,
    reason,
  );
}

/** What the Blogger client needs. */
export interface BloggerClientOptions {
  http: HttpClient;
  /** Where Google answers (`googleEndpoints(googleUrl)`); only `blogger` is used. */
  endpoints: Pick<GoogleEndpoints, 'blogger'>;
  /** The account's tokens (the app's Google accounts). */
  freshToken: FreshGoogleToken;
  /** The Google account (`sub`) that publishes. */
  sub: string;
}

/**
 * Blogger v3 for one Google account (spec providers §7 "Blog service"): every request carries
 * a token holding the `blogger` scope, asked of the {@link FreshGoogleToken} port; a 401 asks
 * once more with `force` and the request is sent again (core §8). Requests go through the
 * HttpClient: its retries of 5xx and rate limits, and a time limit on each.
 */
export class BloggerClient {
  constructor(private readonly options: BloggerClientOptions) {}

  /** Sends a request to Blogger (`path` under `/blogger/v3`); resolves with the JSON answer. */
  async request<T>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    {
      query,
      body,
      retry,
    }: {
      query?: Record<string, string | undefined>;
      body?: unknown;
      /** As the HttpClient takes it: `'unprocessed'` for a request that creates. */
      retry?: HttpRequest['retry'];
    } = {},
  ): Promise<T> {
    const search = Object.entries(query ?? {})
      .filter((entry): entry is [string, string] => entry[1] !== undefined)
      .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
      .join('&');
    const url = `${this.options.endpoints.blogger}${path}${search === '' ? '' : `?${search}`}`;
    const text = body === undefined ? undefined : JSON.stringify(body);
    const scopes = [GOOGLE_SCOPE.blogger];
    let token = await this.options.freshToken(this.options.sub, scopes);
    for (let attempt = 0; ; attempt += 1) {
      try {
        const response = await this.options.http.request({
          method,
          url,
          headers: {
            Authorization: `Bearer ${token.accessToken}`,
            ...(text === undefined ? {} : { 'Content-Type': 'application/json' }),
          },
          body: text,
          timeout: timeoutFor(text),
          retry,
        });
        return (response.text === '' ? {} : JSON.parse(response.text)) as T;
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        if (error.status === 401 && attempt === 0) {
          token = await this.options.freshToken(this.options.sub, scopes, { force: true });
          continue;
        }
        throw googleError(error);
      }
    }
  }

  /** The blog at `url` (blogs/byurl); a clear error when Blogger knows no blog there. */
  async blogByUrl(url: string): Promise<BloggerBlog> {
    try {
      return await this.request<BloggerBlog>('GET', '/blogs/byurl', {
        query: { url },
      });
    } catch (error) {
      if (error instanceof BloggerError && error.status === 404) {
        throw new BloggerError(404, blogNotFound(url), error.reason);
      }
      throw error;
    }
  }
}
