import { type ItemRepository } from '../db/repository.js';
import { withHash } from '../items/hash.js';
import { type DataItem, type Item } from '../items/types.js';
import { type SyncData } from './workspace-provider.js';

/** What the engine knows of one item as the remote last had it: its sync data and, for items
 * other than content, the item itself (so that a file deleted here while edited there can be
 * brought back, rule S5). */
export interface SyncedRecord {
  syncData: SyncData;
  item?: Item;
  /** Set when this client uploaded this version: only a trashing uploaded from here is purged
   * (spec core §4 rule 2, rule S8), so that no client deletes what its user never saw. */
  uploaded?: boolean;
}

/** The sync state of a workspace, kept in the local database as the data item `syncState`
 * (never synced itself): the changes cursor and a record per synced item id. Content records
 * (`{fileId}/content`) hold the remote's latest known version; what was last merged is in the
 * file's `syncedContent` item. */
export interface SyncState {
  cursor?: string;
  records: Record<string, SyncedRecord>;
  /** The images the remote workspace had after the last sync, path to sha (git workspaces,
   * issue 30): an image of the store recorded here and gone from the remote was deleted there. */
  images?: Record<string, string>;
}

/** Id of the data item that holds the {@link SyncState}. */
export const SYNC_STATE_ID = 'syncState';

/** Reads the sync state (empty before the first sync). */
export async function loadSyncState(repository: ItemRepository): Promise<SyncState> {
  const stored = await repository.get<DataItem<SyncState>>(SYNC_STATE_ID);
  return stored
    ? {
        cursor: stored.data.cursor,
        records: { ...stored.data.records },
        ...(stored.data.images ? { images: { ...stored.data.images } } : {}),
      }
    : { records: {} };
}

/** Writes the sync state. */
export async function saveSyncState(repository: ItemRepository, state: SyncState): Promise<void> {
  const item = withHash<DataItem<SyncState>>({
    id: SYNC_STATE_ID,
    type: 'data',
    data: {
      ...(state.cursor === undefined ? {} : { cursor: state.cursor }),
      records: state.records,
      ...(state.images === undefined ? {} : { images: state.images }),
    },
  });
  await repository.put([item]);
}
