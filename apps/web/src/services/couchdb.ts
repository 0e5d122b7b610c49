import {
  type CouchdbCredentials,
  CouchdbWorkspaceProvider,
  HttpClient,
  type Timers,
} from '@inkstone/core';
import { browserTimers } from './broadcast-signal';

/** What checking a database found: the credentials given on the way, if any were asked. */
export interface CouchdbCheck {
  credentials?: CouchdbCredentials;
}

/**
 * Reads a CouchDB database as the add-workspace dialog does before adding it (spec providers
 * §5): a 401 calls `askCredentials` (the couchdbCredentials dialog) and logs in. Rejects with
 * the provider's errors, the not-accessible message among them.
 */
export async function checkCouchdbDatabase(
  dbUrl: string,
  askCredentials: () => Promise<CouchdbCredentials>,
  timers: Timers = browserTimers,
): Promise<CouchdbCheck> {
  const check: CouchdbCheck = {};
  const http = new HttpClient({
    fetch: (url, init) => fetch(url, init as RequestInit),
    withCredentials: true,
    timers,
  });
  const provider = new CouchdbWorkspaceProvider({
    dbUrl,
    http,
    timers,
    credentials: async () => {
      check.credentials = await askCredentials();
      return check.credentials;
    },
  });
  await provider.checkDatabase();
  return check;
}
