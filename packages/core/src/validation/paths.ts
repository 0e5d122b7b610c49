// Spec core §3: "Paths: built from names, with a trailing slash for folders. The trash path is the
// hidden folder '{product}-trash/'. … files to '{path}.md'."

import { FILE_EXTENSION, TRASH_FOLDER_NAME } from '../constants.js';
import { type FileItem, type FolderItem } from '../items/types.js';
import { repairFolderParents } from './folder-cycles.js';

/** The path of the trash, under which trashed items have theirs: '.inkstone-trash/'. */
export const TRASH_PATH = `${TRASH_FOLDER_NAME}/`;

/** A file or a folder: the items that have a place, and so a path, in the tree. */
export type TreeItem = FileItem | FolderItem;

/**
 * The path of an item named `name` in the folder whose path is `parentPath` ('' for the root):
 * `{parentPath}{name}/` for a folder, `{parentPath}{name}.md` for a file.
 */
export function childPath(parentPath: string, item: Pick<TreeItem, 'type' | 'name'>): string {
  return parentPath + item.name + (item.type === 'folder' ? '/' : FILE_EXTENSION);
}

// Given a parent id, the path of that parent ('' for the root, TRASH_PATH for the trash), or
// undefined for the temp area. Folder paths are built on demand and remembered; parentage is read
// repaired, so a cycle or a missing parent cannot make a path loop or fail.
function createParentPaths(
  folders: readonly FolderItem[],
): (parentId: string | null) => string | undefined {
  const parents = repairFolderParents(folders);
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const known = new Map<string, string | undefined>();

  const parentPath = (parentId: string | null): string | undefined => {
    // Walk up to a known path, then build the paths of the folders walked, top-down.
    const walk: FolderItem[] = [];
    let current = parentId;
    let path: string | undefined;
    for (;;) {
      if (current === null) path = '';
      else if (current === 'trash') path = TRASH_PATH;
      else if (current === 'temp') path = undefined;
      else if (known.has(current)) path = known.get(current);
      // A parent that is not a folder (missing, or a file): the item shows at root.
      else if (!byId.has(current)) path = '';
      else {
        walk.push(byId.get(current)!);
        current = parents.get(current) ?? null;
        continue;
      }
      break;
    }
    for (const folder of walk.reverse()) {
      path = path === undefined ? undefined : childPath(path, folder);
      known.set(folder.id, path);
    }
    return path;
  };
  return parentPath;
}

/**
 * The path of every file and folder, by id: folders end with '/', files with '.md', trashed
 * items are under '.inkstone-trash/'. A folder or file whose parent does not exist is placed at
 * root; folder cycles are read as `breakFolderCycles` repairs them (see `repairFolderParents`).
 *
 * Items in the temp area (parentId 'temp', and whatever is inside a temp folder) have no path
 * and are left out of the map: they are outside the tree, never synced and never stored by path.
 */
export function computePaths(
  files: readonly FileItem[],
  folders: readonly FolderItem[],
): Map<string, string> {
  const parentPath = createParentPaths(folders);
  const paths = new Map<string, string>();
  for (const folder of folders) {
    const path = parentPath(folder.id);
    if (path !== undefined) paths.set(folder.id, path);
  }
  for (const file of files) {
    const path = parentPath(file.parentId);
    if (path !== undefined) paths.set(file.id, childPath(path, file));
  }
  return paths;
}
