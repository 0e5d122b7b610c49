// Where a git workspace keeps what (docs/adr/0005-git-workspaces.md): each file's text alone in
// `{folders}/{name}.md`, trashed files in `.inkstone-trash/`, and everything else (items, ids,
// per-file data) under `.inkstone-data/`.
import { sha1 } from '@noble/hashes/legacy.js';
import { ID_ALPHABET } from '../../items/id.js';
import { type ContentItem, type Item } from '../../items/types.js';
import { utf8Bytes } from './bytes.js';

/** The folder of the workspace's own data (never a folder of the user's). */
export const GIT_DATA_FOLDER = '.inkstone-data';
/** The folder of the trashed files' texts. */
export const GIT_TRASH_FOLDER = '.inkstone-trash';
/** The manifest: every item and where each file's text is (see {@link GitManifest}). */
export const GIT_MANIFEST_PATH = `${GIT_DATA_FOLDER}/index.json`;

/** Where a file's text is and what it was when written: `hash` is the content item's hash,
 * `sha` the git blob of the text, `data` the blob of its data file, if any. */
export interface GitContentEntry {
  path: string;
  hash: string;
  sha: string;
  data?: string;
}

/** `.inkstone-data/index.json`: each item other than content (files, folders, locations) in
 * full, each file's text by path, and `seq`, the order of writes (the changes come in it). */
export interface GitManifest {
  version: 1;
  seq: number;
  items: Record<string, { seq: number; item: Item }>;
  contents: Record<string, GitContentEntry & { seq: number }>;
}

/** An empty manifest (a repository the app never wrote to). */
export const emptyManifest = (): GitManifest => ({ version: 1, seq: 0, items: {}, contents: {} });

/** The path of a file's data (properties, discussions, comments, history), when it has any. */
export const dataPath = (fileId: string) => `${GIT_DATA_FOLDER}/${fileId}.json`;

/** What a file's data file holds: the content's fields other than its text, when not empty. */
export interface GitContentData {
  properties?: string;
  discussions?: ContentItem['discussions'];
  comments?: ContentItem['comments'];
  history?: string[];
}

/** The data file's text of a content item, or null when it has no data to keep. */
export function contentDataText(content: ContentItem): string | null {
  const data: GitContentData = {};
  if (content.properties) data.properties = content.properties;
  if (Object.keys(content.discussions).length > 0) data.discussions = content.discussions;
  if (Object.keys(content.comments).length > 0) data.comments = content.comments;
  if (content.history.length > 0) data.history = content.history;
  return Object.keys(data).length > 0 ? `${JSON.stringify(data, null, 1)}\n` : null;
}

/** Whether a path (from the workspace's folder) is one of the workspace's own, not a user file. */
export const isReservedPath = (path: string) =>
  path.startsWith(`${GIT_DATA_FOLDER}/`) || path.startsWith(`${GIT_TRASH_FOLDER}/`);

/** The extensions of the files a git workspace holds as images (issue 30). */
export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp', 'svg', 'bmp', 'ico', 'avif'];

/** Whether a path is an image file's, by its extension (any case). */
export function isImagePath(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 && IMAGE_EXTENSIONS.includes(name.slice(dot + 1).toLowerCase());
}

/** An id made from a path: a file or folder another tool added gets the same id in every
 * browser (16 base62 characters, as the app's ids). */
export function derivedId(kind: 'file' | 'folder' | 'location', path: string): string {
  const digest = sha1(utf8Bytes(`${kind}:${path}`));
  let id = '';
  for (let i = 0; id.length < 16; i += 1) id += ID_ALPHABET[digest[i]! % ID_ALPHABET.length];
  return id;
}

// A name as a path segment: no slash, never '.' or '..'.
const segment = (name: string) => {
  const clean = name.replace(/[/\\\0]/g, '_').trim();
  return clean === '' || clean === '.' || clean === '..' ? '_' : clean;
};

/** The path of a folder from the workspace's folder, or undefined when its chain is broken (a
 * parent missing, a loop) or it is in the trash. */
export function folderPath(
  folderId: string | null,
  items: ReadonlyMap<string, Item>,
): string | undefined {
  const names: string[] = [];
  const seen = new Set<string>();
  for (let id = folderId; id !== null;) {
    const folder = items.get(id);
    if (!folder || folder.type !== 'folder' || seen.has(id)) return undefined;
    seen.add(id);
    names.unshift(segment(folder.name));
    id = folder.parentId;
  }
  return names.join('/');
}

/** Where each file's text goes, by file id: `{folders}/{name}.md`, a trashed file in
 * `.inkstone-trash/` (or `trashFolder`), a text whose file is missing in `.inkstone-data/{fileId}.md`. Two files
 * that would share a path: the second (by id) gets `{name} ({id}).md`. */
export function contentPaths(
  fileIds: readonly string[],
  items: ReadonlyMap<string, Item>,
  trashFolder = GIT_TRASH_FOLDER,
): Map<string, string> {
  const paths = new Map<string, string>();
  const used = new Set<string>();
  for (const fileId of [...fileIds].sort()) {
    const file = items.get(fileId);
    let folder: string | undefined;
    if (file?.type === 'file') {
      folder = file.parentId === 'trash' ? trashFolder : folderPath(file.parentId, items);
    }
    let path =
      file?.type === 'file' && folder !== undefined
        ? `${folder ? `${folder}/` : ''}${segment(file.name)}`
        : `${GIT_DATA_FOLDER}/${fileId}`;
    if (used.has(`${path}.md`.toLowerCase())) path = `${path} (${fileId})`;
    used.add(`${path}.md`.toLowerCase());
    paths.set(fileId, `${path}.md`);
  }
  return paths;
}
