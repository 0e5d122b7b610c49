import { WELCOME_FILE_NAME } from '../constants.js';
import { type StoredItem } from '../db/repository.js';
import { type ContentItem, type FileItem, type Item, type ItemType } from '../items/types.js';

/** Item types the workspace sync uploads as items; content goes through the content step, and
 * content states, synced contents and data items stay local. */
export const SYNCED_ITEM_TYPES: readonly ItemType[] = [
  'file',
  'folder',
  'syncLocation',
  'publishLocation',
];

/** What decides whether a file takes part in sync (spec core §4, rule S6). */
export interface SyncScope {
  /** Hashes of the Welcome file's content as the app creates it (`welcomeFileHashes`). */
  welcomeFileHashes: ReadonlySet<string>;
}

/** The local items the workspace sync considers, by id, with the ids of files left out: temp
 * files and an unmodified Welcome file without locations (spec core §4), with their content and
 * locations. */
export function localSyncView(
  items: readonly StoredItem[],
  scope: SyncScope,
): { items: Map<string, StoredItem>; excludedFileIds: Set<string> } {
  const byId = new Map(items.map((item) => [item.id, item]));
  const locatedFileIds = new Set(
    items.flatMap((item) =>
      item.type === 'syncLocation' || item.type === 'publishLocation' ? [item.fileId] : [],
    ),
  );
  const excludedFileIds = new Set<string>();
  for (const item of items) {
    if (item.type !== 'file') continue;
    const content = byId.get(`${item.id}/content`) as ContentItem | undefined;
    if (isTemp(item)) excludedFileIds.add(item.id);
    else if (
      item.name === WELCOME_FILE_NAME &&
      !locatedFileIds.has(item.id) &&
      content !== undefined &&
      scope.welcomeFileHashes.has(content.hash)
    ) {
      excludedFileIds.add(item.id);
    }
  }
  return { items: byId, excludedFileIds };
}

/** Whether a file is a temp file (parent 'temp'). */
export function isTemp(file: FileItem): boolean {
  return file.parentId === 'temp';
}

/** The file an item belongs to: itself for a file, its `fileId` for a location, the id prefix
 * for content; undefined for folders. */
export function owningFileId(item: Item): string | undefined {
  if (item.type === 'file') return item.id;
  if (item.type === 'syncLocation' || item.type === 'publishLocation') return item.fileId;
  if (item.type === 'content') return item.id.slice(0, -'/content'.length);
  return undefined;
}
