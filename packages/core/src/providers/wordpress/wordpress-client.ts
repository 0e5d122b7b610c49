import { ServiceError } from '../service-error.js';
import {
  HttpError,
  type HttpClient,
  type HttpRequest,
  timeoutFor,
} from '../../sync/http-client.js';
import { WORDPRESS_NAME, WORDPRESS_TOKEN_REFUSED } from './constants.js';

/** A WordPress.com request that failed: its `{ error, message }` when it gave one, else the
 * spec's generic 'HTTP error {status} on WordPress location.'. */
export class WordPressError extends ServiceError {
  constructor(
    status: number,
    message: string,
    /** WordPress.com's error code (`unknown_blog`, `unknown_post`, `unauthorized`, …). */
    code?: string,
  ) {
    super(status, message, code);
    this.name = 'WordPressError';
  }
}

/** WordPress.com refused the access token (401): link the account again. */
export class WordPressAuthError extends WordPressError {
  constructor(code?: string) {
    super(401, WORDPRESS_TOKEN_REFUSED, code);
    this.name = 'WordPressAuthError';
  }
}

/** `GET /rest/v1.1/me`, as far as Inkstone reads it. */
export interface WordPressMe {
  ID: number;
  display_name?: string;
  username?: string;
}

/** A post as `POST /rest/v1.2/sites/{site}/posts/…` answers it, as far as Inkstone reads it. */
export interface WordPressPost {
  ID: number;
  site_ID: number;
  URL?: string;
  status?: string;
}

function wordpressError(error: HttpError): WordPressError {
  let message: string | undefined;
  let code: string | undefined;
  try {
    const body = JSON.parse(error.body) as { error?: unknown; message?: unknown };
    if (typeof body.error === 'string') code = body.error;
    if (typeof body.message === 'string' && body.message.trim() !== '') message = body.message;
  } catch {
    // Not JSON (a proxy's page): the generic message.
  }
  if (error.status === 401) return new WordPressAuthError(code);
  // A server error's own text says little: the spec's generic message names the status.
  return new WordPressError(
    error.status,
    (error.status < 500 ? message : undefined) ??
      `HTTP error ${error.status} on ${WORDPRESS_NAME} location.`,
    code,
  );
}

/** What the client needs. */
export interface WordPressClientOptions {
  http: HttpClient;
  /** WordPress.com's API origin (`https://public-api.wordpress.com`, or a stand-in's). */
  apiUrl: string;
  /** The account's access token (implicit grant: no refresh; an expired one is refused). */
  accessToken: string;
}

/**
 * WordPress.com REST v1.1/v1.2 for one account: each request carries the bearer token and goes
 * through the HttpClient (its retries of 5xx and rate limits, and a time limit on each).
 */
export class WordPressClient {
  constructor(private readonly options: WordPressClientOptions) {}

  /** Sends a request to `{apiUrl}/rest{path}`; resolves with the JSON answer. `retry` as the
   * HttpClient takes it (`'unprocessed'` for a request that creates). */
  async request<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    retry?: HttpRequest['retry'],
  ): Promise<T> {
    const text = body === undefined ? undefined : JSON.stringify(body);
    try {
      const response = await this.options.http.request({
        method,
        url: `${this.options.apiUrl.replace(/\/$/, '')}/rest${path}`,
        headers: {
          Authorization: `Bearer ${this.options.accessToken}`,
          ...(text === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: text,
        timeout: timeoutFor(text),
        retry,
      });
      return (response.text === '' ? {} : JSON.parse(response.text)) as T;
    } catch (error) {
      if (error instanceof HttpError) throw wordpressError(error);
      throw error;
    }
  }

  /** The token's user (`GET /rest/v1.1/me`). */
  me(): Promise<WordPressMe> {
    return this.request<WordPressMe>('GET', '/v1.1/me');
  }

  /** Creates a post (`postId` absent) or edits one (`POST /rest/v1.2/sites/{site}/posts/…`). */
  writePost(site: string, postId: string | undefined, body: Record<string, unknown>) {
    return this.request<WordPressPost>(
      'POST',
      `/v1.2/sites/${encodeURIComponent(site)}/posts/${postId === undefined ? 'new' : encodeURIComponent(postId)}`,
      body,
      // A new post is not sent again after an answer that may follow its making.
      postId === undefined ? 'unprocessed' : undefined,
    );
  }
}
