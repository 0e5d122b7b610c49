// Spec core §5: "Circular folder parentage is broken by moving the folder to root." Folder
// parents can form a cycle when two devices move folders into each other before syncing.

import { withHash } from '../items/hash.js';
import { type FolderItem } from '../items/types.js';

// parentId values that name no folder: the trash and the temp area (`null`, the root, aside).
const isSpecialParent = (parentId: string): boolean => parentId === 'trash' || parentId === 'temp';

/**
 * The parent each folder has once the tree is repaired, by folder id: `null` (root), `'trash'`,
 * `'temp'` or the id of a folder of the list, with no cycle left. Two repairs, both moving a
 * folder to root:
 *
 * - a folder whose parent is not a folder of the list (missing, or a file's id);
 * - in each cycle of parentage (a folder that is its own parent, a→b→a, a→b→c→a…), the folder
 *   with the smallest id, comparing UTF-16 code units. The choice depends on ids only, not on the
 *   order of the list, so that every device repairing the same synced tree makes the same change.
 *   Folders hanging off a cycle without being part of it keep their parent.
 */
export function repairFolderParents(folders: readonly FolderItem[]): Map<string, string | null> {
  const folderIds = new Set(folders.map((folder) => folder.id));
  const parents = new Map<string, string | null>();
  for (const { id, parentId } of folders) {
    const known = parentId === null || isSpecialParent(parentId) || folderIds.has(parentId);
    parents.set(id, known ? parentId : null);
  }

  // Each folder has at most one parent, so walking up from any folder either ends (root, trash,
  // temp, or a folder already walked) or comes back to a folder of the current walk: a cycle.
  const walked = new Map<string, 'walking' | 'done'>();
  for (const start of folders) {
    const walk: string[] = [];
    let current: string | null | undefined = start.id;
    while (current != null && !isSpecialParent(current) && !walked.has(current)) {
      walked.set(current, 'walking');
      walk.push(current);
      current = parents.get(current);
    }
    if (current != null && walked.get(current) === 'walking') {
      const cycle = walk.slice(walk.indexOf(current));
      const moved = cycle.reduce((smallest, id) => (id < smallest ? id : smallest));
      parents.set(moved, null);
    }
    for (const id of walk) walked.set(id, 'done');
  }
  return parents;
}

/**
 * Repairs folder parentage as {@link repairFolderParents} describes and returns the folders that
 * changed, moved to root (`parentId: null`) with their hash recomputed, in the order of the list.
 * An empty result means the tree was sound.
 */
export function breakFolderCycles(folders: readonly FolderItem[]): FolderItem[] {
  const parents = repairFolderParents(folders);
  return folders
    .filter((folder) => parents.get(folder.id) !== folder.parentId)
    .map((folder) => withHash<FolderItem>({ ...folder, parentId: parents.get(folder.id) ?? null }));
}
