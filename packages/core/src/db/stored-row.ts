import { type StoredItem } from './repository.js';

/** What stays of a deleted item for a while, so other tabs learn of the deletion. */
export interface Tombstone {
  id: string;
  tx: number;
  deleted: 1;
}

/** A row of the objects store: a live item or a tombstone. */
export type Row = StoredItem | Tombstone;

/** Whether a row is a tombstone. */
export const isTombstone = (row: Row): row is Tombstone => 'deleted' in row;

/** The tombstone of item `id`, deleted in transaction `tx`. */
export const tombstone = (id: string, tx: number): Tombstone => ({ id, tx, deleted: 1 });
