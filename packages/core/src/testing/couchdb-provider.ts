// What the CouchDB provider's tests share: Node's own fetch and timers as ports, and a provider
// over a database of the in-process server.
import { type Timers } from '../ports/timers.js';
import { type FetchInit, type FetchPort, HttpClient } from '../sync/http-client.js';
import { type CouchdbCredentialsPort } from '../providers/couchdb/session.js';
import { CouchdbWorkspaceProvider } from '../providers/couchdb/couchdb-workspace-provider.js';

/** Node's timers as the Timers port. */
export const nodeTimers: Timers = {
  set(callback, delay) {
    const timer = setTimeout(callback, delay);
    return () => clearTimeout(timer);
  },
  now: () => Date.now(),
};

/** Node's real `fetch` as the FetchPort. */
export const nodeFetch: FetchPort = (url: string, init: FetchInit) =>
  fetch(url, init as RequestInit);

/** What a test provider may be given. */
export interface TestProviderOptions {
  /** Answers the login dialog (default: rejects, as a cancelled dialog). */
  credentials?: CouchdbCredentialsPort;
  pageSize?: number;
  sub?: string;
  fetch?: FetchPort;
}

/** A provider over `dbUrl` through Node's fetch and timers. */
export function couchdbProvider(
  dbUrl: string,
  options: TestProviderOptions = {},
): CouchdbWorkspaceProvider {
  const fetch = options.fetch ?? nodeFetch;
  const http = new HttpClient({ fetch, timers: nodeTimers, random: () => 0 });
  return new CouchdbWorkspaceProvider({
    dbUrl,
    http,
    credentials:
      options.credentials ?? (() => Promise.reject(new Error('No dialog in this test.'))),
    timers: nodeTimers,
    pageSize: options.pageSize,
    sub: options.sub,
  });
}
