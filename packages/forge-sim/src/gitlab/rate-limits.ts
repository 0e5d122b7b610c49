/**
 * GitLab.com's API budgets (docs.gitlab.com/user/gitlab_com/#rate-limits-on-gitlabcom): 2,000
 * requests a minute for a signed-in user, 500 for an anonymous address.
 */
export const GITLAB_SIGNED_IN_LIMIT = 2000;
export const GITLAB_ANONYMOUS_LIMIT = 500;

/** Counts requests per caller in one-minute windows and gives GitLab's `RateLimit-*` headers. */
export class GitLabRateLimits {
  readonly #windows = new Map<string | number, { reset: number; used: number }>();

  /** `signedInLimit`: the authenticated budget a minute, GitLab.com's 2,000 by default; a
   * self-managed instance sets its own (Admin area, Settings, Network, "User and IP rate
   * limits"), where it is off by default. */
  constructor(
    private readonly now: () => number = Date.now,
    private readonly signedInLimit = GITLAB_SIGNED_IN_LIMIT,
  ) {}

  /** Counts one request of `caller`; its headers, and whether the budget is spent. */
  take(caller: string | number, signedIn: boolean) {
    const seconds = Math.floor(this.now() / 1000);
    let window = this.#windows.get(caller);
    if (!window || window.reset <= seconds) {
      window = { reset: seconds - (seconds % 60) + 60, used: 0 };
      this.#windows.set(caller, window);
    }
    window.used += 1;
    const limit = signedIn ? this.signedInLimit : GITLAB_ANONYMOUS_LIMIT;
    return {
      exceeded: window.used > limit,
      retryAfter: Math.max(1, window.reset - seconds),
      headers: rateLimitHeaders(
        signedIn ? 'throttle_authenticated_api' : 'throttle_unauthenticated_api',
        limit,
        window.used,
        window.reset,
      ),
    };
  }
}

/** The `RateLimit-*` headers of a throttle `name` with `used` of `limit` until `reset` (seconds). */
export function rateLimitHeaders(name: string, limit: number, used: number, reset: number) {
  return {
    'ratelimit-name': name,
    'ratelimit-limit': String(limit),
    'ratelimit-observed': String(used),
    'ratelimit-remaining': String(Math.max(0, limit - used)),
    'ratelimit-reset': String(reset),
    'ratelimit-resettime': new Date(reset * 1000).toUTCString(),
  };
}
