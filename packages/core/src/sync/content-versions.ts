import { MAX_HISTORY_ENTRIES } from '../constants.js';
import { type ItemRepository } from '../db/repository.js';
import { withHash } from '../items/hash.js';
import { itemIds } from '../items/item-ids.js';
import { type ContentItem, type SyncedContentItem, type SyncHistoryEntry } from '../items/types.js';
import { EMPTY_SNAPSHOT, mergeContent, toSnapshot } from './merge-content.js';

/** The strings of a list, once each, in order. */
export const unique = (hashes: readonly (string | null | undefined)[]) => [
  ...new Set(hashes.filter((hash): hash is string => typeof hash === 'string')),
];

/** A content downloaded from a remote, rebuilt and hashed here: what is written locally is
 * exactly what its hash says. */
export function remoteContent(downloaded: ContentItem, contentId: string): ContentItem {
  return withHash<ContentItem>({
    ...toSnapshot(downloaded),
    id: contentId,
    type: 'content',
    history: downloaded.history ?? [],
  });
}

/**
 * Which version a sync keeps when a remote's differs from the local one (spec core §4 rule 4,
 * rules S4 and S15), `slots` being the sync history of that remote: the remote's when the text
 * did not change here since the last sync with it (or descends from the local one); the local
 * one when the remote's is a version this file already had; otherwise both merged three-way
 * from the last version synced with that remote, with the number of conflicts kept.
 */
export async function chooseContent(
  local: ContentItem | undefined,
  remote: ContentItem,
  slots: SyncHistoryEntry,
  historyData: SyncedContentItem['historyData'],
): Promise<{ next: ContentItem; conflicts: number }> {
  if (!local || local.hash === slots[0] || remote.history.includes(local.hash)) {
    return { next: remote, conflicts: 0 };
  }
  if (new Set(unique([...slots, ...local.history])).has(remote.hash)) {
    return { next: local, conflicts: 0 };
  }
  const base = (slots[0] && historyData[slots[0]]) || EMPTY_SNAPSHOT;
  const merged = await mergeContent(base, toSnapshot(local), toSnapshot(remote));
  const next = withHash<ContentItem>({
    ...merged.snapshot,
    id: local.id,
    type: 'content',
    history: unique([local.hash, remote.hash, ...local.history, ...remote.history]).slice(
      0,
      MAX_HISTORY_ENTRIES,
    ),
  });
  return { next, conflicts: merged.conflicts };
}

/** Writes one remote's slots into the file's synced content, keeping the other remotes' slots
 * (read again here) and the snapshots some slot still names. Given `expected`, the write is one
 * read-modify-write that happens only while that remote's slots are still `expected` (what the
 * caller read or last wrote): another sync of that remote wrote them meanwhile, and nothing is
 * written. Resolves to whether it wrote. */
export async function writeSyncHistory(
  repository: ItemRepository,
  fileId: string,
  locationId: string,
  slots: SyncHistoryEntry,
  historyData: SyncedContentItem['historyData'],
  expected?: SyncHistoryEntry,
): Promise<boolean> {
  const id = itemIds.syncedContent(fileId);
  if (!expected) {
    const current = await repository.get<SyncedContentItem>(id);
    await repository.put([withSlots(current, fileId, locationId, slots, historyData)]);
    return true;
  }
  let wrote = false;
  await repository.update<SyncedContentItem>(id, (current) => {
    const now = current?.syncHistory[locationId] ?? [null, null, null];
    if (now.some((hash, index) => hash !== expected[index])) return undefined;
    wrote = true;
    return withSlots(current, fileId, locationId, slots, historyData);
  });
  return wrote;
}

function withSlots(
  current: SyncedContentItem | undefined,
  fileId: string,
  locationId: string,
  slots: SyncHistoryEntry,
  historyData: SyncedContentItem['historyData'],
): SyncedContentItem {
  const syncHistory = { ...current?.syncHistory, [locationId]: slots };
  const snapshots = { ...current?.historyData, ...historyData };
  const kept = Object.fromEntries(
    unique(Object.values(syncHistory).flat()).flatMap((hash) =>
      snapshots[hash] ? [[hash, snapshots[hash]]] : [],
    ),
  );
  return withHash<SyncedContentItem>({
    id: itemIds.syncedContent(fileId),
    type: 'syncedContent',
    syncHistory,
    historyData: kept,
    v: 1,
  });
}
