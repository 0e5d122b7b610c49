// Reset application (spec interface §4): a confirmation, then a flag and a reload; the next start
// deletes every local database before anything opens one.

import { DB_NAME } from '@inkstone/core';
import { JOURNAL_DB_NAME } from '../editor/journal-database';

/** The localStorage key of the reset flag. Like every key of the app, it starts with
 * {@link APP_STORAGE_PREFIX}. */
export const RESET_FLAG_KEY = 'inkstone-reset';
/** What the app's localStorage keys start with (`inkstone-db:unsaved:…`, `inkstone-reset`…). */
export const APP_STORAGE_PREFIX = 'inkstone';

/** Shown when the databases could not be deleted at start. */
export const RESET_FAILED =
  'The application could not be reset: its data could not be deleted. It tries again at the next start.';

/** Shown when the reset flag could not be stored (the browser's storage is full or blocked): the
 * page is not reloaded, nothing is deleted. */
export const RESET_NOT_REQUESTED =
  'The application could not be reset: this browser refused to store the request.';

/** Stores the reset flag and reloads the page; the reset itself runs at the next start. */
export function requestReset(storage: Storage = localStorage, reload = () => location.reload()) {
  storage.setItem(RESET_FLAG_KEY, String(Date.now()));
  reload();
}

/** What the reset needs of the browser. */
export interface ResetEnvironment {
  storage: Storage;
  indexedDB: Pick<IDBFactory, 'deleteDatabase'> & { databases?: IDBFactory['databases'] };
}

/** Whether a database is one of the app's: `inkstone-db` or `inkstone-db-{workspaceId}`. */
export function isAppDatabase(name: string): boolean {
  return name === DB_NAME || name.startsWith(`${DB_NAME}-`);
}

/**
 * At start, before any workspace opens: when the reset flag is set, deletes the local database of
 * every workspace, the unsaved-changes journal's (JOURNAL_DB_NAME) and every localStorage key of
 * the app (the flag with them). Resolves to whether it reset. The flag goes last, so a reset cut
 * short runs again at the next start.
 */
export async function resetIfRequested(env: ResetEnvironment): Promise<boolean> {
  if (env.storage.getItem(RESET_FLAG_KEY) === null) return false;
  const listed = env.indexedDB.databases ? await env.indexedDB.databases() : [];
  const names = new Set([
    DB_NAME,
    JOURNAL_DB_NAME,
    ...listed.map((db) => db.name ?? '').filter(isAppDatabase),
  ]);
  await Promise.all([...names].map((name) => deleteDatabase(env.indexedDB, name)));
  for (const key of Object.keys(env.storage)) {
    if (key.startsWith(APP_STORAGE_PREFIX) && key !== RESET_FLAG_KEY) env.storage.removeItem(key);
  }
  env.storage.removeItem(RESET_FLAG_KEY);
  return true;
}

function deleteDatabase(factory: ResetEnvironment['indexedDB'], name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = factory.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new Error(`Could not delete ${name}.`));
    // Another tab still holds it open: it is told to close (and reloads); deletion then goes on.
  });
}
