import { ServiceError } from '../service-error.js';
import {
  HttpError,
  type HttpClient,
  type HttpRequest,
  timeoutFor,
} from '../../sync/http-client.js';
import { ZENDESK_NAME, ZENDESK_TOKEN_REFUSED } from './constants.js';
import { type ZendeskCall } from './zendesk-article.js';

/** A Zendesk request that failed: its `description` when it gave one (a 4xx), else the spec's
 * generic 'HTTP error {status} on Zendesk location.'. */
export class ZendeskError extends ServiceError {
  constructor(
    status: number,
    message: string,
    /** Zendesk's `error` (`RecordNotFound`, `RecordInvalid`, `Forbidden`, …). */
    code?: string,
  ) {
    super(status, message, code);
    this.name = 'ZendeskError';
  }
}

/** Zendesk refused the access token (401): link the account again. */
export class ZendeskAuthError extends ZendeskError {
  constructor(code?: string) {
    super(401, ZENDESK_TOKEN_REFUSED, code);
    this.name = 'ZendeskAuthError';
  }
}

/** `GET /api/v2/users/me`, as far as Inkstone reads it. */
export interface ZendeskMe {
  id: number;
  name?: string;
  email?: string;
}

/** An article as Create Article answers it, as far as Inkstone reads it. */
export interface ZendeskArticleAnswer {
  id: number;
  html_url?: string;
}

function zendeskError(error: HttpError): ZendeskError {
  let code: string | undefined;
  let message: string | undefined;
  try {
    const body = JSON.parse(error.body) as {
      error?: unknown;
      description?: unknown;
      details?: Record<string, { description?: unknown }[]>;
    };
    if (typeof body.error === 'string') code = body.error;
    // RecordInvalid's details say which field and why ("Title: cannot be blank").
    const detail = Object.values(body.details ?? {})
      .flat()
      .map((item) => item.description)
      .find((text): text is string => typeof text === 'string' && text !== '');
    const description = detail ?? body.description;
    if (typeof description === 'string' && description.trim() !== '') message = description;
  } catch {
    // Not JSON (a proxy's page, a 429's text): the generic message.
  }
  if (error.status === 401) return new ZendeskAuthError(code);
  return new ZendeskError(
    error.status,
    (error.status < 500 && error.status !== 429 ? message : undefined) ??
      `HTTP error ${error.status} on ${ZENDESK_NAME} location.`,
    code,
  );
}

/** What the client needs. */
export interface ZendeskClientOptions {
  http: HttpClient;
  /** The help centre's base URL (`https://acme.zendesk.com`, or a stand-in's). */
  baseUrl: string;
  /** The account's OAuth access token (Zendesk's do not expire; they may be revoked). */
  accessToken: string;
}

/**
 * Zendesk's API for one account of one help centre: each request carries the bearer token and
 * goes through the HttpClient (its retries of 5xx and 429, and a time limit on each).
 */
export class ZendeskClient {
  constructor(private readonly options: ZendeskClientOptions) {}

  /** Sends a request to `{baseUrl}{path}`; resolves with the JSON answer. `retry` as the
   * HttpClient takes it (`'unprocessed'` for a request that creates). */
  async request<T>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: unknown,
    retry?: HttpRequest['retry'],
  ): Promise<T> {
    const text = body === undefined ? undefined : JSON.stringify(body);
    try {
      const response = await this.options.http.request({
        method,
        url: `${this.options.baseUrl.replace(/\/+$/, '')}${path}`,
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
      if (error instanceof HttpError) throw zendeskError(error);
      throw error;
    }
  }

  /** The token's user (`GET /api/v2/users/me.json`). */
  async me(): Promise<ZendeskMe> {
    return (await this.request<{ user: ZendeskMe }>('GET', '/api/v2/users/me.json')).user;
  }

  /** The help centre's permission groups (`GET /api/v2/guide/permission_groups.json`). */
  async permissionGroups(): Promise<{ id: number; name?: string }[]> {
    const answer = await this.request<{ permission_groups?: { id: number; name?: string }[] }>(
      'GET',
      '/api/v2/guide/permission_groups.json',
    );
    return answer.permission_groups ?? [];
  }

  /** Makes one of the publisher's calls ({@link ZendeskCall}). */
  call<T>(call: ZendeskCall): Promise<T> {
    return this.request<T>(call.method, call.path, call.body, call.creates && 'unprocessed');
  }
}
