/** A fault served to the next request whose method and path match. */
export interface Fault {
  /** Wait this long before answering (alone: the request is then answered normally). */
  latencyMs?: number;
  /** Answer with this server error and Google's `backendError` body (Dropbox: plain text),
   * changing nothing. */
  status?: 500 | 502 | 503;
  /** Answer 401 `Invalid Credentials`, as Google does once the access token has expired (on
   * Dropbox's paths 401 `expired_access_token`). */
  expiredToken?: true;
  /**
   * Answer 403 with Google's rate-limit body (`userRateLimitExceeded` when true); on Dropbox's
   * paths 429 `too_many_requests` (or `too_many_write_operations`) with `Retry-After`.
   */
  rateLimit?: true | 'userRateLimitExceeded' | 'rateLimitExceeded' | 'too_many_write_operations';
  /** Dropbox's `Retry-After` (and `retry_after`) seconds of a `rateLimit` fault: 1 when absent. */
  retryAfter?: number;
  /** Make the change, then destroy the socket so that the client never reads the answer. */
  dropReply?: true;
  /** Make the change, then answer this status with a load balancer's HTML page, as a gateway
   * in front of the service does when it gave up waiting while the service did the work: a
   * client that sends it again makes the change twice. */
  gatewayAfterChange?: 502 | 504;
  /** Never answer: the request hangs (changing nothing) until the client gives up or the server closes. */
  hang?: true;
  /** Only a request whose path (with its query) matches; any request when absent. */
  path?: RegExp;
  /** Only a request with this method (GET, POST, PATCH…); any when absent. */
  method?: string;
}

/** Faults on demand: each is served once, to the first request that matches it. */
export class Faults {
  readonly #queue: Fault[] = [];

  /** Queues a fault for the next matching request. */
  next(fault: Fault) {
    this.#queue.push(fault);
  }

  /** Forgets every queued fault. */
  clear() {
    this.#queue.length = 0;
  }

  /** How many faults wait for a request. */
  get pending() {
    return this.#queue.length;
  }

  /** Takes the first queued fault for the request `method path` (with its query), if any. */
  take(path: string, method: string): Fault | undefined {
    const index = this.#queue.findIndex(
      (fault) =>
        (!fault.path || fault.path.test(path)) &&
        (!fault.method || fault.method.toUpperCase() === method.toUpperCase()),
    );
    if (index < 0) return undefined;
    return this.#queue.splice(index, 1)[0];
  }
}
