import {
  HttpError,
  type HeadersPort,
  type HttpClient,
  type HttpRequest,
  type HttpResponse,
  timeoutFor,
} from '../../sync/http-client.js';
import { GITHUB_NAME, httpErrorOnLocation } from './constants.js';

/** Where GitHub's REST API answers and with which token. `apiUrl` comes from `/conf`
 * (`GITHUB_API_URL`): `https://api.github.com`, an Enterprise server's `/api/v3`, or forge-sim. */
export interface GithubClientOptions {
  http: HttpClient;
  apiUrl: string;
  /** The OAuth access token; without one, requests are anonymous (public data only). */
  token?: string;
}

/** GitHub refused the token (401): the user has to sign in again (spec core §8). */
export class GithubAuthError extends Error {
  constructor() {
    super('GitHub refused the access token. Sign in with GitHub again.');
    this.name = 'GithubAuthError';
  }
}

/** Any other refusal, with GitHub's own message when it gave one, else the spec's 'HTTP error
 * {status} on GitHub location.' (providers §8). `status` lets callers tell a 404 or a 409. */
export class GithubApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'GithubApiError';
  }
}

type Query = Record<string, string | number | boolean | undefined>;

/**
 * A small client of GitHub's REST v3 API over the `HttpClient` port (its retries, back-off and
 * time-outs): JSON in, JSON out, the token in the Authorization header (never in a URL), and
 * GitHub's errors turned into {@link GithubAuthError} and {@link GithubApiError}.
 */
export class GithubClient {
  private readonly base: string;

  constructor(private readonly options: GithubClientOptions) {
    this.base = options.apiUrl.replace(/\/+$/, '');
  }

  /** The same API with another token. */
  withToken(token: string | undefined): GithubClient {
    return new GithubClient({ ...this.options, token });
  }

  get<T>(path: string, query?: Query): Promise<T> {
    return this.send<T>('GET', path, undefined, query);
  }

  post<T>(path: string, body: unknown, retry?: HttpRequest['retry']): Promise<T> {
    return this.send<T>('POST', path, body, undefined, retry);
  }

  patch<T>(path: string, body: unknown): Promise<T> {
    return this.send<T>('PATCH', path, body);
  }

  put<T>(path: string, body: unknown): Promise<T> {
    return this.send<T>('PUT', path, body);
  }

  delete<T>(path: string, body?: unknown): Promise<T> {
    return this.send<T>('DELETE', path, body);
  }

  /** Like `get`, with the answer's headers too (`X-OAuth-Scopes`, `Link`, rate limits). */
  async getWithHeaders<T>(path: string, query?: Query): Promise<{ body: T; headers: HeadersPort }> {
    const response = await this.exchange('GET', path, undefined, query);
    return { body: parseBody<T>(response.text), headers: response.headers };
  }

  /** The text behind an absolute raw URL GitHub gave (a gist file's `raw_url`): sent without
   * the token, which never leaves the API's origin (GitHub's raw hosts need none for a gist). */
  async getRaw(url: string): Promise<string> {
    if (!/^https?:\/\//i.test(url)) throw new GithubApiError(0, `Not a raw URL: ${url}`);
    try {
      return (await this.options.http.request({ method: 'GET', url })).text;
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      throw new GithubApiError(error.status, httpErrorOnLocation(error.status, GITHUB_NAME));
    }
  }

  /** Sends one request; `path` starts with a slash and its segments are already encoded. */
  async send<T>(
    method: string,
    path: string,
    body?: unknown,
    query?: Query,
    retry?: HttpRequest['retry'],
  ): Promise<T> {
    return parseBody<T>((await this.exchange(method, path, body, query, retry)).text);
  }

  private async exchange(
    method: string,
    path: string,
    body: unknown,
    query: Query | undefined,
    retry?: HttpRequest['retry'],
  ): Promise<HttpResponse> {
    const headers: Record<string, string> = {
      Accept: 'application/vnd.github+json',
      'X-GitHub-Api-Version': '2022-11-28',
    };
    if (this.options.token) headers.Authorization = `Bearer ${this.options.token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    try {
      const text = body === undefined ? undefined : JSON.stringify(body);
      return await this.options.http.request({
        method,
        url: this.base + path + queryString(query),
        headers,
        body: text,
        timeout: timeoutFor(text),
        retry,
      });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      if (error.status === 401) throw new GithubAuthError();
      throw new GithubApiError(error.status, githubMessage(error));
    }
  }
}

const parseBody = <T>(text: string): T => (text === '' ? undefined : JSON.parse(text)) as T;

function queryString(query: Query | undefined): string {
  if (!query) return '';
  const params = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  return params.length > 0 ? `?${params.join('&')}` : '';
}

// GitHub's error bodies are `{ message, documentation_url, errors? }`.
function githubMessage(error: HttpError): string {
  try {
    const parsed = JSON.parse(error.body) as { message?: unknown };
    if (typeof parsed.message === 'string' && parsed.message !== '') return parsed.message;
  } catch {
    // Not JSON: the spec's generic message.
  }
  return httpErrorOnLocation(error.status, GITHUB_NAME);
}

/** A path's segments encoded for a URL, slashes kept (`a b/c.md` → `a%20b/c.md`). */
export const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');
