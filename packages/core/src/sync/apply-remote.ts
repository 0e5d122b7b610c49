import { withHash } from '../items/hash.js';
import { itemIds } from '../items/item-ids.js';
import {
  type ContentItem,
  type FileItem,
  type Item,
  type SyncedContentItem,
} from '../items/types.js';
import {
  checkAborted,
  MAIN_LOCATION_ID,
  persist,
  replaceIf,
  type SyncContext,
  withoutTx,
} from './sync-context.js';
import { type RemoteChange } from './workspace-provider.js';

/** Reads the remote's changes since the stored cursor, page by page, and applies each (rules S2,
 * S3, S5). The cursor is saved after each page. */
export async function applyRemoteChanges(context: SyncContext): Promise<void> {
  for (;;) {
    checkAborted(context);
    const page = await context.provider.getChanges(context.state.cursor);
    const named = documentNames(context);
    for (const change of page.changes) await applyChange(context, change, named);
    context.state.cursor = page.cursor;
    await persist(context);
    if (!page.more) return;
  }
}

const isContentId = (id: string) => id.endsWith('/content');

async function applyChange(
  context: SyncContext,
  change: RemoteChange,
  named: Map<string, string>,
): Promise<void> {
  const { repository, state } = context;
  const id = change.item ? change.itemId : removedItemId(context, change.itemId, named);
  const record = state.records[id];
  if (isContentId(id)) {
    const fileId = id.slice(0, -'/content'.length);
    if (change.item && change.syncData) {
      state.records[id] = { syncData: change.syncData };
      (context.remoteContents ??= new Set()).add(fileId);
      await resurrectFile(context, fileId);
    } else {
      // Kept when its text or its file changed here (the file is then kept too, S5).
      delete state.records[id];
      const localFile = await repository.get(fileId);
      const fileKept =
        localFile !== undefined &&
        !isTrashed(localFile) &&
        localFile.hash !== state.records[fileId]?.syncData.hash;
      if (!fileKept && !(await contentChangedLocally(context, fileId))) {
        await repository.delete([id, itemIds.syncedContent(fileId)]);
      }
    }
    return;
  }
  const local = await repository.get(id);
  if (!change.item || !change.syncData) {
    // Removed remotely: removed here too, unless changed here since the last sync (S5). Moving
    // it to the trash here is no reason to keep it: both sides let it go.
    delete state.records[id];
    if (!local) return;
    const changedHere = local.hash !== record?.syncData.hash && !isTrashed(local);
    const textChanged = local.type === 'file' && (await contentChangedLocally(context, id));
    if (changedHere || textChanged) {
      if (local.type === 'file' && isTrashed(local)) await restore(context, local);
      return;
    }
    await repository.delete([id, itemIds.contentState(id)]);
    return;
  }
  const remoteItem = change.item;
  const changedHere = local !== undefined && local.hash !== record?.syncData.hash;
  state.records[id] = { syncData: change.syncData, item: remoteItem };
  // Changed on both sides: the local version wins and is uploaded over the remote's (S3).
  if (local?.hash === remoteItem.hash || changedHere) return;
  await replaceIf(repository, id, local?.hash, remoteItem);
}

// The items whose remote document has a name of its own (a CouchDB database StackEdit writes to:
// the server names its documents), by that name.
function documentNames(context: SyncContext): Map<string, string> {
  const named = new Map<string, string>();
  for (const [itemId, record] of Object.entries(context.state.records)) {
    if (record.syncData.id && record.syncData.id !== itemId) named.set(record.syncData.id, itemId);
  }
  return named;
}

// The item a removal names: its id, or, for a document named otherwise, the item whose sync
// data names that document.
function removedItemId(context: SyncContext, name: string, named: Map<string, string>): string {
  const { records } = context.state;
  if (records[name]) return name;
  const itemId = named.get(name);
  return itemId !== undefined && records[itemId]?.syncData.id === name ? itemId : name;
}

const isTrashed = (item: Item) => item.type === 'file' && item.parentId === 'trash';

/** Whether a file's content differs from what was last synced (or was never synced). */
export async function contentChangedLocally(
  context: SyncContext,
  fileId: string,
): Promise<boolean> {
  const content = await context.repository.get<ContentItem>(itemIds.content(fileId));
  if (!content) return false;
  const synced = await context.repository.get<SyncedContentItem>(itemIds.syncedContent(fileId));
  return content.hash !== synced?.syncHistory[MAIN_LOCATION_ID]?.[0];
}

// A file deleted here whose content was changed there comes back, from its last synced version.
async function resurrectFile(context: SyncContext, fileId: string): Promise<void> {
  const record = context.state.records[fileId];
  if (!record?.item || (await context.repository.get(fileId))) return;
  await restore(context, record.item as FileItem, true);
}

/** Brings a file back to the root from the trash (or from deletion), keeping its name (S5). */
export async function restore(context: SyncContext, file: FileItem, absent = false): Promise<void> {
  const { trashedAt: _trashedAt, ...rest } = withoutTx(file);
  const restored = withHash<FileItem>({
    ...rest,
    parentId: file.parentId === 'trash' ? null : file.parentId,
  });
  await replaceIf(context.repository, file.id, absent ? undefined : file.hash, restored as Item);
}
