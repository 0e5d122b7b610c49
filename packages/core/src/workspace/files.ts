import { RECENT_FILES_MAX, WELCOME_FILE_NAME } from '../constants.js';
import { type ItemRepository } from '../db/repository.js';
import { withHash } from '../items/hash.js';
import { itemIds } from '../items/item-ids.js';
import {
  type Comment,
  type ContentItem,
  type ContentStateItem,
  type DataItem,
  type Discussion,
  type FileItem,
  type FolderItem,
  type LastOpened,
} from '../items/types.js';
import { sanitizeFilename } from '../validation/name.js';
import { sanitizeText } from '../validation/text.js';

/** What a new file starts with. */
export interface NewFile {
  name?: string;
  parentId?: string | null;
  text?: string;
  properties?: string;
  discussions?: Record<string, Discussion>;
  comments?: Record<string, Comment>;
}

/** The three items of a new file: the file, its content and its content state. The name is
 * sanitised as a file name and the text as file text (spec core §5). Nothing is stored: see
 * {@link createFile}, or write them with other items in one transaction. */
export function newFileItems(
  newId: () => string,
  init: NewFile = {},
): [FileItem, ContentItem, ContentStateItem] {
  const id = newId();
  const file = withHash<FileItem>({
    id,
    type: 'file',
    name: sanitizeFilename(init.name ?? ''),
    parentId: init.parentId ?? null,
  });
  const content = withHash<ContentItem>({
    id: itemIds.content(id),
    type: 'content',
    text: sanitizeText(init.text ?? ''),
    properties: init.properties ?? '',
    discussions: init.discussions ?? {},
    comments: init.comments ?? {},
    history: [],
  });
  const state = withHash<ContentStateItem>({
    id: itemIds.contentState(id),
    type: 'contentState',
    selectionStart: 0,
    selectionEnd: 0,
    scrollPosition: null,
  });
  return [file, content, state];
}

/** Creates a file with its content and content state in one transaction (see
 * {@link newFileItems}). */
export async function createFile(
  repo: ItemRepository,
  newId: () => string,
  init: NewFile = {},
): Promise<FileItem> {
  const items = newFileItems(newId, init);
  await repo.put(items);
  return items[0];
}

/** Renames a file; the name is sanitised (slashes, control characters and runs of spaces become
 * one space; empty becomes 'Untitled'). Resolves to the stored file. */
export async function renameFile(
  repo: ItemRepository,
  fileId: string,
  name: string,
): Promise<FileItem | undefined> {
  return setName<FileItem>(repo, fileId, sanitizeFilename(name));
}

/** Sets a file's or folder's (already sanitised) name in one read-modify-write. Resolves to the
 * stored item (unchanged when it had that name), or undefined when it does not exist. */
export async function setName<T extends FileItem | FolderItem>(
  repo: ItemRepository,
  id: string,
  name: string,
): Promise<T | undefined> {
  return repo.update<T>(id, (current) => {
    if (!current || current.name === name) return undefined;
    const { tx: _tx, hash: _hash, ...item } = current;
    return withHash<T>({ ...item, name } as unknown as T);
  });
}

/** Reads the recently opened files, newest first. */
export async function readLastOpened(repo: ItemRepository): Promise<string[]> {
  const item = await repo.get<DataItem<LastOpened>>('lastOpened');
  return Array.isArray(item?.data?.fileIds) ? item.data.fileIds : [];
}

/** Makes `fileId` the most recently opened file, keeping the last 20. */
export async function recordOpened(repo: ItemRepository, fileId: string): Promise<void> {
  await repo.update<DataItem<LastOpened>>('lastOpened', (current) => {
    const previous = Array.isArray(current?.data?.fileIds) ? current.data.fileIds : [];
    if (previous[0] === fileId) return undefined;
    const fileIds = [fileId, ...previous.filter((id) => id !== fileId)].slice(0, RECENT_FILES_MAX);
    return withHash<DataItem<LastOpened>>({ id: 'lastOpened', type: 'data', data: { fileIds } });
  });
}

/** Chooses the file to open (spec core §4, current file): the most recently opened file that
 * still exists outside the trash, else any file outside the trash, else a new 'Welcome file'
 * with `welcomeText`. */
export async function resolveCurrentFile(
  repo: ItemRepository,
  newId: () => string,
  welcomeText: string,
): Promise<FileItem> {
  const files = (await repo.getAll('file')) as FileItem[];
  const usable = new Map(files.filter((f) => f.parentId !== 'trash').map((f) => [f.id, f]));
  for (const id of await readLastOpened(repo)) {
    const file = usable.get(id);
    if (file) return file;
  }
  const anyFile = [...usable.values()].find((file) => file.parentId !== 'temp');
  if (anyFile) return anyFile;
  return createFile(repo, newId, { name: WELCOME_FILE_NAME, text: welcomeText });
}
