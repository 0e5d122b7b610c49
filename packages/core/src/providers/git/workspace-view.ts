// What a commit of a git workspace holds, item by item, as the sync engine sees it; and what
// changed between two commits.
import { withHash } from '../../items/hash.js';
import { type FileItem, type FolderItem, type Item } from '../../items/types.js';
import { type RemoteChange, type SyncData } from '../../sync/workspace-provider.js';
import {
  derivedId,
  folderPath,
  type GitContentEntry,
  GIT_DATA_FOLDER,
  type GitManifest,
  isReservedPath,
} from './layout.js';

/** One item of a git workspace: the item (content without its text), its sync data, its order
 * of writing, and for content where its text is. */
export interface ViewEntry {
  seq: number;
  item: Item;
  syncData: SyncData;
  content?: GitContentEntry;
}

/** The items of a workspace by id. */
export type WorkspaceView = Map<string, ViewEntry>;

/** The hash reported for a text changed outside the app (on the forge's web page, by a clone):
 * never a real content hash, so the engine downloads it and merges. */
export const foreignHash = (sha: string) => `git:${sha}`;

/** Sync data of an item other than content (the id is the item's). */
export const itemSyncData = (item: Item): SyncData => ({
  id: item.id,
  itemId: item.id,
  type: item.type,
  hash: item.hash,
});

/** Sync data of a file's content: its hash and its text's blob sha. */
export const contentSyncData = (fileId: string, hash: string, sha: string): SyncData => ({
  id: `${fileId}/content`,
  itemId: `${fileId}/content`,
  type: 'content',
  hash,
  sha,
});

/** A content entry of the view: the item as the changes give it (no text). */
export function contentViewEntry(fileId: string, seq: number, content: GitContentEntry): ViewEntry {
  return {
    seq,
    item: { id: `${fileId}/content`, type: 'content', hash: content.hash } as Item,
    syncData: contentSyncData(fileId, content.hash, content.sha),
    content,
  };
}

/**
 * The items of a commit: those of the manifest, where each text is found at its path (a text
 * edited elsewhere gets a {@link foreignHash}; a text deleted elsewhere takes its file with it),
 * and the `.md` files the manifest does not know (added by another tool), with ids made from
 * their paths and folders for their folders. `files` maps each blob path under the workspace's
 * folder to its sha.
 */
export function workspaceView(
  manifest: GitManifest,
  files: ReadonlyMap<string, string>,
): WorkspaceView {
  const view: WorkspaceView = new Map();
  const claimed = new Set<string>();
  const gone = new Set<string>();
  for (const [fileId, entry] of Object.entries(manifest.contents)) {
    claimed.add(entry.path);
    const sha = files.get(entry.path);
    if (sha === undefined) {
      gone.add(fileId);
      continue;
    }
    const data = files.get(`${GIT_DATA_FOLDER}/${fileId}.json`);
    const hash = sha === entry.sha && data === entry.data ? entry.hash : foreignHash(sha);
    const { seq: _seq, ...rest } = entry;
    const content: GitContentEntry = { ...rest, sha, hash };
    if (data === undefined) delete content.data;
    else content.data = data;
    view.set(`${fileId}/content`, contentViewEntry(fileId, entry.seq, content));
  }
  for (const [id, { seq, item }] of Object.entries(manifest.items)) {
    if (gone.has(id)) continue;
    view.set(id, { seq, item, syncData: itemSyncData(item) });
  }
  addForeignFiles(view, manifest, files, claimed);
  return view;
}

// The .md files nobody wrote through the app, with their folders.
function addForeignFiles(
  view: WorkspaceView,
  manifest: GitManifest,
  files: ReadonlyMap<string, string>,
  claimed: ReadonlySet<string>,
): void {
  const items = new Map([...view].map(([id, entry]) => [id, entry.item]));
  const folderIds = new Map<string, string>();
  for (const item of items.values()) {
    if (item.type !== 'folder') continue;
    const path = folderPath(item.id, items);
    if (path !== undefined) folderIds.set(path, item.id);
  }
  let seq = manifest.seq;
  const folderOf = (path: string): string | null => {
    if (path === '') return null;
    const known = folderIds.get(path);
    if (known) return known;
    const slash = path.lastIndexOf('/');
    const parentId = folderOf(slash < 0 ? '' : path.slice(0, slash));
    const folder = withHash<FolderItem>({
      id: derivedId('folder', path),
      type: 'folder',
      name: path.slice(slash + 1),
      parentId,
    });
    folderIds.set(path, folder.id);
    seq += 1;
    view.set(folder.id, { seq, item: folder, syncData: itemSyncData(folder) });
    return folder.id;
  };
  const foreign = [...files.keys()]
    .filter((path) => path.endsWith('.md') && !claimed.has(path) && !isReservedPath(path))
    .sort();
  for (const path of foreign) {
    const slash = path.lastIndexOf('/');
    const name = path.slice(slash + 1, -'.md'.length);
    if (name === '') continue;
    const file = withHash<FileItem>({
      id: derivedId('file', path),
      type: 'file',
      name,
      parentId: folderOf(slash < 0 ? '' : path.slice(0, slash)),
    });
    if (view.has(file.id)) continue;
    seq += 1;
    view.set(file.id, { seq, item: file, syncData: itemSyncData(file) });
    const sha = files.get(path)!;
    view.set(
      `${file.id}/content`,
      contentViewEntry(file.id, seq, { path, sha, hash: foreignHash(sha) }),
    );
  }
}

const sameSyncData = (a: SyncData, b: SyncData) =>
  a.hash === b.hash && a.sha === b.sha && a.type === b.type;

/** The changes from `before` (undefined: nothing known) to `after`: removals first, then what
 * was added or changed, in the order it was written. */
export function viewChanges(
  before: WorkspaceView | undefined,
  after: WorkspaceView,
): RemoteChange[] {
  const removed: RemoteChange[] = [];
  for (const id of before?.keys() ?? []) {
    if (!after.has(id)) removed.push({ itemId: id, item: null, syncData: null });
  }
  const changed = [...after.entries()]
    .filter(([id, entry]) => {
      const old = before?.get(id);
      return (
        !old || !sameSyncData(old.syncData, entry.syncData) || old.item.hash !== entry.item.hash
      );
    })
    .sort((a, b) => a[1].seq - b[1].seq || (a[0] < b[0] ? -1 : 1))
    .map(([id, entry]) => ({ itemId: id, item: entry.item, syncData: entry.syncData }));
  return [...removed, ...changed];
}
