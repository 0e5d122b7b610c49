import { type ContentLimit } from './content-limit.js';
import { type ContentItem, type Item, type ItemType } from '../items/types.js';

/**
 * What the engine keeps about an item as the remote last had it (spec providers §3 "Sync
 * data"): the item's id, its type, the hash of the version synced, and the provider's own
 * version marker (`rev` for a CouchDB database, `sha` for git).
 */
export interface SyncData {
  /** The remote's id for the item (often the item id itself). */
  id: string;
  itemId: string;
  type: ItemType;
  /** The item's hash as last synced. */
  hash: string;
  rev?: string;
  sha?: string;
}

/** One change of the remote since a cursor: the item as the remote has it now, or its removal
 * (`item` null). A content item (`{fileId}/content`) comes without its text: download it with
 * `downloadContent` when needed. */
export interface RemoteChange {
  itemId: string;
  /** The remote's item (for content: id, type and hash only), or null when it was removed. */
  item: Item | null;
  syncData: SyncData | null;
}

/** A page of remote changes. `cursor` is opaque (a CouchDB sequence, a git commit…); pass it
 * back to read on. `more` is true while changes are pending after this page. */
export interface ChangesPage {
  changes: RemoteChange[];
  cursor: string;
  more: boolean;
}

/** One item of a batch save ({@link WorkspaceProvider.saveItems}): the item (content included,
 * with its text) and what the engine last knew of it (undefined: the remote never had it). */
export interface SaveEntry {
  item: Item;
  syncData: SyncData | undefined;
}

/** What became of one entry of a batch save: saved, with its new sync data, or refused because
 * the remote changed since (`tooLate`, a CouchDB `conflict`): that entry only. */
export type SaveResult = { syncData: SyncData } | { tooLate: true };

/** A revision of a file as the remote lists it (spec interface §3 "Revision"). */
export interface RemoteRevision {
  id: string;
  sub?: string;
  message?: string;
  created: number;
}

/** The remote has a file but will not give its bytes through its API (a Gitea blob past its
 * `[api] DEFAULT_MAX_BLOB_SIZE`). A text's sync stops on it; an image is left where it is. */
export class RemoteFileUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RemoteFileUnavailableError';
  }
}

/** An image file of a remote workspace: its path from the workspace's root and its version's
 * sha (a git blob sha). */
export interface RemoteImage {
  path: string;
  sha: string;
}

/**
 * The port between the sync engine and a workspace provider (a CouchDB database, a git
 * repository, a drive folder): every call goes to the remote; the engine decides what to call.
 * Implementations: the in-memory remote of the tests and simulation, the CouchDB database.
 * One contract test suite (`testing/workspace-provider-contract.ts`) runs against each.
 */
export interface WorkspaceProvider {
  /** The provider id of spec providers §3, e.g. 'couchdbWorkspace'. */
  readonly id: string;
  /** The largest file the remote takes, when its service states one (GitHub: 100 MiB): a
   * larger text is not uploaded, and the sync says so (ADR 0006). */
  readonly contentLimit?: ContentLimit;
  /** Changes since `cursor` (undefined: everything), one page at a time. */
  getChanges(cursor: string | undefined): Promise<ChangesPage>;
  /** Creates or updates an item other than content. `syncData` is what the engine last knew
   * of it (undefined: the remote has never had it). Rejects with `TooLateError` when the remote
   * changed since (a CouchDB 409). */
  saveItem(item: Item, syncData: SyncData | undefined): Promise<SyncData>;
  /** Saves several items in one request where the remote can (CouchDB `_bulk_docs`): each
   * entry as `saveItem` would (content as `uploadContent`), independently of the others; the
   * results come in the entries' order. A stale entry gives `{ tooLate: true }` and changes
   * nothing; the others are saved all the same. The entries name distinct items. When the call
   * rejects (network, HTTP error, a lost reply), any of its entries may have been saved, as a
   * `saveItem` whose reply was lost. Optional: the engine saves one by one without it. */
  saveItems?(entries: readonly SaveEntry[]): Promise<SaveResult[]>;
  /** Removes an item from the remote, with what the engine last knew of it. */
  removeItem(syncData: SyncData): Promise<void>;
  /** The content of a file as the remote has it, or null when it has none. */
  downloadContent(fileId: string, syncData: SyncData): Promise<ContentItem | null>;
  /** Told which files' contents the sync is about to download, in the order it will: a
   * provider whose reads are one request each may read a few ahead. Optional. */
  prefetchContent?(fileIds: readonly string[]): void;
  /** Creates or updates a file's content; rejects with `TooLateError` like `saveItem`. */
  uploadContent(content: ContentItem, syncData: SyncData | undefined): Promise<SyncData>;
  /** The revisions of a file's content, newest first, when the remote keeps them. */
  listRevisions?(fileId: string, syncData: SyncData): Promise<RemoteRevision[]>;
  /** The text of one of {@link listRevisions}'s revisions (the History panel's load call,
   * spec providers §4 and §7); with `listRevisions` when the remote can read them back. */
  revisionText?(fileId: string, syncData: SyncData, revisionId: string): Promise<string>;
  /** The images the remote holds beside the workspace's files (a git workspace: the image files
   * of its folder in the repository, issue 30), as of the changes read last. Optional: with it,
   * the provider has `downloadImage` and `saveImage`. */
  listImages?(): Promise<RemoteImage[]>;
  /** An image's bytes, in base64. */
  downloadImage?(image: RemoteImage): Promise<string>;
  /** Writes an image (bytes in base64) at its workspace path; resolves with its version's sha.
   * Buffered like the other writes between `beginSync` and `commitSync`. */
  saveImage?(path: string, content: string): Promise<string>;
  /** The same remote, its writes carrying `message` (a git host's commit message, S14).
   * Providers without commits do not have it. */
  withCommitMessage?(message: string): WorkspaceProvider;
  /** Starts buffering writes: the writes until {@link commitSync} are made together (a git
   * host's one commit per sync, S16). Their sync data comes back at once but is not the
   * remote's until `commitSync` resolves. Anything still buffered is dropped. With it, the
   * provider has `commitSync` and `discardSync`. */
  beginSync?(): void;
  /** Makes the buffered writes and stops buffering; `TooLateError` when the remote moved since
   * the changes were read (none of them is made then). Resolves with the cursors before and
   * after the writes when the remote is exactly the `from` cursor's state plus them (a commit
   * on top of the commit read), so that the engine can read on from `to`. */
  commitSync?(): Promise<{ from: string; to: string } | undefined>;
  /** Drops the buffered writes and stops buffering. */
  discardSync?(): void;
}

/** The remote changed between reading and writing: the sync step starts again (spec core §4
 * rule 6, 'TOO_LATE'). */
export class TooLateError extends Error {
  constructor() {
    super('TOO_LATE');
    this.name = 'TooLateError';
  }
}
