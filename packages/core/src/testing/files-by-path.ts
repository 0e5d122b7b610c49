// What the import tests share: a workspace's files by their paths, with their contents.
import { type ItemRepository } from '../db/repository.js';
import { itemIds } from '../items/item-ids.js';
import { type ContentItem, type FileItem, type FolderItem } from '../items/types.js';
import { computePaths } from '../validation/paths.js';

/** Every file of a database by its path (the trash's as `trash/…`), with its content. */
export async function filesByPath(repo: ItemRepository): Promise<Record<string, ContentItem>> {
  const files = (await repo.getAll('file')) as FileItem[];
  const folders = (await repo.getAll('folder')) as FolderItem[];
  const paths = computePaths(files, folders);
  const result: Record<string, ContentItem> = {};
  for (const file of files) {
    const path = file.parentId === 'trash' ? `trash/${file.name}` : paths.get(file.id)!;
    result[path] = (await repo.get<ContentItem>(itemIds.content(file.id)))!;
  }
  return result;
}
