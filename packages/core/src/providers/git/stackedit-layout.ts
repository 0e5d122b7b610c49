// Issue 33: a git workspace StackEdit wrote (its `githubWorkspace` and the like), read into
// items. StackEdit's layout, after its source (mafgwo/stackedit: `store/index.js`
// gitPathsByItemId, `gitWorkspaceSvc.makeChanges`, `Provider.serializeContent`):
//
//   {folders}/{name}.md                      the text, then `<!--stackedit_data:` base64 JSON of
//                                            properties, discussions, comments and history
//   .stackedit-trash/{name}.md               a file in the trash (same format)
//   .stackedit-data/{id}.json                StackEdit's own data items (settings, templates,
//                                            workspaces, badges): not the workspace's writing
//   {folders}/{name}.{base64url JSON}.sync   an empty file per sync location of `{name}.md`: the
//   {folders}/{name}.{base64url JSON}.publish location's fields (sorted keys, no id, type,
//                                            fileId or hash), URL-safe base64 without `=`
//
// Folders are not written: each is the folder of a path. Ids are not written either: StackEdit
// makes new ones in each browser. Here they are made from the paths (as for a file another tool
// added, ADR 0005), the same in every browser.
import { withHash } from '../../items/hash.js';
import {
  type ContentItem,
  type FileItem,
  type FolderItem,
  type Item,
  type LocationItem,
} from '../../items/types.js';
import { isRecord, readStackeditTrailer } from '../../transfer/stackedit-trailer.js';
import { base64Bytes, utf8Text } from './bytes.js';
import { derivedId, GIT_MANIFEST_PATH } from './layout.js';

/** StackEdit's folder of its data items. */
export const STACKEDIT_DATA_FOLDER = '.stackedit-data';
/** StackEdit's trash folder. */
export const STACKEDIT_TRASH_FOLDER = '.stackedit-trash';

// `{file path}.{base64url JSON}.sync|publish` (StackEdit's own matcher: `[\w-]+`).
export const LOCATION_PATH = /^([\s\S]+)\.([\w-]+)\.(sync|publish)$/;

/** A location file's path split: the `.md` it belongs to, its fields' base64 and its kind. */
function locationPath(
  path: string,
): { mdPath: string; data: string; type: LocationItem['type'] } | undefined {
  const match = LOCATION_PATH.exec(path);
  if (!match) return undefined;
  return {
    mdPath: `${match[1]}.md`,
    data: match[2]!,
    type: match[3] === 'sync' ? 'syncLocation' : 'publishLocation',
  };
}

const isStackeditDataPath = (path: string) => path.startsWith(`${STACKEDIT_DATA_FOLDER}/`);
const isStackeditTrashPath = (path: string) => path.startsWith(`${STACKEDIT_TRASH_FOLDER}/`);

/**
 * Whether a commit's files (paths from the workspace's folder) show StackEdit's layout by their
 * paths alone: no Inkstone index, and StackEdit's data or trash folder, or a location file
 * beside its `.md`. (A folder whose only sign is the trailers in its texts is found by
 * {@link hasStackeditTrailers}.)
 */
export function hasStackeditPaths(files: ReadonlyMap<string, string>): boolean {
  if (files.has(GIT_MANIFEST_PATH)) return false;
  for (const path of files.keys()) {
    if (isStackeditDataPath(path) || isStackeditTrashPath(path)) return true;
    const location = locationPath(path);
    if (location && files.has(location.mdPath)) return true;
  }
  return false;
}

/** The `.md` files StackEdit would read as files (its data folder aside), sorted. */
export function stackeditMarkdownPaths(files: ReadonlyMap<string, string>): string[] {
  return [...files.keys()]
    .filter((path) => path.endsWith('.md') && !isStackeditDataPath(path))
    .sort();
}

/** Whether any of the first `limit` texts (read with `readText`) ends with StackEdit's trailer,
 * in a commit without an Inkstone index. */
export async function hasStackeditTrailers(
  files: ReadonlyMap<string, string>,
  readText: (sha: string) => Promise<string>,
  limit = 10,
): Promise<boolean> {
  if (files.has(GIT_MANIFEST_PATH)) return false;
  for (const path of stackeditMarkdownPaths(files).slice(0, limit)) {
    if (readStackeditTrailer(await readText(files.get(path)!))) return true;
  }
  return false;
}

/** A workspace read from StackEdit's layout. */
export interface StackeditGitWorkspace {
  /** Folders, files and locations, hashed, ids made from their paths. */
  items: Item[];
  /** Each file's content: its text without the trailer, byte for byte, and what the trailer
   * held (properties, discussions, comments; StackEdit's history is not kept). */
  contents: ContentItem[];
  /** The `.md` path each file was read from, by file id. */
  paths: Map<string, string>;
  /** StackEdit's files read into these items (texts, trash, location files): those a
   * conversion replaces. A location file that does not read is not among them. */
  read: string[];
  /** Location files that do not read (not base64 of a JSON object, or no `.md` beside them):
   * left as they are. */
  unread: string[];
}

/** A location's fields from its file name's base64 (URL-safe, maybe without `=`), or undefined. */
export function decodeLocationFields(data: string): Record<string, unknown> | undefined {
  try {
    const plain = data.replace(/_/g, '/').replace(/-/g, '+');
    const padded = plain + '='.repeat((4 - (plain.length % 4)) % 4);
    const json: unknown = JSON.parse(utf8Text(base64Bytes(padded)));
    return isRecord(json) && typeof json.providerId === 'string' ? json : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads a commit in StackEdit's layout into items: a folder for each folder of a `.md` or
 * location path, a file and its content for each `.md` (in `.stackedit-trash/`: a file in the
 * trash), a location for each location file beside its `.md`. `files` maps the paths from the
 * workspace's folder to their blob shas; `readText` reads a blob as text.
 */
export async function readStackeditLayout(
  files: ReadonlyMap<string, string>,
  readText: (sha: string) => Promise<string>,
): Promise<StackeditGitWorkspace> {
  const items: Item[] = [];
  const contents: ContentItem[] = [];
  const paths = new Map<string, string>();
  const read: string[] = [];
  const unread: string[] = [];
  const folderIds = new Map<string, string>();
  const folderOf = (path: string): string | null => {
    if (path === '') return null;
    const known = folderIds.get(path);
    if (known) return known;
    const slash = path.lastIndexOf('/');
    const folder = withHash<FolderItem>({
      id: derivedId('folder', path),
      type: 'folder',
      name: path.slice(slash + 1),
      parentId: folderOf(slash < 0 ? '' : path.slice(0, slash)),
    });
    folderIds.set(path, folder.id);
    items.push(folder);
    return folder.id;
  };
  const fileIds = new Map<string, string>();
  for (const path of stackeditMarkdownPaths(files)) {
    const slash = path.lastIndexOf('/');
    const name = path.slice(slash + 1, -'.md'.length);
    if (name === '') continue;
    const file = withHash<FileItem>({
      id: derivedId('file', path),
      type: 'file',
      name,
      // StackEdit keeps only files in its trash, by name.
      parentId: isStackeditTrashPath(path)
        ? 'trash'
        : folderOf(slash < 0 ? '' : path.slice(0, slash)),
    });
    const stored = await readText(files.get(path)!);
    items.push(file);
    contents.push(stackeditContent(file.id, stored));
    fileIds.set(path, file.id);
    paths.set(file.id, path);
    read.push(path);
  }
  for (const path of [...files.keys()].sort()) {
    if (isStackeditDataPath(path)) continue;
    const location = locationPath(path);
    if (!location) continue;
    const fileId = fileIds.get(location.mdPath);
    const fields = fileId ? decodeLocationFields(location.data) : undefined;
    if (!fileId || !fields) {
      unread.push(path);
      continue;
    }
    items.push(
      withHash<LocationItem>({
        ...fields,
        id: derivedId('location', path),
        type: location.type,
        fileId,
        providerId: fields.providerId as string,
      }),
    );
    read.push(path);
  }
  return { items, contents, paths, read, unread };
}

/** A file's content from its `.md` as StackEdit wrote it: the text without the trailer, and
 * the trailer's properties, discussions and comments (a trailer that does not read stays
 * text). Its hash is the content hash of these. */
export function stackeditContent(fileId: string, stored: string): ContentItem {
  const trailer = readStackeditTrailer(stored);
  return withHash<ContentItem>({
    id: `${fileId}/content`,
    type: 'content',
    text: trailer ? trailer.text : stored,
    properties: trailer?.properties ?? '',
    discussions: trailer?.discussions ?? {},
    comments: trailer?.comments ?? {},
    history: [],
  });
}
