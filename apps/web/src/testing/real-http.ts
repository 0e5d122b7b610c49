import { HttpClient } from '@inkstone/core';

// For unit tests that talk to a real server in the same process (forge-sim, the app's server):
// the core's HttpClient over the runtime's own fetch and timers, as the app makes it in a browser.

/** Real timers, as the HttpClient port takes them. */
export const realTimers = {
  set: (callback: () => void, delay: number): (() => void) => {
    const handle = setTimeout(callback, delay);
    return () => clearTimeout(handle);
  },
  now: (): number => Date.now(),
};

/** An HttpClient over the runtime's fetch and real timers. */
export function realHttpClient(): HttpClient {
  return new HttpClient({
    fetch: (url, init) => fetch(url, init as RequestInit),
    timers: realTimers,
  });
}
