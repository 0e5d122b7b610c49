/** A fault served to the next request whose path matches. */
export interface Fault {
  /** Wait this long before answering (alone: the request is then answered normally). */
  latencyMs?: number;
  /** Answer with this server error and GitHub's body, changing nothing. */
  status?: 500 | 502 | 503;
  /** Answer 403 with GitHub's rate-limit body and `x-ratelimit-remaining: 0`. */
  rateLimit?: true;
  /**
   * Answer 429 with GitHub's secondary rate-limit body and `retry-after` in seconds (this many;
   * 1 when true), the limit GitHub puts on bursts of writes.
   */
  secondaryRateLimit?: true | number;
  /** Make the change, then destroy the socket so the client never reads the answer. */
  dropReply?: true;
  /**
   * Answer the next ref update (PATCH …/git/refs/…) or contents write (PUT/DELETE
   * …/contents/…) as if another writer had moved the branch first: 422 'Update is not a fast
   * forward' or 409 '{path} does not match {sha}'; on GitLab (a file write or POST
   * …/repository/commits) 400 'You are attempting to update a file that has changed since you
   * started editing it.'. Nothing changes. Other requests pass it by.
   */
  staleSha?: true;
  /**
   * Answer the next recursive tree listing (GET …/git/trees/…?recursive=1) with `truncated:
   * true` and only this many entries (true: half of them). Other requests pass it by.
   */
  truncateTree?: true | number;
  /** Only a request whose path (with its query) matches; any request when absent. */
  path?: RegExp;
}

/** Whether `fault` is for a request `method path` (staleSha and truncateTree choose their own). */
function applies(fault: Fault, method: string, path: string) {
  if (fault.path && !fault.path.test(path)) return false;
  if (fault.staleSha) {
    return (
      (method === 'PATCH' && /\/git\/refs\//.test(path)) ||
      ((method === 'PUT' || method === 'DELETE') && /\/contents\//.test(path)) ||
      // GitLab: a file write or a commit of actions.
      (['POST', 'PUT', 'DELETE'].includes(method) &&
        /\/api\/v4\/.*\/repository\/files\//.test(path)) ||
      (method === 'POST' && /\/api\/v4\/.*\/repository\/commits(?:\?|$)/.test(path))
    );
  }
  if (fault.truncateTree !== undefined) {
    return method === 'GET' && /\/git\/trees\/[^?]+\?(?:.*&)?recursive(?:[=&]|$)/.test(path);
  }
  return true;
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
  take(path: string, method = 'GET'): Fault | undefined {
    const index = this.#queue.findIndex((fault) => applies(fault, method, path));
    if (index < 0) return undefined;
    return this.#queue.splice(index, 1)[0];
  }
}
