// Spec core §5: "In workspaces with unique paths a clash opens pathConflict; duplicates are made
// unique by appending .1, .2 and so on." Git workspaces store items by path, so two items with
// one path would overwrite each other there.

import { withHash } from '../items/hash.js';
import { type FileItem, type FolderItem } from '../items/types.js';
import { repairFolderParents } from './folder-cycles.js';
import { childPath, computePaths, TRASH_PATH, type TreeItem } from './paths.js';
import { nameWithSuffix } from './unique-name.js';

/** Options of {@link makePathsUnique}. */
export interface MakePathsUniqueOptions {
  /** Ids of items that keep their name in a clash, ahead of the others (e.g. items just
   * downloaded, which the remote already stores under that path). */
  keepIds?: Iterable<string>;
}

/**
 * Renames items so that no two files or folders share a path (see `computePaths`), and returns
 * the renamed items with their hash recomputed, parents before children. Call it in workspaces
 * with unique paths, after a sync or an import.
 *
 * Among the items of one path, the first keeps its name, in this order: the ids of `keepIds`
 * first, then by id (UTF-16 code units), so that every device makes the same choice. The others
 * get `.1`, `.2`… appended to their name (`nameWithSuffix`), skipping any number whose path is
 * taken, including by an item that already had such a name ('x', 'x', 'x.1' gives 'x.2').
 * Folders are settled before their contents, so a renamed folder takes its contents to a new
 * path and they keep their names. Paths compare exactly (case-sensitive). Temp items have no path
 * and are never renamed.
 */
export function makePathsUnique(
  files: readonly FileItem[],
  folders: readonly FolderItem[],
  options: MakePathsUniqueOptions = {},
): TreeItem[] {
  const keep = new Set(options.keepIds);
  const parents = repairFolderParents(folders);
  const children = new Map<string | null, TreeItem[]>();
  const addChild = (parentId: string | null, item: TreeItem) => {
    const siblings = children.get(parentId);
    if (siblings) siblings.push(item);
    else children.set(parentId, [item]);
  };
  for (const folder of folders) addChild(parents.get(folder.id) ?? null, folder);
  for (const file of files) {
    const { parentId } = file;
    const known = parentId === null || parentId === 'trash' || parentId === 'temp';
    addChild(known || parents.has(parentId) ? parentId : null, file);
  }

  const preferred = (a: TreeItem, b: TreeItem) =>
    Number(keep.has(b.id)) - Number(keep.has(a.id)) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

  const taken = new Set<string>();
  const renamed: TreeItem[] = [];
  type Entry = { item: TreeItem; parentPath: string };
  let level: Entry[] = [
    ...(children.get(null) ?? []).map((item) => ({ item, parentPath: '' })),
    ...(children.get('trash') ?? []).map((item) => ({ item, parentPath: TRASH_PATH })),
  ];
  while (level.length > 0) {
    level.sort((a, b) => preferred(a.item, b.item));
    // First the items that keep their path, then the others pick among the paths left.
    const settled: Array<{ item: TreeItem; path: string }> = [];
    const clashing: Entry[] = [];
    for (const entry of level) {
      const path = childPath(entry.parentPath, entry.item);
      if (taken.has(path)) clashing.push(entry);
      else {
        taken.add(path);
        settled.push({ item: entry.item, path });
      }
    }
    for (const { item, parentPath } of clashing) {
      for (let n = 1; ; n += 1) {
        const name = nameWithSuffix(item.name, n);
        const path = childPath(parentPath, { type: item.type, name });
        if (taken.has(path)) continue;
        taken.add(path);
        const renamedItem = withHash<TreeItem>({ ...item, name });
        renamed.push(renamedItem);
        settled.push({ item: renamedItem, path });
        break;
      }
    }
    level = settled.flatMap(({ item, path }) =>
      item.type === 'folder'
        ? (children.get(item.id) ?? []).map((child) => ({ item: child, parentPath: path }))
        : [],
    );
  }
  return renamed;
}

/**
 * The item that would share a path with `item` once it is stored (created, renamed or moved),
 * or `undefined`: in workspaces with unique paths, a clash opens the pathConflict dialog.
 * `item` replaces the stored item of the same id, if any, in `files` and `folders`.
 */
export function findPathConflict(
  item: TreeItem,
  files: readonly FileItem[],
  folders: readonly FolderItem[],
): TreeItem | undefined {
  const others = [...files, ...folders].filter((other) => other.id !== item.id);
  const paths =
    item.type === 'folder'
      ? computePaths(files, [...folders.filter((f) => f.id !== item.id), item])
      : computePaths([...files.filter((f) => f.id !== item.id), item], folders);
  const path = paths.get(item.id);
  if (path === undefined) return undefined;
  return others.find((other) => paths.get(other.id) === path);
}
