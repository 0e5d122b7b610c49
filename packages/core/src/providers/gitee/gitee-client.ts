import {
  HttpError,
  type HeadersPort,
  type HttpClient,
  type HttpResponse,
  timeoutFor,
} from '../../sync/http-client.js';
import { httpErrorOnLocation } from '../github/constants.js';
import { GITEE_NAME, GITEE_PER_PAGE } from './constants.js';

/** Where Gitee's v5 API answers and with which token. */
export interface GiteeClientOptions {
  http: HttpClient;
  /** `https://gitee.com/api/v5`, or forge-sim's `giteeApiUrl`. */
  apiUrl: string;
  /** The OAuth access token; without one, requests are anonymous (public data only). */
  token?: string;
  /** The clock of the cache-busting timestamp (default Date.now). */
  now?: () => number;
}

/** Gitee refused the access token (401). */
export class GiteeAuthError extends Error {
  constructor() {
    super('Gitee refused the access token. Sign in with Gitee again.');
    this.name = 'GiteeAuthError';
  }
}

/**
 * Gitee refused the token when the user or a repository tree was read (spec providers: "Host B
 * 401 on user or tree fetch: restart sign-in"): the app starts Gitee's sign-in again.
 */
export class GiteeSignInError extends GiteeAuthError {
  constructor() {
    super();
    this.name = 'GiteeSignInError';
  }
}

/** Any other refusal, with Gitee's own message when it gave one, else the spec's 'HTTP error
 * {status} on Gitee location.' (providers §8). `status` lets callers tell a 404 or a 400. */
export class GiteeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'GiteeApiError';
  }
}

/** Query or body parameters of a call. */
export type GiteeParams = Record<string, string | number | boolean | undefined>;

// The calls whose 401 restarts sign-in: GET user and GET git/trees/{sha}.
const SIGN_IN_CALLS = /^\/user$|\/git\/trees\//;

/**
 * A small client of Gitee's v5 API over the `HttpClient` port (its retries, back-off and
 * time-outs). Gitee takes the token only as the `access_token` parameter (spec providers, "Host
 * B"): in the query of a GET or DELETE, in the JSON body of a POST, PUT or PATCH. Every GET
 * carries a timestamp `t` so no cache answers an old head. The token never reaches an error or
 * a log of ours: errors carry Gitee's message or the status, never the URL.
 */
export class GiteeClient {
  private readonly base: string;

  constructor(private readonly options: GiteeClientOptions) {
    this.base = options.apiUrl.replace(/\/+$/, '');
  }

  /** The same API with another token. */
  withToken(token: string | undefined): GiteeClient {
    return new GiteeClient({ ...this.options, token });
  }

  get<T>(path: string, query?: GiteeParams): Promise<T> {
    return this.send<T>('GET', path, query);
  }

  post<T>(path: string, body: GiteeParams | object): Promise<T> {
    return this.send<T>('POST', path, body);
  }

  put<T>(path: string, body: GiteeParams | object): Promise<T> {
    return this.send<T>('PUT', path, body);
  }

  patch<T>(path: string, body: GiteeParams | object): Promise<T> {
    return this.send<T>('PATCH', path, body);
  }

  /** DELETE with its parameters in the query, as Gitee's description places them. */
  delete<T>(path: string, query?: GiteeParams): Promise<T> {
    return this.send<T>('DELETE', path, query);
  }

  /** Like `get`, with the answer's headers too (`total_count`, `total_page`). */
  async getWithHeaders<T>(
    path: string,
    query?: GiteeParams,
  ): Promise<{ body: T; headers: HeadersPort }> {
    const response = await this.exchange('GET', path, query);
    return { body: parseBody<T>(response.text), headers: response.headers };
  }

  /**
   * Every item of a paged list, to the last page: `page` from 1 with `per_page` 100 (Gitee's
   * most), until the page Gitee's `total_page` header names, or, without the header, a page
   * shorter than asked. Never one page taken for the whole.
   */
  async getAll<T>(path: string, query: GiteeParams = {}): Promise<T[]> {
    const items: T[] = [];
    for (let page = 1; ; page += 1) {
      const { body, headers } = await this.getWithHeaders<T[]>(path, {
        ...query,
        page,
        per_page: GITEE_PER_PAGE,
      });
      if (!Array.isArray(body)) throw new GiteeApiError(0, `Not a list: ${path}`);
      items.push(...body);
      const total = Number(headers.get('total_page'));
      const last = Number.isFinite(total) && headers.get('total_page') !== null;
      if (body.length === 0 || (last ? page >= total : body.length < GITEE_PER_PAGE)) return items;
    }
  }

  /** Sends one request; `path` starts with a slash and its segments are already encoded. */
  async send<T>(method: string, path: string, params?: GiteeParams | object): Promise<T> {
    return parseBody<T>((await this.exchange(method, path, params)).text);
  }

  private async exchange(
    method: string,
    path: string,
    params: GiteeParams | object | undefined,
  ): Promise<HttpResponse> {
    const inQuery = method === 'GET' || method === 'DELETE';
    const token = this.options.token ? { access_token: this.options.token } : {};
    const query: GiteeParams = inQuery
      ? {
          ...(params as GiteeParams | undefined),
          ...token,
          ...(method === 'GET' ? { t: (this.options.now ?? Date.now)() } : {}),
        }
      : {};
    const headers: Record<string, string> = { Accept: 'application/json' };
    let body: string | undefined;
    if (!inQuery) {
      headers['Content-Type'] = 'application/json;charset=UTF-8';
      body = JSON.stringify({ ...params, ...token });
    }
    try {
      return await this.options.http.request({
        method,
        url: this.base + path + queryString(query),
        headers,
        body,
        timeout: timeoutFor(body),
      });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      if (error.status === 401) {
        throw SIGN_IN_CALLS.test(path) ? new GiteeSignInError() : new GiteeAuthError();
      }
      throw new GiteeApiError(error.status, giteeMessage(error, this.options.token));
    }
  }
}

const parseBody = <T>(text: string): T => (text === '' ? undefined : JSON.parse(text)) as T;

function queryString(query: GiteeParams): string {
  const params = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  return params.length > 0 ? `?${params.join('&')}` : '';
}

// Gitee's error bodies are `{ message }`. A message that would repeat the token (none is known
// to) is replaced by the spec's generic one.
function giteeMessage(error: HttpError, token: string | undefined): string {
  try {
    const parsed = JSON.parse(error.body) as { message?: unknown };
    const { message } = parsed;
    if (typeof message === 'string' && message !== '' && !(token && message.includes(token))) {
      return message;
    }
  } catch {
    // Not JSON: the spec's generic message.
  }
  return httpErrorOnLocation(error.status, GITEE_NAME);
}

/** A path's segments encoded for a URL, slashes kept (`a b/c.md` → `a%20b/c.md`). */
export const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/** `/repos/{owner}/{repo}`, encoded. */
export const repoPath = (owner: string, repo: string) =>
  `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`;
