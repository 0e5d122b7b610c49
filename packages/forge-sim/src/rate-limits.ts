/** The hourly budget GitHub gives a signed-in user, and an anonymous address. */
export const SIGNED_IN_LIMIT = 5000;
export const ANONYMOUS_LIMIT = 60;

/** Counts requests per caller in hourly windows and gives GitHub's `x-ratelimit-*` headers. */
export class RateLimits {
  readonly #windows = new Map<string | number, { reset: number; used: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts one request of `caller` and gives the headers of its answer. */
  take(caller: string | number, signedIn: boolean): Record<string, string> {
    const seconds = Math.floor(this.now() / 1000);
    let window = this.#windows.get(caller);
    if (!window || window.reset <= seconds) {
      window = { reset: seconds + 3600, used: 0 };
      this.#windows.set(caller, window);
    }
    window.used += 1;
    const limit = signedIn ? SIGNED_IN_LIMIT : ANONYMOUS_LIMIT;
    return {
      'x-ratelimit-limit': String(limit),
      'x-ratelimit-remaining': String(Math.max(0, limit - window.used)),
      'x-ratelimit-reset': String(window.reset),
      'x-ratelimit-used': String(window.used),
      'x-ratelimit-resource': 'core',
    };
  }
}
