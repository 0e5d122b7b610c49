import { MAX_HISTORY_ENTRIES } from '../constants.js';
import { withHash } from '../items/hash.js';
import { itemIds } from '../items/item-ids.js';
import {
  type ContentItem,
  type FileItem,
  type SyncedContentItem,
  type SyncHistoryEntry,
} from '../items/types.js';
import { restore } from './apply-remote.js';
import { EMPTY_SNAPSHOT, mergeContent, toSnapshot } from './merge-content.js';
import { type SaveRequest } from './save-queue.js';
import {
  checkAborted,
  MAIN_LOCATION_ID,
  replaceIf,
  type SyncContext,
  withoutTx,
} from './sync-context.js';

const unique = (hashes: readonly (string | null | undefined)[]) => [
  ...new Set(hashes.filter((hash): hash is string => typeof hash === 'string')),
];

/** Syncs one file's content (spec core §4 rules 4 and 5, rule S4): downloads the remote version
 * when it changed since the last sync, takes it, keeps the local one or merges the two, and
 * writes the result locally. When the remote differs from the result, returns its upload, to
 * send with others (S12): the hash being uploaded is already saved as "last unsynced", and the
 * upload's `saved` records the remote's answer. A remote change to a trashed file restores it
 * (S5). */
export async function syncContent(
  context: SyncContext,
  file: FileItem,
): Promise<SaveRequest | undefined> {
  const { repository, provider, state } = context;
  const contentId = itemIds.content(file.id);
  const local = await repository.get<ContentItem>(contentId);
  let record = state.records[contentId];
  const synced = await repository.get<SyncedContentItem>(itemIds.syncedContent(file.id));
  const slots: SyncHistoryEntry = synced?.syncHistory[MAIN_LOCATION_ID] ?? [null, null, null];
  const historyData = { ...synced?.historyData };

  let next: ContentItem | undefined = local && withoutTx<ContentItem>(local);
  if (record && record.syncData.hash !== local?.hash && record.syncData.hash !== slots[0]) {
    checkAborted(context);
    const downloaded = await provider.downloadContent(file.id, record.syncData);
    // Rebuilt and hashed here: what is written locally is exactly what its hash says.
    const remote =
      downloaded &&
      withHash<ContentItem>({
        ...toSnapshot(downloaded),
        id: contentId,
        type: 'content',
        history: downloaded.history ?? [],
      });
    if (!remote) {
      delete state.records[contentId];
      record = undefined;
    } else if (remote.hash !== local?.hash) {
      const known = new Set(unique([...slots, ...(local?.history ?? [])]));
      if (!local || local.hash === slots[0] || remote.history.includes(local.hash)) {
        next = remote;
      } else if (!known.has(remote.hash)) {
        // Both sides changed since the last common version: a three-way merge (rule 4).
        const base = (slots[0] && historyData[slots[0]]) || EMPTY_SNAPSHOT;
        const merged = mergeContent(base, toSnapshot(local), toSnapshot(remote));
        next = withHash<ContentItem>({
          ...merged.snapshot,
          id: contentId,
          type: 'content',
          history: unique([local.hash, remote.hash, ...local.history, ...remote.history]).slice(
            0,
            MAX_HISTORY_ENTRIES,
          ),
        });
        if (merged.conflicts > 0) context.onConflict?.(file.id, merged.conflicts);
      }
      if (next && next.hash !== local?.hash) {
        if (!(await replaceIf(repository, contentId, local?.hash, next))) return undefined;
        if (file.parentId === 'trash') await restore(context, file);
      }
    }
  }
  if (!next) return undefined;
  const uploaded = next;

  if (uploaded.hash === record?.syncData.hash) {
    await settle(context, synced, file.id, slots, historyData, uploaded);
    return undefined;
  }
  // Remember what is being uploaded before the call: if the reply is lost, the version the
  // remote then has is known as ours (the "last unsynced" slot).
  historyData[uploaded.hash] = toSnapshot(uploaded);
  await writeSynced(context, synced, file.id, [slots[0], slots[1], uploaded.hash], historyData);
  const upload: ContentItem = {
    ...uploaded,
    history: unique([slots[0], ...uploaded.history])
      .filter((hash) => hash !== uploaded.hash)
      .slice(0, MAX_HISTORY_ENTRIES),
  };
  return {
    item: upload,
    syncData: record?.syncData,
    async saved(syncData) {
      state.records[contentId] = { syncData };
      // The local content learns the history it was uploaded with (history is not hashed).
      await repository.update<ContentItem>(contentId, (current) =>
        current?.hash === upload.hash
          ? { ...withoutTx(current), history: upload.history }
          : undefined,
      );
      await settle(context, synced, file.id, slots, historyData, uploaded);
    },
  };
}

// Records `next` as the latest synced version of the file (its snapshot the base of the next
// merge), unless it already is.
async function settle(
  context: SyncContext,
  synced: SyncedContentItem | undefined,
  fileId: string,
  slots: SyncHistoryEntry,
  historyData: SyncedContentItem['historyData'],
  next: ContentItem,
): Promise<void> {
  if (slots[0] === next.hash && slots[2] === null && historyData[next.hash]) return;
  historyData[next.hash] = toSnapshot(next);
  const previous = slots[0] === next.hash ? slots[1] : slots[0];
  await writeSynced(context, synced, fileId, [next.hash, previous, null], historyData);
}

// Writes the synced content item with the main location's new slots, keeping the other
// locations' and the snapshots of the hashes some slot still names.
async function writeSynced(
  context: SyncContext,
  synced: SyncedContentItem | undefined,
  fileId: string,
  slots: SyncHistoryEntry,
  historyData: SyncedContentItem['historyData'],
): Promise<void> {
  const syncHistory = { ...synced?.syncHistory, [MAIN_LOCATION_ID]: slots };
  const named = unique(Object.values(syncHistory).flat());
  const kept = Object.fromEntries(
    named.flatMap((hash) => (historyData[hash] ? [[hash, historyData[hash]]] : [])),
  );
  await context.repository.put([
    withHash<SyncedContentItem>({
      id: itemIds.syncedContent(fileId),
      type: 'syncedContent',
      syncHistory,
      historyData: kept,
      v: 1,
    }),
  ]);
}
