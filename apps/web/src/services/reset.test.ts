import { describe, expect, it } from 'vitest';
import { isAppDatabase, RESET_FLAG_KEY, requestReset, resetIfRequested } from './reset';

// A Storage whose own enumerable properties are its keys, as localStorage's are (the reset lists
// them with Object.keys); the methods are not enumerable.
function memoryStorage(entries: Record<string, string> = {}): Storage {
  const storage = { ...entries } as Record<string, string>;
  const methods = {
    getItem: (key: string) => (Object.hasOwn(storage, key) ? storage[key]! : null),
    setItem: (key: string, value: string) => {
      storage[key] = value;
    },
    removeItem: (key: string) => {
      delete storage[key];
    },
  };
  for (const [name, value] of Object.entries(methods)) {
    Object.defineProperty(storage, name, { value, enumerable: false });
  }
  return storage as unknown as Storage;
}

function fakeIndexedDb(names: string[]) {
  const deleted: string[] = [];
  return {
    deleted,
    databases: () => Promise.resolve(names.map((name) => ({ name, version: 3 }))),
    deleteDatabase: (name: string) => {
      const request = {} as IDBOpenDBRequest;
      queueMicrotask(() => {
        deleted.push(name);
        request.onsuccess?.call(request, new Event('success'));
      });
      return request;
    },
  };
}

describe('reset application', () => {
  it('stores the flag, then reloads', () => {
    const storage = memoryStorage();
    let reloaded = false;
    requestReset(storage, () => {
      reloaded = true;
    });
    expect(storage.getItem(RESET_FLAG_KEY)).not.toBeNull();
    expect(reloaded).toBe(true);
  });

  it('does nothing at start without the flag', async () => {
    const idb = fakeIndexedDb(['inkstone-db']);
    expect(await resetIfRequested({ storage: memoryStorage(), indexedDB: idb })).toBe(false);
    expect(idb.deleted).toEqual([]);
  });

  it("deletes every workspace's database, the unsaved-changes journal's and the app's keys, then clears the flag", async () => {
    const idb = fakeIndexedDb(['inkstone-db', 'inkstone-db-abc', 'other-app']);
    const keys = {
      [RESET_FLAG_KEY]: '1',
      'inkstone-db:unsaved:x': '{}',
      'inkstone-storage-warning-dismissed': '1',
      'someone-else': 'kept',
    };
    const env = { storage: memoryStorage(keys), indexedDB: idb };
    expect(await resetIfRequested(env)).toBe(true);
    expect(idb.deleted.sort()).toEqual(['inkstone-db', 'inkstone-db-abc', 'inkstone-journal']);
    expect(env.storage.getItem(RESET_FLAG_KEY)).toBeNull();
    expect(env.storage.getItem('inkstone-db:unsaved:x')).toBeNull();
    expect(env.storage.getItem('someone-else')).toBe('kept');
  });

  it('knows the app databases by name', () => {
    expect(isAppDatabase('inkstone-db')).toBe(true);
    expect(isAppDatabase('inkstone-db-w1')).toBe(true);
    expect(isAppDatabase('inkstone-dbx')).toBe(false);
  });
});
