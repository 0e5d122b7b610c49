import { type ImageItem, type Item } from '../items/types.js';
import {
  type ChangeBatch,
  type ItemRepository,
  type ItemUpdater,
  type LocalRevision,
  type StoredItem,
  TOMBSTONE_KEEP_TX,
  type UpdateCompanions,
  type UpdateResult,
} from './repository.js';
import { checkCompanions, isTombstone, type Row, tombstone } from './stored-row.js';

// Structured clone stand-in: what IndexedDB gives back is never the object that was put.
const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** An in-memory database shared by several `MemoryRepository` connections, as IndexedDB is shared
 * by the tabs of a browser. */
export class MemoryDatabase {
  /** @internal */ readonly rows = new Map<string, Row>();
  /** @internal */ readonly images = new Map<string, ImageItem>();
  /** @internal */ tx = 0;
  /** @internal */ readonly revisions = new Map<string, LocalRevision>();
  /** @internal */ readonly revisionTexts = new Map<string, string>();
  /** @internal */ readonly versionListeners = new Set<() => void>();

  constructor(readonly name: string) {}

  /** Opens a connection, as one tab does. */
  connect(): MemoryRepository {
    return new MemoryRepository(this);
  }

  /** Simulates a schema upgrade by another tab: every connection is told. */
  upgrade(): void {
    for (const listener of [...this.versionListeners]) listener();
  }
}

/** One connection to a `MemoryDatabase`: the in-memory `ItemRepository` used in tests. */
export class MemoryRepository implements ItemRepository {
  private readonly written = new Set<number>();

  constructor(private readonly db: MemoryDatabase) {}

  get name(): string {
    return this.db.name;
  }

  async get<T extends Item = Item>(id: string): Promise<StoredItem<T> | undefined> {
    await Promise.resolve();
    const row = this.db.rows.get(id);
    return row && !isTombstone(row) ? (copy(row) as unknown as StoredItem<T>) : undefined;
  }

  async getAll(type?: Item['type']): Promise<StoredItem[]> {
    await Promise.resolve();
    const items: StoredItem[] = [];
    for (const row of this.db.rows.values()) {
      if (!isTombstone(row) && (type === undefined || row.type === type)) items.push(copy(row));
    }
    return items;
  }

  async put(items: readonly Item[]): Promise<number> {
    await Promise.resolve();
    if (items.length === 0) return 0;
    const tx = this.nextTx();
    for (const item of items) this.db.rows.set(item.id, { ...copy(item), tx });
    return tx;
  }

  async delete(ids: readonly string[]): Promise<number> {
    await Promise.resolve();
    const present = ids.filter((id) => {
      const row = this.db.rows.get(id);
      return row !== undefined && !isTombstone(row);
    });
    if (present.length === 0) return 0;
    const tx = this.nextTx();
    for (const id of present) this.db.rows.set(id, tombstone(id, tx));
    this.purgeTombstones();
    return tx;
  }

  async update<T extends Item>(
    id: string,
    updater: ItemUpdater<T>,
  ): Promise<StoredItem<T> | undefined> {
    return (await this.updateWith(id, updater, () => [])).item;
  }

  async updateWith<T extends Item>(
    id: string,
    updater: ItemUpdater<T>,
    companions: UpdateCompanions<T>,
  ): Promise<UpdateResult<T>> {
    await Promise.resolve();
    const row = this.db.rows.get(id);
    const current = row && !isTombstone(row) ? (copy(row) as unknown as StoredItem<T>) : undefined;
    // Everything is worked out before anything is written: a throw leaves the database as it was.
    const next = updater(current);
    if (next !== undefined && next.id !== id) {
      throw new Error(`update(${id}) returned an item with id ${next.id}.`);
    }
    const others = checkCompanions(id, companions(next ?? current));
    if (next === undefined && others.length === 0) return { item: current, tx: 0 };
    const tx = this.nextTx();
    for (const item of others) this.db.rows.set(item.id, { ...copy(item), tx });
    if (next === undefined) return { item: current, tx };
    const stored = { ...copy(next), tx } as StoredItem<T>;
    this.db.rows.set(id, stored);
    return { item: copy(stored), tx };
  }

  async currentTx(): Promise<number> {
    await Promise.resolve();
    return this.db.tx;
  }

  async changesSince(tx: number): Promise<ChangeBatch> {
    await Promise.resolve();
    const items: StoredItem[] = [];
    const deletedIds: string[] = [];
    const ownTx = new Set<number>();
    for (const row of this.db.rows.values()) {
      if (row.tx <= tx) continue;
      if (this.written.has(row.tx)) ownTx.add(row.tx);
      else if (isTombstone(row)) deletedIds.push(row.id);
      else items.push(copy(row));
    }
    items.sort((a, b) => a.tx - b.tx);
    return { tx: Math.max(tx, this.db.tx), items, deletedIds, ownTx };
  }

  async getImage(id: string): Promise<ImageItem | undefined> {
    await Promise.resolve();
    const image = this.db.images.get(id);
    return image && copy(image);
  }

  async putImage(image: ImageItem): Promise<void> {
    await Promise.resolve();
    this.db.images.set(image.id, copy(image));
  }

  async deleteImage(id: string): Promise<void> {
    await Promise.resolve();
    this.db.images.delete(id);
  }

  async getAllImages(): Promise<ImageItem[]> {
    await Promise.resolve();
    return [...this.db.images.values()].map(copy);
  }

  async eachImage(visit: (image: ImageItem) => void): Promise<void> {
    await Promise.resolve();
    for (const image of [...this.db.images.values()]) visit(copy(image));
  }

  async putRevision(revision: LocalRevision, text: string): Promise<void> {
    await Promise.resolve();
    this.db.revisions.set(revision.id, copy(revision));
    this.db.revisionTexts.set(revision.id, text);
  }

  async listRevisions(fileId?: string): Promise<LocalRevision[]> {
    await Promise.resolve();
    return [...this.db.revisions.values()]
      .filter((revision) => fileId === undefined || revision.fileId === fileId)
      .sort((a, b) => a.time - b.time || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map(copy);
  }

  async getRevisionText(id: string): Promise<string | undefined> {
    await Promise.resolve();
    return this.db.revisionTexts.get(id);
  }

  async deleteRevisions(ids: readonly string[]): Promise<void> {
    await Promise.resolve();
    for (const id of ids) {
      this.db.revisions.delete(id);
      this.db.revisionTexts.delete(id);
    }
  }

  onVersionChange(listener: () => void): () => void {
    this.db.versionListeners.add(listener);
    return () => this.db.versionListeners.delete(listener);
  }

  close(): void {}

  private nextTx(): number {
    this.db.tx += 1;
    this.written.add(this.db.tx);
    return this.db.tx;
  }

  private purgeTombstones(): void {
    for (const [id, row] of this.db.rows) {
      if (isTombstone(row) && row.tx < this.db.tx - TOMBSTONE_KEEP_TX) this.db.rows.delete(id);
    }
  }
}
