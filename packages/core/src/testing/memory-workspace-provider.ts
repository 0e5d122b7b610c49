import { HttpError, NetworkError } from '../sync/http-client.js';
import {
  type ChangesPage,
  type RemoteChange,
  type SaveEntry,
  type SaveResult,
  type SyncData,
  TooLateError,
  type WorkspaceProvider,
} from '../sync/workspace-provider.js';
import { type ContentItem, type Item } from '../items/types.js';

/** The calls of a `WorkspaceProvider`, as fault injection names them. */
export type ProviderCall =
  'getChanges' | 'saveItem' | 'saveItems' | 'removeItem' | 'downloadContent' | 'uploadContent';

/** A fault the memory remote can inject into a call:
 * - `timeout`, `server` (a 503), `offline`: the call fails before the remote acts;
 * - `tooLate`: the same, with `TooLateError`; in a batch save, the last entry is refused as
 *   changed meanwhile and the others are saved (another client wrote that item just before);
 * - `lostReply`: the remote applies the call, then the call fails with a time-out;
 * - `hang`: the call never settles (a tab closed mid-sync). */
export type ProviderFault = 'timeout' | 'server' | 'tooLate' | 'offline' | 'lostReply' | 'hang';

/** Decides the fault of one call (undefined: none). */
export type FaultInjector = (call: ProviderCall) => ProviderFault | undefined;

interface Entry {
  item: Item | null;
  rev: number;
  seq: number;
}

const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const noHeaders = { get: () => null };

/** What a connection to the memory remote offers beyond the required calls. */
export interface MemoryConnectionOptions {
  /** Whether it has the batch save `saveItems` (default true), as CouchDB's `_bulk_docs`. */
  batch?: boolean;
}

/** An in-memory remote workspace for tests and the simulation: items in a map with a revision
 * each (a stale revision is refused with `TooLateError`, as CouchDB answers 409), changes read
 * by an opaque cursor in pages of `pageSize`, and faults injected per call (a batch save is one
 * call). Several clients share one instance, each through `connect(faults)`. */
export class MemoryWorkspaceProvider {
  private readonly entries = new Map<string, Entry>();
  private seq = 0;

  constructor(readonly pageSize = 5) {}

  /** A connection whose calls go through `faults`: what one client sees of the remote. */
  connect(
    faults: FaultInjector = () => undefined,
    options: MemoryConnectionOptions = {},
  ): WorkspaceProvider {
    const connection = new MemoryConnection(this, faults);
    if (options.batch === false) connection.saveItems = undefined;
    return connection;
  }

  /** Every live item (content with its text), for assertions. */
  snapshot(): Item[] {
    return [...this.entries.values()].flatMap((entry) => (entry.item ? [copy(entry.item)] : []));
  }

  /** @internal */ changes(cursor: string | undefined): ChangesPage {
    const since = cursor === undefined ? 0 : Number(cursor.replace(/^seq-/, ''));
    const pending = [...this.entries.entries()]
      .filter(([, entry]) => entry.seq > since)
      .sort((a, b) => a[1].seq - b[1].seq);
    const page = pending.slice(0, this.pageSize);
    const changes: RemoteChange[] = page.map(([id, entry]) => ({
      itemId: id,
      item: entry.item && stripText(entry.item),
      syncData: entry.item && this.syncData(id, entry),
    }));
    const last = page.length > 0 ? page[page.length - 1]![1].seq : since;
    return { changes, cursor: `seq-${last}`, more: pending.length > page.length };
  }

  /** @internal */ write(item: Item, id: string, syncData: SyncData | undefined): SyncData;
  /** @internal */ write(item: null, id: string, syncData: SyncData | undefined): undefined;
  /** @internal */ write(
    item: Item | null,
    id: string,
    syncData: SyncData | undefined,
  ): SyncData | undefined {
    const current = this.entries.get(id);
    const live = current?.item ? current : undefined;
    // A write must name the revision the remote has: none for a new item, else the current one.
    if ((live ? String(live.rev) : undefined) !== syncData?.rev) throw new TooLateError();
    if (item === null && !live) throw new TooLateError();
    const entry = { item: item && copy(item), rev: (current?.rev ?? 0) + 1, seq: (this.seq += 1) };
    this.entries.set(id, entry);
    return item ? this.syncData(id, entry) : undefined;
  }

  /** @internal */ read(id: string): ContentItem | null {
    const item = this.entries.get(id)?.item;
    return item ? (copy(item) as ContentItem) : null;
  }

  private syncData(id: string, entry: Entry): SyncData {
    return {
      id,
      itemId: id,
      type: entry.item!.type,
      hash: entry.item!.hash,
      rev: String(entry.rev),
    };
  }
}

// The changes feed lists content without its text (see `RemoteChange`).
function stripText(item: Item): Item {
  if (item.type !== 'content') return copy(item);
  return { id: item.id, type: item.type, hash: item.hash } as ContentItem;
}

class MemoryConnection implements WorkspaceProvider {
  readonly id = 'memoryWorkspace';

  constructor(
    private readonly remote: MemoryWorkspaceProvider,
    private readonly faults: FaultInjector,
  ) {}

  getChanges(cursor: string | undefined): Promise<ChangesPage> {
    return this.call('getChanges', () => this.remote.changes(cursor));
  }

  saveItem(item: Item, syncData: SyncData | undefined): Promise<SyncData> {
    return this.call('saveItem', () => this.remote.write(item, item.id, syncData));
  }

  // Each entry is written on its own, as `_bulk_docs` does; a stale one is refused alone.
  saveItems? = (entries: readonly SaveEntry[]): Promise<SaveResult[]> =>
    this.call('saveItems', (fault) =>
      entries.map((entry, index): SaveResult => {
        if (fault === 'tooLate' && index === entries.length - 1) return { tooLate: true };
        try {
          return { syncData: this.remote.write(entry.item, entry.item.id, entry.syncData) };
        } catch (error) {
          if (error instanceof TooLateError) return { tooLate: true };
          throw error;
        }
      }),
    );

  async removeItem(syncData: SyncData): Promise<void> {
    await this.call('removeItem', () => this.remote.write(null, syncData.itemId, syncData));
  }

  downloadContent(fileId: string, syncData: SyncData): Promise<ContentItem | null> {
    return this.call('downloadContent', () => this.remote.read(syncData.itemId));
  }

  uploadContent(content: ContentItem, syncData: SyncData | undefined): Promise<SyncData> {
    return this.call('uploadContent', () => this.remote.write(content, content.id, syncData));
  }

  private async call<T>(name: ProviderCall, run: (fault?: ProviderFault) => T): Promise<T> {
    await Promise.resolve();
    const fault = this.faults(name);
    if (fault === 'hang') return new Promise<T>(() => undefined);
    if (fault === 'timeout') throw new NetworkError('timeout');
    if (fault === 'offline') throw new NetworkError('failed');
    if (fault === 'server') throw new HttpError(503, 'Service Unavailable', noHeaders);
    if (fault === 'tooLate' && name !== 'saveItems') throw new TooLateError();
    const result = run(fault);
    await Promise.resolve();
    if (fault === 'lostReply') throw new NetworkError('timeout');
    return result;
  }
}
