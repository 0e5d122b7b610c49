import {
  HttpError,
  type HeadersPort,
  type HttpClient,
  type HttpResponse,
  timeoutFor,
} from '../../sync/http-client.js';
import { httpErrorOnLocation } from '../github/constants.js';
import { GITLAB_API_PATH, GITLAB_MAX_PER_PAGE, GITLAB_NAME } from './constants.js';

/** Where a GitLab instance answers and with which token. */
export interface GitlabClientOptions {
  http: HttpClient;
  /** The instance's URL, scheme and host (`https://gitlab.com`, a self-hosted one, forge-sim):
   * the API is `{serverUrl}/api/v4` (spec providers §: host C). */
  serverUrl: string;
  /** The OAuth access token; without one, requests are anonymous (public projects only). */
  token?: string;
}

/** GitLab refused the token (401, an expired or revoked one): the user has to sign in again. */
export class GitlabAuthError extends Error {
  constructor() {
    super('GitLab refused the access token. Sign in with GitLab again.');
    this.name = 'GitlabAuthError';
  }
}

/** Any other refusal, with GitLab's own message when it gave one, else the spec's 'HTTP error
 * {status} on GitLab location.' (providers §8). `status` lets callers tell a 404 or a 400. */
export class GitlabApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'GitlabApiError';
  }
}

type Query = Record<string, string | number | boolean | undefined>;

/**
 * A small client of GitLab's REST v4 API over the `HttpClient` port (its retries on 429 and 5xx,
 * back-off and time-outs): JSON in and out, the token as `Authorization: Bearer` (never in a
 * URL), GitLab's errors turned into {@link GitlabAuthError} and {@link GitlabApiError}, and
 * {@link GitlabClient.getAll} reading a list to its last page.
 */
export class GitlabClient {
  private readonly base: string;

  constructor(private readonly options: GitlabClientOptions) {
    this.base = options.serverUrl.replace(/\/+$/, '') + GITLAB_API_PATH;
  }

  /** The same instance with another token. */
  withToken(token: string | undefined): GitlabClient {
    return new GitlabClient({ ...this.options, token });
  }

  get<T>(path: string, query?: Query): Promise<T> {
    return this.send<T>('GET', path, undefined, query);
  }

  post<T>(path: string, body: unknown): Promise<T> {
    return this.send<T>('POST', path, body);
  }

  put<T>(path: string, body: unknown): Promise<T> {
    return this.send<T>('PUT', path, body);
  }

  delete<T>(path: string, body?: unknown): Promise<T> {
    return this.send<T>('DELETE', path, body);
  }

  /**
   * Every entry of a list, page after page (offset pagination, `per_page` 100, GitLab's most):
   * the next page is the one `x-next-page` names, until it is empty. GitLab leaves out
   * `x-total`/`x-total-pages` past 10,000 entries, so totals are never read; should the header
   * be missing altogether (a proxy dropping it), a full page means there may be another.
   */
  async getAll<T>(path: string, query: Query = {}): Promise<T[]> {
    const all: T[] = [];
    for (let page: number | undefined = 1; page !== undefined;) {
      const response = await this.exchange('GET', path, undefined, {
        ...query,
        per_page: GITLAB_MAX_PER_PAGE,
        page,
      });
      const items = parseBody<T[]>(response.text) ?? [];
      all.push(...items);
      page = nextPage(response.headers, page, items.length);
    }
    return all;
  }

  /** Sends one request; `path` starts with a slash and its segments are already encoded. */
  async send<T>(method: string, path: string, body?: unknown, query?: Query): Promise<T> {
    return parseBody<T>((await this.exchange(method, path, body, query)).text);
  }

  private async exchange(
    method: string,
    path: string,
    body: unknown,
    query: Query | undefined,
  ): Promise<HttpResponse> {
    const headers: Record<string, string> = { Accept: 'application/json' };
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
      });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      if (error.status === 401) throw new GitlabAuthError();
      throw new GitlabApiError(error.status, gitlabMessage(error));
    }
  }
}

/** The page after `page`: `x-next-page` ('' on the last page); without the header, the next
 * one when this page was full. */
function nextPage(headers: HeadersPort, page: number, count: number): number | undefined {
  const next = headers.get('x-next-page');
  if (next === null) return count >= GITLAB_MAX_PER_PAGE ? page + 1 : undefined;
  const number = Number(next.trim());
  return next.trim() !== '' && Number.isInteger(number) && number > page ? number : undefined;
}

const parseBody = <T>(text: string): T => (text === '' ? undefined : JSON.parse(text)) as T;

function queryString(query: Query | undefined): string {
  if (!query) return '';
  const params = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  return params.length > 0 ? `?${params.join('&')}` : '';
}

/**
 * GitLab's error bodies: `{ "message": "404 Project Not Found" }`, `{ "message": { "path":
 * ["has already been taken"] } }` (a model's errors), or Grape's `{ "error": "branch is
 * missing" }`; anything else gets the spec's generic message.
 */
function gitlabMessage(error: HttpError): string {
  try {
    const parsed = JSON.parse(error.body) as { message?: unknown; error?: unknown };
    for (const value of [parsed.message, parsed.error]) {
      if (typeof value === 'string' && value !== '') return value;
      if (value && typeof value === 'object') {
        const said = Object.entries(value as Record<string, unknown>)
          .map(
            ([field, what]) => `${field} ${Array.isArray(what) ? what.join(', ') : String(what)}`,
          )
          .join('; ');
        if (said !== '') return said;
      }
    }
  } catch {
    // Not JSON (Rack::Attack's 'Retry later', a proxy's page): the spec's generic message.
  }
  return httpErrorOnLocation(error.status, GITLAB_NAME);
}

/** A project's path as GitLab's API names it: URL-encoded whole (`group/sub/notes` →
 * `group%2Fsub%2Fnotes`), or its numeric id as is. */
export const projectRef = (project: string | number) =>
  encodeURIComponent(String(project)).replace(/\./g, '%2E');

/** A file's path for the repository files API: URL-encoded whole, slashes too
 * (`notes/a b.md` → `notes%2Fa%20b.md`), as GitLab's docs ask. */
export const encodeFilePath = (path: string) => encodeURIComponent(path).replace(/\./g, '%2E');
