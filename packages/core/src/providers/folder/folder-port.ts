import { base64Bytes, gitBlobSha, utf8Bytes, utf8Text } from '../git/bytes.js';
import {
  type GitFileChange,
  type GitFileWritePort,
  GitObjectMissingError,
  type GitTreeListing,
  NotFastForwardError,
} from '../git/git-data-port.js';
import {
  GIT_DATA_FOLDER,
  GIT_MANIFEST_PATH,
  GIT_TRASH_FOLDER,
  isImagePath,
  isReservedPath,
} from '../git/layout.js';
import { STACKEDIT_DATA_FOLDER, STACKEDIT_TRASH_FOLDER } from '../git/stackedit-layout.js';
import { type FolderHandle, isNotFound } from './directory-handle.js';

/** One listing of the folder: each workspace file's path and git blob sha, and its digest. */
interface Listing {
  head: string;
  files: ReadonlyMap<string, string>;
}

/** What a folder port keeps between sessions: its last listings (so that the changes made on
 * disk while the app was closed, removals included, are read as a diff), and the workspace
 * index each of them had. */
export interface FolderRecord {
  listings: { head: string; files: Record<string, string> }[];
  /** The index's text by its blob sha. */
  indexes: Record<string, string>;
}

/** Where a folder port keeps its {@link FolderRecord} (the workspace's local storage). */
export interface FolderRecordStore {
  load(): Promise<FolderRecord | undefined>;
  save(record: FolderRecord): Promise<void>;
}

/** What a {@link FolderPort} needs. */
export interface FolderPortOptions {
  /** Keeps the last listings between sessions (default: in memory only). */
  store?: FolderRecordStore;
}

/** Said when the workspace's folder itself is gone (moved, renamed or deleted on disk). */
export const folderGone = (name: string) =>
  `The folder “${name}” is no longer where it was (moved, renamed or deleted): nothing was read or written. Your files stay in this browser; put the folder back, or add it again from Workspaces.`;

// Listings kept in memory to diff against (the engine's cursor is usually the last but one),
// and between sessions.
const KEPT_LISTINGS = 6;
const SAVED_LISTINGS = 2;

// The folders at the top that are read although hidden: the app's own, and StackEdit's (a folder
// StackEdit kept is recognised by them, and converted: issue 33).
const READ_HIDDEN = [
  GIT_DATA_FOLDER,
  GIT_TRASH_FOLDER,
  STACKEDIT_DATA_FOLDER,
  STACKEDIT_TRASH_FOLDER,
];

/** Whether a folder's entries are read: not the hidden ones (`.git`, an editor's), the app's
 * and StackEdit's own at the top excepted, nor `node_modules`. */
export function isReadFolder(name: string, atTop: boolean): boolean {
  if (name === 'node_modules') return false;
  if (!name.startsWith('.')) return true;
  return atTop && READ_HIDDEN.includes(name);
}

/** Whether a file is one of the workspace's: a `.md` text, an image, the app's own data, or
 * one of StackEdit's (its data, its location files `{path}.{base64}.sync|publish`). */
export const isWorkspaceFile = (path: string): boolean =>
  isReservedPath(path) ||
  path.endsWith('.md') ||
  isImagePath(path) ||
  path.startsWith(`${STACKEDIT_DATA_FOLDER}/`) ||
  /\.(sync|publish)$/.test(path);

/**
 * A folder on the user's disk as the git workspace engine's port (a forge that commits
 * files): a "commit" is a listing of the folder, named by a digest of its paths and git blob
 * shas, so any change on disk is a new head; committing writes and removes the files, once the
 * folder is checked to still be the listing the changes were made on (else, as a forge's
 * race, {@link NotFastForwardError}: the sync reads the outside change and starts again).
 * A listing neither kept nor saved reads as {@link GitObjectMissingError}: the engine then
 * reports every file again, which the sync's hashes make harmless.
 */
export class FolderPort implements GitFileWritePort {
  // The sha of each file as last read, by path, while its size and time are the same.
  private readonly known = new Map<string, { size: number; lastModified: number; sha: string }>();
  private readonly listings: Listing[] = [];
  // The index's bytes by sha, for the listings kept (an earlier one may have been rewritten).
  private readonly indexes = new Map<string, Uint8Array>();
  private loaded: Promise<void> | undefined;

  constructor(
    private readonly root: FolderHandle,
    private readonly options: FolderPortOptions = {},
  ) {}

  /** The folder's name, as the user picked it. */
  get name(): string {
    return this.root.name;
  }

  /** Lists the folder now: its digest changes with any file of the workspace on disk. */
  async readHead(): Promise<string> {
    const files = new Map<string, string>();
    try {
      await this.walk(this.root, '', files);
    } catch (error) {
      if (isNotFound(error)) throw new Error(folderGone(this.root.name));
      throw error;
    }
    return (await this.remember(files)).head;
  }

  async readTree(commit: string): Promise<GitTreeListing> {
    const listing = await this.listing(commit);
    if (!listing) throw new GitObjectMissingError(commit);
    return {
      sha: '',
      truncated: false,
      entries: [...listing.files].map(([path, sha]) => ({
        path,
        sha,
        type: 'blob' as const,
        mode: '100644',
      })),
    };
  }

  /** A file's bytes by the sha a listing gave it: read from disk where a file of the listings
   * still has them; gone since (changed again on disk): {@link GitObjectMissingError}. */
  async readBlob(sha: string): Promise<Uint8Array> {
    const index = this.indexes.get(sha);
    if (index) return index;
    const tried = new Set<string>();
    for (let i = this.listings.length - 1; i >= 0; i -= 1) {
      for (const [path, blob] of this.listings[i]!.files) {
        if (blob !== sha || tried.has(path)) continue;
        tried.add(path);
        const bytes = await this.readFile(path);
        if (bytes && gitBlobSha(bytes) === sha) return bytes;
      }
    }
    throw new GitObjectMissingError(sha);
  }

  /** Writes and removes files, if the folder still is `parent`: the texts first, the index
   * next, removals last, so that a write cut short leaves a file twice rather than none. */
  async commitFiles(
    _message: string,
    parent: string | undefined,
    changes: readonly GitFileChange[],
  ): Promise<string> {
    const head = await this.readHead();
    if (head !== parent) throw new NotFastForwardError();
    const files = new Map(this.listings.at(-1)!.files);
    const writes: [string, Uint8Array][] = [];
    const removals: string[] = [];
    // (A kept or moved blob is read before anything is written or removed.)
    for (const change of changes) {
      if ('content' in change) {
        const bytes =
          change.encoding === 'base64' ? base64Bytes(change.content) : utf8Bytes(change.content);
        writes.push([change.path, bytes]);
      } else if (change.sha === null) removals.push(change.path);
      else writes.push([change.path, await this.readBlob(change.sha)]);
    }
    const last = (path: string) => (path === GIT_MANIFEST_PATH ? 1 : 0);
    writes.sort((a, b) => last(a[0]) - last(b[0]));
    for (const [path, bytes] of writes) files.set(path, await this.writeFile(path, bytes));
    for (const path of removals) {
      await this.removeFile(path);
      files.delete(path);
    }
    return (await this.remember(files)).head;
  }

  private async walk(folder: FolderHandle, prefix: string, out: Map<string, string>) {
    const entries: { kind: 'file' | 'directory'; name: string }[] = [];
    for await (const entry of folder.values()) entries.push({ kind: entry.kind, name: entry.name });
    await Promise.all(
      entries.map(async ({ kind, name }) => {
        const path = prefix + name;
        try {
          if (kind === 'directory') {
            if (!isReadFolder(name, prefix === '')) return;
            await this.walk(await folder.getDirectoryHandle(name), `${path}/`, out);
          } else if (isWorkspaceFile(path)) {
            out.set(path, await this.fileSha(folder, name, path));
          }
        } catch (error) {
          // Removed while the folder was read: not in this listing.
          if (!isNotFound(error)) throw error;
        }
      }),
    );
  }

  // A file's git blob sha, computed again only when its size or time changed.
  private async fileSha(folder: FolderHandle, name: string, path: string): Promise<string> {
    const file = await (await folder.getFileHandle(name)).getFile();
    const known = this.known.get(path);
    if (known && known.size === file.size && known.lastModified === file.lastModified) {
      return known.sha;
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    const sha = gitBlobSha(bytes);
    this.known.set(path, { size: file.size, lastModified: file.lastModified, sha });
    if (path === GIT_MANIFEST_PATH) this.indexes.set(sha, bytes);
    return sha;
  }

  private async remember(files: Map<string, string>): Promise<Listing> {
    const lines = [...files]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([path, sha]) => `${path}\0${sha}\n`)
      .join('');
    const head = gitBlobSha(utf8Bytes(lines));
    const index = this.listings.findIndex((listing) => listing.head === head);
    const listing = index >= 0 ? this.listings.splice(index, 1)[0]! : { head, files };
    this.listings.push(listing);
    if (this.listings.length > KEPT_LISTINGS) this.listings.shift();
    const indexShas = new Set(this.listings.map((kept) => kept.files.get(GIT_MANIFEST_PATH)));
    for (const sha of this.indexes.keys()) if (!indexShas.has(sha)) this.indexes.delete(sha);
    if (index < 0 || index < this.listings.length - 1) await this.save();
    return listing;
  }

  private async listing(head: string): Promise<Listing | undefined> {
    const known = this.listings.find((listing) => listing.head === head);
    if (known || !this.options.store) return known;
    this.loaded ??= this.load();
    await this.loaded;
    return this.listings.find((listing) => listing.head === head);
  }

  // The listings saved by an earlier session, older than any of this one.
  private async load(): Promise<void> {
    const record = await this.options.store!.load();
    if (!record) return;
    for (const [sha, text] of Object.entries(record.indexes)) {
      if (!this.indexes.has(sha)) this.indexes.set(sha, utf8Bytes(text));
    }
    const saved = record.listings
      .filter(({ head }) => !this.listings.some((listing) => listing.head === head))
      .map(({ head, files }) => ({ head, files: new Map(Object.entries(files)) }));
    this.listings.unshift(...saved);
  }

  private async save(): Promise<void> {
    if (!this.options.store) return;
    const listings = this.listings.slice(-SAVED_LISTINGS);
    const indexes: Record<string, string> = {};
    for (const { files } of listings) {
      const sha = files.get(GIT_MANIFEST_PATH);
      const bytes = sha === undefined ? undefined : this.indexes.get(sha);
      if (sha !== undefined && bytes) indexes[sha] = utf8Text(bytes);
    }
    await this.options.store.save({
      listings: listings.map(({ head, files }) => ({ head, files: Object.fromEntries(files) })),
      indexes,
    });
  }

  private async folderOf(path: string, create: boolean): Promise<FolderHandle | undefined> {
    let folder = this.root;
    const names = path.split('/').slice(0, -1);
    for (const name of names) {
      try {
        folder = await folder.getDirectoryHandle(name, { create });
      } catch (error) {
        if (!create && isNotFound(error)) return undefined;
        throw error;
      }
    }
    return folder;
  }

  private async readFile(path: string): Promise<Uint8Array | undefined> {
    try {
      const folder = await this.folderOf(path, false);
      if (!folder) return undefined;
      const file = await (
        await folder.getFileHandle(path.slice(path.lastIndexOf('/') + 1))
      ).getFile();
      return new Uint8Array(await file.arrayBuffer());
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  // Writes a file (its folders made as needed); resolves with its sha.
  private async writeFile(path: string, bytes: Uint8Array): Promise<string> {
    const folder = (await this.folderOf(path, true))!;
    const handle = await folder.getFileHandle(path.slice(path.lastIndexOf('/') + 1), {
      create: true,
    });
    const writable = await handle.createWritable();
    await writable.write(new Uint8Array(bytes));
    await writable.close();
    const file = await handle.getFile();
    const sha = gitBlobSha(bytes);
    this.known.set(path, { size: file.size, lastModified: file.lastModified, sha });
    if (path === GIT_MANIFEST_PATH) this.indexes.set(sha, bytes);
    return sha;
  }

  // Removes a file, then each folder of its path that this left empty.
  private async removeFile(path: string): Promise<void> {
    const names = path.split('/');
    const folders: FolderHandle[] = [this.root];
    for (const name of names.slice(0, -1)) {
      try {
        folders.push(await folders.at(-1)!.getDirectoryHandle(name));
      } catch (error) {
        if (isNotFound(error)) return;
        throw error;
      }
    }
    this.known.delete(path);
    for (let depth = names.length - 1; depth >= 0; depth -= 1) {
      if (depth < names.length - 1 && !(await isEmpty(folders[depth + 1]!))) return;
      try {
        await folders[depth]!.removeEntry(names[depth]!);
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    }
  }
}

async function isEmpty(folder: FolderHandle): Promise<boolean> {
  for await (const _entry of folder.values()) return false;
  return true;
}
