import { MAX_HISTORY_ENTRIES } from '../constants.js';
import { itemIds } from '../items/item-ids.js';
import {
  type ContentItem,
  type FileItem,
  type SyncedContentItem,
  type SyncHistoryEntry,
} from '../items/types.js';
import { isOverLimit } from './content-limit.js';
import { restore } from './apply-remote.js';
import { chooseContent, remoteContent, unique, writeSyncHistory } from './content-versions.js';
import { toSnapshot } from './merge-content.js';
import { type SaveRequest } from './save-queue.js';
import {
  checkAborted,
  MAIN_LOCATION_ID,
  replaceIf,
  type SyncContext,
  withoutTx,
} from './sync-context.js';

/** Syncs one file's content (spec core §4 rules 4 and 5, rule S4): downloads the remote version
 * when it changed since the last sync, takes it, keeps the local one or merges the two, and
 * writes the result locally. When the remote differs from the result, returns its upload, to
 * send with others (S12): the hash being uploaded is already saved as "last unsynced", and the
 * upload's `saved` records the remote's answer. A remote change to a file trashed here restores
 * it (S5). */
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
    const remote = downloaded && remoteContent(downloaded, contentId);
    if (!remote) {
      delete state.records[contentId];
      record = undefined;
    } else if (remote.hash !== local?.hash) {
      const chosen = await chooseContent(next, remote, slots, historyData);
      next = chosen.next;
      if (chosen.conflicts > 0) context.onConflict?.(file.id, chosen.conflicts);
      if (next && next.hash !== local?.hash) {
        if (!(await replaceIf(repository, contentId, local?.hash, next))) return undefined;
        // Trashed here and changed there: back from the trash. A file the remote has in its
        // trash too (a StackEdit workspace keeps its trash) stays there.
        const remoteFile = state.records[file.id]?.item as FileItem | undefined;
        if (file.parentId === 'trash' && remoteFile?.parentId !== 'trash') {
          await restore(context, file);
        }
      }
    }
  }
  if (!next) return undefined;
  const uploaded = next;

  if (uploaded.hash === record?.syncData.hash) {
    await settle(context, file.id, slots, historyData, uploaded);
    return undefined;
  }
  // Too large for the remote (ADR 0006): not sent, kept whole here, and said; the next sync
  // checks again (the text may have shrunk).
  if (isOverLimit(uploaded.text, provider.contentLimit)) {
    context.onTooLarge?.(file.id, provider.contentLimit!);
    return undefined;
  }
  // Remember what is being uploaded before the call: if the reply is lost, the version the
  // remote then has is known as ours (the "last unsynced" slot).
  historyData[uploaded.hash] = toSnapshot(uploaded);
  await writeSyncHistory(
    repository,
    file.id,
    MAIN_LOCATION_ID,
    [slots[0], slots[1], uploaded.hash],
    historyData,
  );
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
      await settle(context, file.id, slots, historyData, uploaded);
    },
  };
}

// Records `next` as the latest synced version of the file (its snapshot the base of the next
// merge), unless it already is.
async function settle(
  context: SyncContext,
  fileId: string,
  slots: SyncHistoryEntry,
  historyData: SyncedContentItem['historyData'],
  next: ContentItem,
): Promise<void> {
  if (slots[0] === next.hash && slots[2] === null && historyData[next.hash]) return;
  historyData[next.hash] = toSnapshot(next);
  const previous = slots[0] === next.hash ? slots[1] : slots[0];
  await writeSyncHistory(
    context.repository,
    fileId,
    MAIN_LOCATION_ID,
    [next.hash, previous, null],
    historyData,
  );
}
