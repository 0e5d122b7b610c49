import { Dexie, type Table } from 'dexie';
import { DB_VERSION } from '../constants.js';
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

/** The IndexedDB implementation to use: the browser's own, or fake-indexeddb in tests. Core never
 * reaches for the global itself. */
export interface IndexedDbFactory {
  indexedDB: unknown;
  IDBKeyRange: unknown;
}

/** The schema of spec core §9: an objects store and an images store. Objects are indexed by
 * type, and by the number of the transaction that last wrote them. Version 4 (ours, beyond the
 * spec's 3) adds the local revisions: `revisions` (by file, by time) and their texts apart in
 * `revisionTexts`, so that listing and thinning read no text. Upgrading keeps every store. */
export const DEXIE_SCHEMA = {
  objects: 'id, type, tx',
  images: 'id',
  revisions: 'id, fileId, time',
  revisionTexts: 'id',
} as const;

class InkstoneDexie extends Dexie {
  objects!: Table<Row, string>;
  images!: Table<ImageItem, string>;
  revisions!: Table<LocalRevision, string>;
  revisionTexts!: Table<{ id: string; text: string }, string>;

  constructor(name: string, factory: IndexedDbFactory) {
    super(name, {
      indexedDB: factory.indexedDB as DexieIndexedDb,
      IDBKeyRange: factory.IDBKeyRange as DexieKeyRange,
      cache: 'disabled',
    });
    this.version(DB_VERSION).stores(DEXIE_SCHEMA);
  }
}

type DexieIndexedDb = NonNullable<ConstructorParameters<typeof Dexie>[1]>['indexedDB'];
type DexieKeyRange = NonNullable<ConstructorParameters<typeof Dexie>[1]>['IDBKeyRange'];

/** The `ItemRepository` over IndexedDB, through Dexie. One instance is one tab's connection. */
export class DexieRepository implements ItemRepository {
  private readonly db: InkstoneDexie;
  private readonly written = new Set<number>();

  constructor(
    readonly name: string,
    factory: IndexedDbFactory,
  ) {
    this.db = new InkstoneDexie(name, factory);
  }

  /** Opens the database, creating or upgrading it; fails with the browser's reason. */
  async open(): Promise<this> {
    await this.db.open();
    return this;
  }

  async get<T extends Item = Item>(id: string): Promise<StoredItem<T> | undefined> {
    const row = await this.db.objects.get(id);
    return row && !isTombstone(row) ? (row as unknown as StoredItem<T>) : undefined;
  }

  async getAll(type?: Item['type']): Promise<StoredItem[]> {
    const rows =
      type === undefined
        ? await this.db.objects.toArray()
        : await this.db.objects.where('type').equals(type).toArray();
    return rows.filter((row): row is StoredItem => !isTombstone(row));
  }

  async put(items: readonly Item[]): Promise<number> {
    if (items.length === 0) return 0;
    return this.db.transaction('rw', this.db.objects, async () => {
      const tx = await this.nextTx();
      await this.db.objects.bulkPut(items.map((item) => ({ ...item, tx })));
      return tx;
    });
  }

  async delete(ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    return this.db.transaction('rw', this.db.objects, async () => {
      const rows = await this.db.objects.bulkGet([...ids]);
      const present = rows.filter((row): row is StoredItem => !!row && !isTombstone(row));
      if (present.length === 0) return 0;
      const tx = await this.nextTx();
      await this.db.objects.bulkPut(present.map((row) => tombstone(row.id, tx)));
      await this.db.objects
        .where('tx')
        .below(tx - TOMBSTONE_KEEP_TX)
        .filter((row) => isTombstone(row))
        .delete();
      return tx;
    });
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
    known?: StoredItem<T>,
  ): Promise<UpdateResult<T>> {
    return this.db.transaction('rw', this.db.objects, async () => {
      const current = await this.current(id, known);
      const next = updater(current);
      if (next !== undefined && next.id !== id) {
        throw new Error(`update(${id}) returned an item with id ${next.id}.`);
      }
      const others = checkCompanions(id, companions(next ?? current));
      if (next === undefined && others.length === 0) return { item: current, tx: 0 };
      const tx = await this.nextTx();
      const stored = next === undefined ? current : ({ ...next, tx } as StoredItem<T>);
      const rows = [...(next === undefined ? [] : [next]), ...others];
      // (A throw above, or a failed write here, aborts the transaction: nothing is written.)
      await this.db.objects.bulkPut(rows.map((item) => ({ ...item, tx })));
      return { item: stored, tx };
    });
  }

  async currentTx(): Promise<number> {
    return this.lastTx();
  }

  async changesSince(tx: number): Promise<ChangeBatch> {
    // Index keys first: this connection's own writes (a long text saved a moment ago) are
    // reported by number without reading them back.
    const found: { id: string; tx: number }[] = [];
    await this.db.objects
      .where('tx')
      .above(tx)
      .eachKey((key, cursor) => {
        found.push({ id: cursor.primaryKey as string, tx: key as number });
      });
    const ownTx = new Set<number>();
    const others: string[] = [];
    let highest = tx;
    for (const { id, tx: rowTx } of found) {
      highest = Math.max(highest, rowTx);
      if (this.written.has(rowTx)) ownTx.add(rowTx);
      else others.push(id);
    }
    const rows = await this.db.objects.bulkGet(others);
    const items: StoredItem[] = [];
    const deletedIds: string[] = [];
    for (const row of rows) {
      // Written again since the keys were read: the next check reports it.
      if (!row || row.tx <= tx) continue;
      if (isTombstone(row)) deletedIds.push(row.id);
      else items.push(row);
    }
    items.sort((a, b) => a.tx - b.tx);
    for (const written of this.written) if (written <= tx) this.written.delete(written);
    return { tx: highest, items, deletedIds, ownTx };
  }

  getImage(id: string): Promise<ImageItem | undefined> {
    return this.db.images.get(id);
  }

  async putImage(image: ImageItem): Promise<void> {
    await this.db.images.put(image);
  }

  async deleteImage(id: string): Promise<void> {
    await this.db.images.delete(id);
  }

  getAllImages(): Promise<ImageItem[]> {
    return this.db.images.toArray();
  }

  async eachImage(visit: (image: ImageItem) => void): Promise<void> {
    await this.db.images.each((image) => visit(image));
  }

  async putRevision(revision: LocalRevision, text: string): Promise<void> {
    await this.db.transaction('rw', this.db.revisions, this.db.revisionTexts, async () => {
      await this.db.revisionTexts.put({ id: revision.id, text });
      await this.db.revisions.put(revision);
    });
  }

  async listRevisions(fileId?: string): Promise<LocalRevision[]> {
    const rows =
      fileId === undefined
        ? await this.db.revisions.toArray()
        : await this.db.revisions.where('fileId').equals(fileId).toArray();
    return rows.sort((a, b) => a.time - b.time || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  async getRevisionText(id: string): Promise<string | undefined> {
    return (await this.db.revisionTexts.get(id))?.text;
  }

  async deleteRevisions(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.transaction('rw', this.db.revisions, this.db.revisionTexts, async () => {
      await this.db.revisions.bulkDelete([...ids]);
      await this.db.revisionTexts.bulkDelete([...ids]);
    });
  }

  onVersionChange(listener: () => void): () => void {
    // Dexie then closes this connection, so the upgrade is not blocked; the caller reloads.
    const handler = () => {
      listener();
    };
    this.db.on('versionchange', handler);
    return () => this.db.on('versionchange').unsubscribe(handler);
  }

  close(): void {
    this.db.close();
  }

  // The highest transaction number written, read from the index alone: the row that holds it
  // (often a long text just saved) is not read.
  private async lastTx(): Promise<number> {
    const last = await this.db.objects.orderBy('tx').lastKey();
    return typeof last === 'number' ? last : 0;
  }

  // Item `id` as stored now (undefined when there is none), inside the caller's transaction.
  // `known` stands for it when the row still has `known`'s transaction number: that is looked up
  // in the `tx` index (the few keys of that one transaction), where reading the row would copy
  // a long text out of the database on every save.
  private async current<T extends Item>(
    id: string,
    known: StoredItem<T> | undefined,
  ): Promise<StoredItem<T> | undefined> {
    if (known?.id === id) {
      const sameTx = await this.db.objects.where('tx').equals(known.tx).primaryKeys();
      if (sameTx.includes(id)) return known;
    }
    const row = await this.db.objects.get(id);
    return row && !isTombstone(row) ? (row as unknown as StoredItem<T>) : undefined;
  }

  // Must run inside a rw transaction on objects: IndexedDB serialises those across tabs, so the
  // highest number read here cannot be taken by anyone else before this transaction commits.
  private async nextTx(): Promise<number> {
    const tx = (await this.lastTx()) + 1;
    this.written.add(tx);
    return tx;
  }
}

/** Opens the Dexie repository of a database name (see `databaseName`). */
export async function openDexieRepository(
  name: string,
  factory: IndexedDbFactory,
): Promise<DexieRepository> {
  return new DexieRepository(name, factory).open();
}
