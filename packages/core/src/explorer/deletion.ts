// Spec interface §4 (Explorer) on deleting, and core §4 on the trash purge.

import { TRASH_CLEANING_DELAY } from '../constants.js';
import { type ItemRepository } from '../db/repository.js';
import { withHash } from '../items/hash.js';
import { itemIds } from '../items/item-ids.js';
import { type FileItem, type FolderItem, type LocationItem } from '../items/types.js';
import { isInside } from './tree-edits.js';

/** The confirmation dialogs a deletion may ask for (spec interface §2, by their names). */
export type DeletionConfirmation =
  'trashDeletion' | 'tempFileDeletion' | 'tempFolderDeletion' | 'folderDeletion';

/** Asks the user; resolves true to go on. `subject` is the item's name ('' for Trash/Temp). */
export type ConfirmDeletion = (type: DeletionConfirmation, subject: string) => Promise<boolean>;

/** What a deletion changed in the tree: items written and ids deleted for good. */
export interface TreeChange {
  items: (FileItem | FolderItem)[];
  deletedIds: string[];
}

const NOTHING: TreeChange = { items: [], deletedIds: [] };

/**
 * Deletes a node of the explorer (spec interface §4):
 * - a file moves to the trash, without asking;
 * - a file already in the trash, or the Trash node (every trashed file), asks trashDeletion and
 *   is deleted permanently with its content, content state, synced content and locations;
 * - a temp file asks tempFileDeletion, the Temp node (every temp file) tempFolderDeletion, and
 *   they are deleted permanently;
 * - a folder asks folderDeletion, moves every file inside it (at any depth) to the trash and
 *   removes its folder records.
 * Resolves to what changed (nothing when the user declined).
 */
export async function deleteNode(
  repo: ItemRepository,
  node: string,
  confirm: ConfirmDeletion,
  now: number,
): Promise<TreeChange> {
  const files = (await repo.getAll('file')) as FileItem[];
  if (node === 'trash' || node === 'temp') {
    const inside = files.filter((file) => file.parentId === node);
    const type = node === 'trash' ? 'trashDeletion' : 'tempFolderDeletion';
    if (inside.length === 0 || !(await confirm(type, ''))) return NOTHING;
    return deletePermanently(repo, inside);
  }
  const item = await repo.get<FileItem | FolderItem>(node);
  if (item?.type === 'file') {
    if (item.parentId === 'trash' || item.parentId === 'temp') {
      const type = item.parentId === 'trash' ? 'trashDeletion' : 'tempFileDeletion';
      if (!(await confirm(type, item.name))) return NOTHING;
      return deletePermanently(repo, [item]);
    }
    const trashed = toTrash(item, now);
    await repo.put([trashed]);
    return { items: [trashed], deletedIds: [] };
  }
  if (item?.type !== 'folder' || !(await confirm('folderDeletion', item.name))) return NOTHING;
  const folders = new Map(
    ((await repo.getAll('folder')) as FolderItem[]).map((folder) => [folder.id, folder]),
  );
  const removed = [...folders.keys()].filter((id) => isInside(folders, id, item.id));
  const trashed = files
    .filter((file) => file.parentId !== null && isInside(folders, file.parentId, item.id))
    .map((file) => toTrash(file, now));
  await repo.put(trashed);
  await repo.delete(removed);
  return { items: trashed, deletedIds: removed };
}

/**
 * Deletes for good the trashed files moved to the trash TRASH_CLEANING_DELAY (7 days) or more
 * before `now` (spec core §4; there are no sync tokens yet, so it always runs). A trashed file
 * without a trashing time (from an older version or a sync) is stamped with `now`.
 */
export async function purgeTrash(repo: ItemRepository, now: number): Promise<TreeChange> {
  const trashed = ((await repo.getAll('file')) as FileItem[]).filter(
    (file) => file.parentId === 'trash',
  );
  const expired = trashed.filter(
    (file) => file.trashedAt !== undefined && now - file.trashedAt >= TRASH_CLEANING_DELAY,
  );
  const stamped = trashed
    .filter((file) => file.trashedAt === undefined)
    .map((file) => toTrash(file, now));
  await repo.put(stamped);
  const { deletedIds } = await deletePermanently(repo, expired);
  return { items: stamped, deletedIds };
}

function toTrash(file: FileItem, now: number): FileItem {
  const { tx: _tx, hash: _hash, ...rest } = file as FileItem & { tx?: number };
  return withHash<FileItem>({ ...rest, parentId: 'trash', trashedAt: now });
}

/** Deletes the files of `fileIds` for good (their contents, states and locations with them),
 * as emptying the Trash does; ids of files no longer stored are skipped. For embedded mode,
 * which keeps only the newest temporary files it made. */
export async function deleteFilesPermanently(
  repo: ItemRepository,
  fileIds: readonly string[],
): Promise<TreeChange> {
  const wanted = new Set(fileIds);
  const files = ((await repo.getAll('file')) as FileItem[]).filter((file) => wanted.has(file.id));
  return deletePermanently(repo, files);
}

async function deletePermanently(
  repo: ItemRepository,
  files: readonly FileItem[],
): Promise<TreeChange> {
  if (files.length === 0) return NOTHING;
  const fileIds = new Set(files.map((file) => file.id));
  const locations = [
    ...(await repo.getAll('syncLocation')),
    ...(await repo.getAll('publishLocation')),
  ].filter((location) => fileIds.has((location as LocationItem).fileId));
  const ids = [...fileIds].flatMap((id) => [
    id,
    itemIds.content(id),
    itemIds.contentState(id),
    itemIds.syncedContent(id),
  ]);
  await repo.delete([...ids, ...locations.map((location) => location.id)]);
  return { items: [], deletedIds: [...fileIds] };
}
