// Hashed items for tests: a file, a folder and a file's content as the app makes them.
import { withHash } from '../items/hash.js';
import { type ContentItem, type FileItem, type FolderItem } from '../items/types.js';

/** A file item with its hash. */
export const testFile = (id: string, name: string, parentId: string | null = null): FileItem =>
  withHash<FileItem>({ id, type: 'file', name, parentId });

/** A folder item with its hash. */
export const testFolder = (id: string, name: string, parentId: string | null = null): FolderItem =>
  withHash<FolderItem>({ id, type: 'folder', name, parentId });

/** A file's content with its hash: no properties, discussions, comments or history unless
 * `extra` gives them. */
export const testContent = (
  fileId: string,
  text: string,
  extra: Partial<Omit<ContentItem, 'id' | 'type' | 'text' | 'hash'>> = {},
): ContentItem =>
  withHash<ContentItem>({
    id: `${fileId}/content`,
    type: 'content',
    text,
    properties: '',
    discussions: {},
    comments: {},
    history: [],
    ...extra,
  });
