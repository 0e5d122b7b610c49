import { HttpClient } from '@inkstone/core';
import { browserTimers } from './broadcast-signal';

/** The core's HttpClient over the page's fetch and timers, without cookies: the forges' APIs
 * take the token, never credentials (CouchDB, which signs in by cookie, makes its own). */
export function browserHttpClient(): HttpClient {
  return new HttpClient({
    fetch: (url, init) => fetch(url, init as RequestInit),
    timers: browserTimers,
  });
}
