import { type FolderHandle } from '@inkstone/core';

/** A folder the browser's directory picker gave: the core's handle, with the permission and
 * identity calls of the File System Access API (not in TypeScript's DOM types). */
export interface BrowserFolderHandle extends FolderHandle {
  queryPermission(descriptor: { mode: 'readwrite' }): Promise<PermissionState>;
  requestPermission(descriptor: { mode: 'readwrite' }): Promise<PermissionState>;
  isSameEntry(other: BrowserFolderHandle): Promise<boolean>;
}

// The folders' handles, kept in IndexedDB (handles are structured-cloneable, not JSON), by
// the workspace's folder key. Apart from the workspaces' databases: a reset of one workspace
// keeps the others' folders.
const DB_NAME = 'inkstone-folders';
const STORE = 'handles';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('The folders could not be read.'));
  });
}

async function run<T>(
  mode: IDBTransactionMode,
  act: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = act(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('The folders could not be read.'));
    });
  } finally {
    db.close();
  }
}

/** Keeps a folder's handle under its key. */
export const saveFolderHandle = (key: string, handle: BrowserFolderHandle): Promise<void> =>
  run('readwrite', (store) => store.put(handle, key)).then(() => undefined);

/** A folder's handle by its key; undefined when this browser has none. */
export const loadFolderHandle = (key: string): Promise<BrowserFolderHandle | undefined> =>
  run('readonly', (store) => store.get(key) as IDBRequest<BrowserFolderHandle | undefined>);

/** The key of a folder already kept (the same folder picked again), if any. */
export async function findFolderKey(handle: BrowserFolderHandle): Promise<string | undefined> {
  const keys = (await run('readonly', (store) => store.getAllKeys())) as string[];
  for (const key of keys) {
    const known = await loadFolderHandle(key);
    if (known && (await known.isSameEntry(handle))) return key;
  }
  return undefined;
}
