import {
  HttpError,
  type HeadersPort,
  type HttpClient,
  type HttpResponse,
  timeoutFor,
} from '../../sync/http-client.js';
import { httpErrorOnLocation } from '../github/constants.js';
import { GITEA_NAME } from './constants.js';

/** Where a Gitea (or Forgejo) server's v1 API answers, and with which token. */
export interface GiteaClientOptions {
  http: HttpClient;
  /** `{serverUrl}/api/v1` (see `giteaApiUrl`). */
  apiUrl: string;
  /** The OAuth access token; without one, requests are anonymous (public data only). */
  token?: string;
}

/** Gitea refused the token (401): the user has to sign in again (spec core §8). */
export class GiteaAuthError extends Error {
  constructor() {
    super('Gitea refused the access token. Sign in with Gitea again.');
    this.name = 'GiteaAuthError';
  }
}

/** Any other refusal, with Gitea's own message when it gave one, else the spec's 'HTTP error
 * {status} on Gitea location.' (providers §8). `status` lets callers tell a 404 or a 422. */
export class GiteaApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'GiteaApiError';
  }
}

type Query = Record<string, string | number | boolean | undefined>;

/**
 * The page size the client asks of Gitea's lists (`limit`). Gitea caps it at the instance's
 * `[api] MAX_RESPONSE_ITEMS` (50 by default) whatever is asked, so the client never counts on
 * getting it: it reads `X-Total-Count` and pages on until it has them all.
 */
export const GITEA_LIST_LIMIT = 50;

/**
 * A small client of Gitea's v1 REST API (Forgejo answers the same) over the `HttpClient` port
 * (its retries, back-off and time-outs): JSON in, JSON out, the token in the Authorization
 * header (never in a URL, though Gitea would take `access_token` there), and Gitea's errors
 * (`{ message, url }`) turned into {@link GiteaAuthError} and {@link GiteaApiError}.
 */
export class GiteaClient {
  private readonly base: string;

  constructor(private readonly options: GiteaClientOptions) {
    this.base = options.apiUrl.replace(/\/+$/, '');
  }

  /** The same server with another token. */
  withToken(token: string | undefined): GiteaClient {
    return new GiteaClient({ ...this.options, token });
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

  /** Like `get`, with the answer's headers too (`X-Total-Count`, `Link`). */
  async getWithHeaders<T>(path: string, query?: Query): Promise<{ body: T; headers: HeadersPort }> {
    const response = await this.exchange('GET', path, undefined, query);
    return { body: parseBody<T>(response.text), headers: response.headers };
  }

  /**
   * Every item of a Gitea list (`page` from 1, `limit`), page after page: Gitea gives at most
   * its `MAX_RESPONSE_ITEMS` whatever `limit` asks, so the pages end when `X-Total-Count` items
   * were read, or at a short or empty page when the server sends no count. `most` stops early
   * once that many were read (a history shown to the user needs no more).
   */
  async getAll<T>(path: string, query: Query = {}, most = Number.POSITIVE_INFINITY): Promise<T[]> {
    const items: T[] = [];
    for (let page = 1; ; page += 1) {
      const { body, headers } = await this.getWithHeaders<T[]>(path, {
        ...query,
        page,
        limit: GITEA_LIST_LIMIT,
      });
      const list = Array.isArray(body) ? body : [];
      items.push(...list);
      const total = Number(headers.get('x-total-count') ?? Number.NaN);
      if (list.length === 0 || items.length >= most) break;
      if (Number.isFinite(total) ? items.length >= total : !hasNext(headers)) break;
    }
    return items.slice(0, most);
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
    if (this.options.token) headers.Authorization = `token ${this.options.token}`;
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
      if (error.status === 401) throw new GiteaAuthError();
      throw new GiteaApiError(error.status, giteaMessage(error));
    }
  }
}

const parseBody = <T>(text: string): T => (text === '' ? undefined : JSON.parse(text)) as T;

// Without a count, a `Link` header with rel="next" says more pages follow.
const hasNext = (headers: HeadersPort) => /rel="next"/.test(headers.get('link') ?? '');

function queryString(query: Query | undefined): string {
  if (!query) return '';
  const params = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  return params.length > 0 ? `?${params.join('&')}` : '';
}

// Gitea's error bodies are `{ message, url }` (APIError), a 404 also `errors`; a 405 has none.
function giteaMessage(error: HttpError): string {
  try {
    const parsed = JSON.parse(error.body) as { message?: unknown };
    if (typeof parsed.message === 'string' && parsed.message !== '') return parsed.message;
  } catch {
    // Not JSON: the spec's generic message.
  }
  return httpErrorOnLocation(error.status, GITEA_NAME);
}

/** A path's segments encoded for a URL, slashes kept (`a b/c.md` → `a%20b/c.md`). */
export const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');
