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

/** A provider over `dbUrl` through Node's fetch; `credentials` answers the login dialog. */
export function couchdbProvider(
  dbUrl: string,
  credentials: CouchdbCredentialsPort = () => Promise.reject(new Error('No dialog in this test.')),
  pageSize?: number,
  fetchPort: FetchPort = nodeFetch,
): CouchdbWorkspaceProvider {
  const http = new HttpClient({ fetch: fetchPort, timers: nodeTimers, random: () => 0 });
  return new CouchdbWorkspaceProvider({ dbUrl, http, credentials, timers: nodeTimers, pageSize });
}
