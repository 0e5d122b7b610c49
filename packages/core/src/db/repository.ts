import { type ImageItem, type Item } from '../items/types.js';

/** An item as the local database holds it: with the number of the write transaction that last
 * changed it. Transaction numbers grow by one per write across every tab of a workspace. */
export type StoredItem<T extends Item = Item> = T & { tx: number };

/** What changed in the objects store after a given transaction number. */
export interface ChangeBatch {
  /** The highest transaction number seen; pass it to the next `changesSince`. */
  tx: number;
  /** Items other connections wrote after the given transaction, in their latest state. */
  items: StoredItem[];
  /** Ids of items other connections deleted after the given transaction. */
  deletedIds: string[];
  /** Transaction numbers after the given one that this connection wrote itself (what they
   * wrote is not read back: this connection knows it). */
  ownTx: ReadonlySet<number>;
}

/** A read-modify-write step run inside one database transaction. It must be synchronous: it sees
 * the current item (or undefined) and returns the item to store, or undefined to leave it. */
export type ItemUpdater<T extends Item> = (current: StoredItem<T> | undefined) => T | undefined;

/** The items an `updateWith` writes in the same transaction as the item it updates, given the
 * item that update leaves: the one it writes, or the current one when it writes none (undefined
 * when there is none). Synchronous, like the updater. */
export type UpdateCompanions<T extends Item> = (result: T | undefined) => readonly Item[];

/** What `updateWith` did: the item it left (as `update` resolves to) and the number of its
 * transaction, 0 when it wrote nothing. */
export interface UpdateResult<T extends Item> {
  item: StoredItem<T> | undefined;
  tx: number;
}

/** The local database of one workspace (spec core §3, §4): an objects store of items and an
 * images store. Every implementation passes the same contract suite (`describeRepository`). */
export interface ItemRepository {
  /** Name of the underlying database (`inkstone-db`, with a suffix for non-main workspaces). */
  readonly name: string;
  /** Reads one item. */
  get<T extends Item = Item>(id: string): Promise<StoredItem<T> | undefined>;
  /** Reads every live item, optionally of one type. */
  getAll(type?: Item['type']): Promise<StoredItem[]>;
  /** Writes items in one transaction and returns its number. */
  put(items: readonly Item[]): Promise<number>;
  /** Deletes items in one transaction and returns its number (0 when nothing was there). */
  delete(ids: readonly string[]): Promise<number>;
  /** Atomically reads, changes and writes one item: a concurrent writer in another tab can never
   * slip in between. Resolves to the stored result (or the unchanged current item). */
  update<T extends Item>(id: string, updater: ItemUpdater<T>): Promise<StoredItem<T> | undefined>;
  /** `update`, writing with the item, in the same transaction, the items `companions` gives for
   * it (a text and the caret that goes with it): they are stored together or not at all.
   * `known` is the item as the caller last read or wrote it: while the database still holds that
   * very version (its transaction number unchanged), an implementation may give it to the
   * updater instead of reading the item again, so that saving a long text does not read the
   * whole of it back first. The updater must not change the item it is given. */
  updateWith<T extends Item>(
    id: string,
    updater: ItemUpdater<T>,
    companions: UpdateCompanions<T>,
    known?: StoredItem<T>,
  ): Promise<UpdateResult<T>>;
  /** The highest transaction number written so far. */
  currentTx(): Promise<number>;
  /** Items changed or deleted by other connections after transaction `tx`. */
  changesSince(tx: number): Promise<ChangeBatch>;
  /** Reads an image of the images store. */
  getImage(id: string): Promise<ImageItem | undefined>;
  /** Writes an image. */
  putImage(image: ImageItem): Promise<void>;
  /** Deletes an image. */
  deleteImage(id: string): Promise<void>;
  /** Lists every image. */
  getAllImages(): Promise<ImageItem[]>;
  /** Calls `visit` with every image, one at a time, read through a cursor: the images are
   * never all held at once (what keeps a few hundred megabytes of photos out of memory where
   * only their paths and sizes are wanted). `visit` must not wait on anything (D7). */
  eachImage(visit: (image: ImageItem) => void): Promise<void>;
  /** Local revisions (the `revisions` and `revisionTexts` stores, docs/how-to/history.md):
   * stores one revision and its text together, in one transaction. */
  putRevision(revision: LocalRevision, text: string): Promise<void>;
  /** The revisions of one file, or of every file when none is given, oldest first (without
   * their texts: listing reads no text). */
  listRevisions(fileId?: string): Promise<LocalRevision[]>;
  /** The text of a revision (undefined when it was thinned away). */
  getRevisionText(id: string): Promise<string | undefined>;
  /** Deletes revisions and their texts, in one transaction. */
  deleteRevisions(ids: readonly string[]): Promise<void>;
  /** Calls `listener` when another connection upgrades the schema; the caller should reload. */
  onVersionChange(listener: () => void): () => void;
  /** Closes the connection. */
  close(): void;
}

/** One local revision of a file: what the revisions store holds (its text is in the
 * revisionTexts store, under the same id). Not an item: revisions never sync. */
export interface LocalRevision {
  id: string;
  fileId: string;
  /** When it was taken (ms since the epoch). */
  time: number;
  /** Length of its text, in characters. */
  length: number;
  /** What storing its text costs, in bytes (its UTF-8 length). */
  bytes: number;
  /** What took it (docs/how-to/history.md). */
  reason: string;
}

/** Tombstones of deleted items are kept this many transactions, so other tabs learn about the
 * deletion; a tab lagging further behind reloads anyway (spec core §4). */
export const TOMBSTONE_KEEP_TX = 1000;
