// Spec interface §4 (Explorer): creating, renaming and moving the items of the tree. Trash and
// Temp are not items: they are the special parent ids 'trash' and 'temp' (spec core §3).

import { type ItemRepository } from '../db/repository.js';
import { withHash } from '../items/hash.js';
import { type FileItem, type FolderItem } from '../items/types.js';
import { assertFolderNameAllowed } from '../validation/folder-name.js';
import { sanitizeFilename } from '../validation/name.js';
import { createFile, setName } from '../workspace/files.js';

/** A node of the explorer: an item id, or the Trash and Temp nodes, or null for the root. */
export type NodeId = string | null;

/** Where a new item goes when `selected` is the selected node (spec interface §4: "A new item
 * is created under the selected folder; trash (and temp, for folders) map to the root"). A
 * selected file stands for its parent folder. */
export function newItemParent(
  kind: 'file' | 'folder',
  selected: FileItem | FolderItem | 'trash' | 'temp' | null,
): string | null {
  if (selected === null || selected === 'trash') return null;
  if (selected === 'temp') return kind === 'folder' ? null : 'temp';
  const parent = selected.type === 'folder' ? selected.id : selected.parentId;
  if (parent === 'trash') return null;
  if (parent === 'temp') return kind === 'folder' ? null : 'temp';
  return parent;
}

/** Creates a folder. The name is sanitised like a file name; a reserved name throws
 * UnauthorizedNameError ('Unauthorized name.', spec core §5). */
export async function createFolder(
  repo: ItemRepository,
  newId: () => string,
  name: string,
  parentId: string | null,
): Promise<FolderItem> {
  const folderName = sanitizeFilename(name);
  assertFolderNameAllowed(folderName);
  const folder = withHash<FolderItem>({ id: newId(), type: 'folder', name: folderName, parentId });
  await repo.put([folder]);
  return folder;
}

/** Creates a file from an inline name: resolves undefined, creating nothing, when the name is
 * empty after trimming ("An item with no name is not created"). A new file starts with
 * `initial`: the settings' newFileContent and newFileProperties. */
export async function createNamedFile(
  repo: ItemRepository,
  newId: () => string,
  name: string,
  parentId: string | null,
  initial: { text?: string; properties?: string } = {},
): Promise<FileItem | undefined> {
  if (name.trim() === '') return undefined;
  return createFile(repo, newId, { name, parentId, ...initial });
}

/** Renames a file or folder. Ignored (resolves undefined) when the trimmed name is empty or
 * unchanged; a folder's reserved name throws UnauthorizedNameError. */
export async function renameItem(
  repo: ItemRepository,
  id: string,
  name: string,
): Promise<FileItem | FolderItem | undefined> {
  if (name.trim() === '') return undefined;
  const sanitized = sanitizeFilename(name);
  const current = await repo.get<FileItem | FolderItem>(id);
  if (!current || (current.type !== 'file' && current.type !== 'folder')) return undefined;
  if (current.name === sanitized) return undefined;
  if (current.type === 'folder') assertFolderNameAllowed(sanitized);
  return setName(repo, id, sanitized);
}

/** Whether `folderId` is `ancestorId` or lies inside it. */
export function isInside(
  folders: ReadonlyMap<string, FolderItem>,
  folderId: string | null,
  ancestorId: string,
): boolean {
  const seen = new Set<string>();
  for (let id = folderId; id !== null && !seen.has(id); id = folders.get(id)?.parentId ?? null) {
    if (id === ancestorId) return true;
    seen.add(id);
  }
  return false;
}

/**
 * Whether a drag of `source` onto `target` may re-parent it (spec interface §4): neither is
 * nil, they differ, the target is not inside the source, and the source is not Trash or Temp
 * (noDrag). Our rule where the spec is silent: folders never go into Trash or Temp (a trashed
 * folder is removed, and Temp gets no folders); a drop onto a file means its folder.
 */
export function canMove(
  source: FileItem | FolderItem | undefined,
  target: NodeId | undefined,
  folders: ReadonlyMap<string, FolderItem>,
): boolean {
  if (!source || target === undefined || source.id === target) return false;
  if (source.type === 'folder') {
    if (target === 'trash' || target === 'temp') return false;
    if (target !== null && isInside(folders, target, source.id)) return false;
  }
  return source.parentId !== target;
}

/** Moves a file or folder under `target` (a folder id, 'trash', 'temp' or null for the root)
 * when {@link canMove} allows it; a file moved into the trash records when, one moved out
 * forgets it. Resolves to the moved item, or undefined when nothing moved. */
export async function moveItem(
  repo: ItemRepository,
  id: string,
  target: NodeId,
  now: number,
): Promise<FileItem | FolderItem | undefined> {
  const source = await repo.get<FileItem | FolderItem>(id);
  if (!source || (source.type !== 'file' && source.type !== 'folder')) return undefined;
  const folders = new Map(
    ((await repo.getAll('folder')) as FolderItem[]).map((folder) => [folder.id, folder]),
  );
  if (target !== null && target !== 'trash' && target !== 'temp' && !folders.has(target)) {
    return undefined;
  }
  if (!canMove(source, target, folders)) return undefined;
  const { tx: _tx, hash: _hash, ...item } = source;
  let moved: FileItem | FolderItem;
  if (item.type === 'file') {
    const { trashedAt: _trashedAt, ...file } = item;
    moved = withHash<FileItem>(
      target === 'trash'
        ? { ...file, parentId: target, trashedAt: now }
        : { ...file, parentId: target },
    );
  } else {
    moved = withHash<FolderItem>({ ...item, parentId: target });
  }
  await repo.put([moved]);
  return moved;
}
