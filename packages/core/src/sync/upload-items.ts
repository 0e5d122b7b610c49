import { type StoredItem } from '../db/repository.js';
import { SaveQueue } from './save-queue.js';
import { acknowledge, checkAborted, type SyncContext, withoutTx } from './sync-context.js';
import { owningFileId, SYNCED_ITEM_TYPES } from './syncable.js';

/** Uploads every local item (files, folders, locations) whose hash differs from the one last
 * synced, in batches where the provider can (S12), then removes from the remote the items
 * deleted here (rule S3). Content goes through `syncContent`; content is removed only with its
 * synced file (S3). */
export async function uploadItems(
  context: SyncContext,
  local: ReadonlyMap<string, StoredItem>,
  excludedFileIds: ReadonlySet<string>,
): Promise<void> {
  const { provider, state } = context;
  const saves = new SaveQueue(context);
  for (const item of local.values()) {
    if (!SYNCED_ITEM_TYPES.includes(item.type)) continue;
    const fileId = owningFileId(item);
    if (fileId !== undefined && excludedFileIds.has(fileId)) continue;
    const record = state.records[item.id];
    if (record?.syncData.hash === item.hash) continue;
    const upload = withoutTx(item);
    await saves.add({
      item: upload,
      syncData: record?.syncData,
      saved: (syncData) => {
        state.records[item.id] = { syncData, item: upload, uploaded: true };
        return Promise.resolve();
      },
    });
  }
  await saves.flush();
  // A content record goes with its file: content may arrive before the file it belongs to.
  const gone = Object.keys(state.records).filter((id) => {
    if (!id.endsWith('/content')) return !local.has(id);
    const fileId = id.slice(0, -'/content'.length);
    return state.records[fileId] !== undefined && !local.has(fileId);
  });
  for (const id of gone) {
    checkAborted(context);
    await provider.removeItem(state.records[id]!.syncData);
    await acknowledge(context, () => {
      delete state.records[id];
      return Promise.resolve();
    });
  }
}
