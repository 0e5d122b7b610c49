import { type Timers } from '../ports/timers.js';

/** A request through the HTTP client port. */
export interface HttpRequest {
  method?: string;
  url: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array | ArrayBuffer;
  /** Milliseconds before the request is abandoned (default 30 s). */
  timeout?: number;
  /** Whether rate limits and server errors are retried (default true). `'unprocessed'`
   * retries only the answers that say the request was not carried out (429, 503, a 403 rate
   * limit): for a request that creates something (a post, an article, a gist), where a retry
   * after a 500, 502 or 504 could create it twice. */
  retry?: boolean | 'unprocessed';
}

/** The headers of a response, as `fetch` gives them. */
export interface HeadersPort {
  get(name: string): string | null;
}

/** What the client passes to `fetch`. */
export interface FetchInit {
  method: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array | ArrayBuffer;
  signal?: unknown;
  /** Sends the browser's cookies for the remote's origin (a CouchDB session). */
  credentials?: 'include' | 'same-origin' | 'omit';
}

/** The part of a `fetch` response the client reads. */
export interface FetchResponse {
  status: number;
  headers: HeadersPort;
  text(): Promise<string>;
}

/** The part of `fetch` the client uses: the browser's and Node's `fetch` both fit. (The core
 * package has no DOM types of its own: its ports say what they need.) */
export type FetchPort = (url: string, init: FetchInit) => Promise<FetchResponse>;

/** A response whose status was 2xx. */
export interface HttpResponse {
  status: number;
  headers: HeadersPort;
  /** The body as text ('' when there is none). */
  text: string;
}

/** A request that failed with an HTTP status (after retrying, when it was retriable). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    readonly headers: HeadersPort,
  ) {
    super(`HTTP error ${status}.`);
    this.name = 'HttpError';
  }
}

/** A request that got no answer: it timed out, or the network failed (spec core §8). */
export class NetworkError extends Error {
  /** `cause`: what the fetch threw (for the logs; the message stays the spec's). */
  constructor(
    readonly reason: 'timeout' | 'failed',
    options?: { cause?: unknown },
  ) {
    super(reason === 'timeout' ? 'Network request timeout.' : 'Network request failed.', options);
    this.name = 'NetworkError';
  }
}

/** Default time-out of a request (spec core §7). */
export const REQUEST_TIMEOUT = 30_000;
/** A request body's upload is given this many bytes a second on top of REQUEST_TIMEOUT (about
 * a slow 1 Mbit/s link), so that one commit of a whole sync (GitLab's commits with actions,
 * Gitea's change-files: megabytes for a first sync of a thousand files) is not abandoned while
 * it is still uploading or being written by the forge. */
export const UPLOAD_BYTES_PER_SECOND = 100_000;

/** The time-out of a request sending `body`: REQUEST_TIMEOUT, plus the time to upload it at
 * {@link UPLOAD_BYTES_PER_SECOND}. */
export function timeoutFor(body: string | undefined): number {
  const bytes = body === undefined ? 0 : body.length;
  return REQUEST_TIMEOUT + Math.ceil((bytes / UPLOAD_BYTES_PER_SECOND) * 1000);
}
/** The first retry waits this long; each next one twice as long (spec core §7). */
export const RETRY_FIRST_DELAY = 500;
/** No retry waits longer than this: past it the request fails (spec core §7 and §9). */
export const RETRY_MAX_DELAY = 10_000;
/** Timers are randomised by up to +20% (spec core §9), so clients do not retry in step. */
export const TIMER_JITTER = 0.2;

/** What the client needs from its environment. */
export interface HttpClientOptions {
  fetch: FetchPort;
  /** Sends cookies with every request (`credentials: 'include'`). */
  withCredentials?: boolean;
  timers: Timers;
  /** A number in [0, 1) (default Math.random). */
  random?: () => number;
}

/**
 * The HTTP client port of the sync engine (spec core §7): every provider request goes through
 * it. It retries on 429, on 5xx and on 403 with a rate-limit reason, waiting 500 ms, then twice
 * as long each time, and gives up rather than wait over 10 s; it abandons a request after 30 s
 * ('Network request timeout.') and reports a failed network as 'Network request failed.'.
 */
export class HttpClient {
  private readonly random: () => number;

  constructor(private readonly options: HttpClientOptions) {
    this.random = options.random ?? Math.random;
  }

  /** Sends `request`; resolves with a 2xx response, rejects with HttpError or NetworkError. */
  async request(request: HttpRequest): Promise<HttpResponse> {
    let delay = RETRY_FIRST_DELAY;
    for (;;) {
      const response = await this.once(request);
      if (response.status >= 200 && response.status < 300) return response;
      const error = new HttpError(response.status, response.text, response.headers);
      const retriable = request.retry === 'unprocessed' ? isUnprocessed(error) : isRetriable(error);
      if (request.retry === false || !retriable || delay > RETRY_MAX_DELAY) throw error;
      await this.wait(delay * (1 + this.random() * TIMER_JITTER));
      delay *= 2;
    }
  }

  private async once(request: HttpRequest): Promise<HttpResponse> {
    const controller = newAbortController();
    let timedOut = false;
    const cancel = this.options.timers.set(() => {
      timedOut = true;
      controller.abort();
    }, request.timeout ?? REQUEST_TIMEOUT);
    try {
      const response = await this.options.fetch(request.url, {
        method: request.method ?? 'GET',
        headers: request.headers,
        body: request.body,
        signal: controller.signal,
        ...(this.options.withCredentials ? { credentials: 'include' as const } : {}),
      });
      const text = await response.text();
      return { status: response.status, headers: response.headers, text };
    } catch (cause) {
      throw new NetworkError(timedOut ? 'timeout' : 'failed', { cause });
    } finally {
      cancel();
    }
  }

  private wait(ms: number): Promise<void> {
    return new Promise((resolve) => this.options.timers.set(resolve, ms));
  }
}

/** Whether a failed request is worth retrying: a rate limit (429, or 403 saying so) or a
 * server error (5xx). */
export function isRetriable(error: HttpError): boolean {
  if (error.status === 429 || (error.status >= 500 && error.status < 600)) return true;
  return error.status === 403 && isRateLimit(error);
}

/** Whether a failed request was surely not carried out, so that sending it again cannot do it
 * twice: a rate limit (429, or 403 saying so) or 503 Service Unavailable. */
export function isUnprocessed(error: HttpError): boolean {
  if (error.status === 429 || error.status === 503) return true;
  return error.status === 403 && isRateLimit(error);
}

// A 403 that is a rate limit: GitHub sends `x-ratelimit-remaining: 0` or a "rate limit"
// message; Google APIs send the reasons rateLimitExceeded or userRateLimitExceeded.
function isRateLimit(error: HttpError): boolean {
  if (error.headers.get('x-ratelimit-remaining') === '0') return true;
  return /rate ?limit/i.test(error.body);
}

// The platform's AbortController (browsers and Node have one), typed here without the DOM.
function newAbortController(): { signal: unknown; abort(): void } {
  const platform = globalThis as { AbortController?: new () => { signal: unknown; abort(): void } };
  if (!platform.AbortController) return { signal: undefined, abort: () => undefined };
  return new platform.AbortController();
}
