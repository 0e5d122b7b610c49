import { type Item } from '../items/types.js';
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

/** The companions of an `updateWith` of item `id`, checked: none may be that item itself (the
 * update decides what it becomes), nor appear twice. */
export function checkCompanions(id: string, companions: readonly Item[]): readonly Item[] {
  const ids = new Set<string>([id]);
  for (const item of companions) {
    if (ids.has(item.id)) throw new Error(`updateWith(${id}) got a companion with id ${item.id}.`);
    ids.add(item.id);
  }
  return companions;
}
