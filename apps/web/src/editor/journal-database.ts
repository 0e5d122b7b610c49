import type { JournalSelection } from './unsaved-journal';

/** The IndexedDB database of the unsaved-changes journals of every workspace (one entry per tab
 * and workspace). Reset application deletes it with the workspaces' databases. */
export const JOURNAL_DB_NAME = 'inkstone-journal';

const STORE = 'entries';
const BY_FILE = 'file';

/** One tab's journal as stored: the text typed in `fileId` of the workspace whose database is
 * `workspace`, over the saved text it edits, written at `at` (ms since the epoch). */
export interface JournalEntry {
  key: string;
  workspace: string;
  fileId: string;
  baseText: string;
  text: string;
  /** Where the caret was in `text` (Journal.selection); absent in older entries. */
  selection?: JournalSelection;
  at: number;
}

/** Reads and writes journal entries in IndexedDB. Each call runs in a transaction of its own, in
 * the order of the calls (IndexedDB runs read-write transactions on one store in the order they
 * were created), and a write is committed at once, so that one started as the page goes away
 * does not wait for the page's next task to be sent. */
export class JournalDatabase {
  private opening: Promise<IDBDatabase> | undefined;

  /** `factory`: the browser's IndexedDB when not given. */
  constructor(private readonly factory?: IDBFactory) {}

  /** Stores `entry` in place of the one of the same key. */
  async put(entry: JournalEntry): Promise<void> {
    await this.write((store) => store.put(entry));
  }

  /** Stores `entry` unless an entry of the same key written later is stored. */
  async putIfNewer(entry: JournalEntry): Promise<void> {
    await this.write((store) => {
      const known = store.get(entry.key);
      known.onsuccess = () => {
        const stored = known.result as JournalEntry | undefined;
        if (!stored || stored.at < entry.at) store.put(entry);
      };
      return known;
    }, false);
  }

  /** Removes the entry of `key`, if any. */
  async delete(key: string): Promise<void> {
    await this.write((store) => store.delete(key));
  }

  /** Removes every entry of the workspace whose database is `workspace` (it was deleted). */
  async deleteWorkspace(workspace: string): Promise<void> {
    if (!this.indexedDB()) return;
    await this.write((store) => {
      // The keys only (a few entries, each maybe a long text): [workspace, fileId] of each.
      const cursor = store.index(BY_FILE).openKeyCursor();
      cursor.onsuccess = () => {
        const at = cursor.result;
        if (!at) return;
        if ((at.key as string[])[0] === workspace) store.delete(at.primaryKey);
        at.continue();
      };
      return cursor;
    }, false);
  }

  /** Every entry of the file `fileId` of the workspace whose database is `workspace`. */
  async entriesOf(workspace: string, fileId: string): Promise<JournalEntry[]> {
    // (Without IndexedDB nothing was written in it.)
    if (!this.indexedDB()) return [];
    const db = await this.open();
    const index = db.transaction(STORE, 'readonly').objectStore(STORE).index(BY_FILE);
    return done(index.getAll([workspace, fileId])) as Promise<JournalEntry[]>;
  }

  /** Closes the connection (opened again when next needed). */
  close(): void {
    const opening = this.opening;
    this.opening = undefined;
    opening?.then((db) => db.close()).catch(() => {});
  }

  // Runs `request` in a read-write transaction; committed at once when `commitNow` (a request
  // that makes more requests as it succeeds cannot be).
  private async write(
    request: (store: IDBObjectStore) => IDBRequest,
    commitNow = true,
  ): Promise<void> {
    const db = await this.open();
    const transaction = db.transaction(STORE, 'readwrite');
    request(transaction.objectStore(STORE));
    const finished = committed(transaction);
    // (Sent now rather than when the page's task ends: a page going away may have no next task.)
    if (commitNow) transaction.commit?.();
    await finished;
  }

  private open(): Promise<IDBDatabase> {
    this.opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      const factory = this.indexedDB();
      if (!factory) throw new Error('This browser has no IndexedDB.');
      const request = factory.open(JOURNAL_DB_NAME, 1);
      request.onupgradeneeded = () => {
        const store = request.result.createObjectStore(STORE, { keyPath: 'key' });
        store.createIndex(BY_FILE, ['workspace', 'fileId']);
      };
      request.onsuccess = () => {
        const db = request.result;
        // Another tab deletes the database (Reset application): let it.
        db.onversionchange = () => {
          db.close();
          this.opening = undefined;
        };
        resolve(db);
      };
      request.onerror = () =>
        reject(request.error ?? new Error('The journal could not be opened.'));
    });
    const opening = this.opening;
    // A failed opening is tried again at the next call.
    opening.catch(() => {
      if (this.opening === opening) this.opening = undefined;
    });
    return opening;
  }

  private indexedDB(): IDBFactory | undefined {
    return this.factory ?? (typeof indexedDB === 'undefined' ? undefined : indexedDB);
  }
}

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('A journal request failed.'));
  });
}

function committed(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    const fail = () => reject(transaction.error ?? new Error('A journal write failed.'));
    transaction.onerror = fail;
    transaction.onabort = fail;
  });
}
