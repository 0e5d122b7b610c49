/** A fault served to the next request whose path matches. */
export interface Fault {
  /** Wait this long before answering (alone: the request is then answered normally). */
  latencyMs?: number;
  /** Answer with this server error and GitHub's body, changing nothing. */
  status?: 500 | 502 | 503;
  /** Answer 403 with GitHub's rate-limit body and `x-ratelimit-remaining: 0`. */
  rateLimit?: true;
  /** Make the change, then destroy the socket so the client never reads the answer. */
  dropReply?: true;
  /** Only a request whose path (with its query) matches; any request when absent. */
  path?: RegExp;
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

  /** Takes the first queued fault matching `path`, if any. */
  take(path: string): Fault | undefined {
    const index = this.#queue.findIndex((fault) => !fault.path || fault.path.test(path));
    if (index < 0) return undefined;
    return this.#queue.splice(index, 1)[0];
  }
}
