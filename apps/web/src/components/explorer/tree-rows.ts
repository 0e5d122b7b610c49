import { type FileItem, type FolderItem } from '@inkstone/core';

/** A visible row of the explorer tree. `id` is the item id, or 'trash' / 'temp'. */
export interface TreeRow {
  id: string;
  kind: 'file' | 'folder' | 'trash' | 'temp' | 'draft';
  name: string;
  /** 1 for the root's children (aria-level). */
  level: number;
  /** The node the row lies in: a folder id, 'trash', 'temp' or null for the root. */
  parentId: string | null;
  /** Folders, Trash and Temp: whether open. */
  expanded?: boolean;
  /** Position among its siblings, from 1, and their number (aria-posinset, aria-setsize): only
   * the rows in view are in the page, so assistive technology cannot count them itself. */
  posInSet?: number;
  setSize?: number;
}

/** The tree's items grouped by parent, each group sorted: folders first, then files, by name. */
export interface TreeIndex {
  children: Map<string | null, (FileItem | FolderItem)[]>;
}

const byName = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Groups files and folders by parent, sorted (built once per tree change, not per scroll). */
export function indexTree(
  files: Record<string, FileItem>,
  folders: Record<string, FolderItem>,
): TreeIndex {
  const children = new Map<string | null, (FileItem | FolderItem)[]>();
  const add = (item: FileItem | FolderItem) => {
    // A folder whose parent is gone shows at the root.
    const parent =
      item.parentId === null || item.parentId === 'trash' || item.parentId === 'temp'
        ? item.parentId
        : folders[item.parentId]
          ? item.parentId
          : null;
    let list = children.get(parent);
    if (!list) children.set(parent, (list = []));
    list.push(item);
  };
  for (const folder of Object.values(folders)) add(folder);
  for (const file of Object.values(files)) add(file);
  for (const list of children.values()) {
    list.sort((a, b) =>
      a.type !== b.type ? (a.type === 'folder' ? -1 : 1) : byName.compare(a.name, b.name),
    );
  }
  return { children };
}

/** Where an inline name input shows for a new item: as the first row under `parentId`. */
export interface Draft {
  kind: 'file' | 'folder';
  parentId: string | null;
}

/**
 * The visible rows, in order: the root's folders and files, then Temp (when it holds files)
 * and Trash (always: it is a drop target). Children follow an expanded node. A draft row for
 * inline creation comes first under its parent (whose node is then shown open).
 */
export function visibleRows(
  index: TreeIndex,
  expanded: ReadonlySet<string>,
  draft: Draft | null = null,
): TreeRow[] {
  const rows: TreeRow[] = [];
  const seen = new Set<string>();
  const walk = (parentId: string | null, level: number) => {
    if (draft && draft.parentId === parentId) {
      rows.push({ id: 'draft', kind: 'draft', name: '', level, parentId });
    }
    const siblings = index.children.get(parentId) ?? [];
    const setSize = parentId === null ? undefined : siblings.length;
    for (const [at, item] of siblings.entries()) {
      const posInSet = setSize === undefined ? undefined : at + 1;
      const place = { level, parentId, posInSet, setSize };
      if (item.type === 'file') {
        rows.push({ id: item.id, kind: 'file', name: item.name, ...place });
        continue;
      }
      const open = expanded.has(item.id) || draft?.parentId === item.id;
      rows.push({ id: item.id, kind: 'folder', name: item.name, ...place, expanded: open });
      // A cycle in stored folders must not loop forever.
      if (open && !seen.has(item.id)) {
        seen.add(item.id);
        walk(item.id, level + 1);
      }
    }
  };
  const start = rows.length;
  walk(null, 1);
  const specials = (index.children.get('temp')?.length ?? 0) > 0 ? 2 : 1;
  const top = (index.children.get(null)?.length ?? 0) + specials;
  let position = 0;
  for (const row of rows.slice(start)) {
    if (row.level === 1 && row.kind !== 'draft') {
      position += 1;
      row.posInSet = position;
      row.setSize = top;
    }
  }
  for (const special of ['temp', 'trash'] as const) {
    const inside = index.children.get(special) ?? [];
    if (special === 'temp' && inside.length === 0) continue;
    const open = expanded.has(special) || draft?.parentId === special;
    rows.push({
      id: special,
      kind: special,
      name: special === 'trash' ? 'Trash' : 'Temp',
      level: 1,
      parentId: null,
      expanded: open,
      posInSet: (position += 1),
      setSize: top,
    });
    if (open) walk(special, 2);
  }
  return rows;
}

/** The folders that hold `id`, outermost last, with 'trash' or 'temp' when it lies there. */
export function ancestors(
  id: string,
  files: Record<string, FileItem>,
  folders: Record<string, FolderItem>,
): string[] {
  const result: string[] = [];
  let parent = files[id]?.parentId ?? folders[id]?.parentId ?? null;
  while (parent !== null && !result.includes(parent)) {
    result.push(parent);
    parent = folders[parent]?.parentId ?? null;
  }
  return result;
}
