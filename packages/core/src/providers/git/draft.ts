// The writes of a git workspace not yet committed, checked against the commit they start from.
import { type ContentItem, type Item } from '../../items/types.js';
import { type SyncData, TooLateError } from '../../sync/workspace-provider.js';
import { base64Bytes, gitBlobSha, utf8Bytes } from './bytes.js';
import { contentDataText, isReservedPath } from './layout.js';
import { type GitSnapshot } from './snapshot.js';
import { contentViewEntry, itemSyncData, type ViewEntry } from './workspace-view.js';

/** A text to write, and its data file's text (null: none). */
export interface DraftText {
  text: string;
  data: string | null;
}

/**
 * Writes made on top of a snapshot, to commit at once: items set (null: removed) and the texts
 * of the contents set. Each write is checked as a forge's per-file write would be: the sync
 * data given must be the item's current one (or none for a new item), else `TooLateError`.
 */
export class GitDraft {
  /** What each written item becomes, in the order written (null: removed). */
  readonly set = new Map<string, ViewEntry | null>();
  /** The texts of the contents written, by file id. */
  readonly texts = new Map<string, DraftText>();
  /** The images written (binary files of the workspace, not items), by path: their bytes in
   * base64 and their blob sha. */
  readonly images = new Map<string, { content: string; sha: string }>();
  /** The commit message given for these writes, if any. */
  message: string | undefined;
  /** Paths of the branch to delete, not items' (a StackEdit layout converted): kept when an
   * item's text ends up at the same path. */
  readonly dropped = new Set<string>();

  constructor(readonly base: GitSnapshot) {}

  /** Whether there is anything to commit. */
  get empty(): boolean {
    return this.set.size === 0 && this.images.size === 0 && this.dropped.size === 0;
  }

  /** Writes an image at `path` (from the workspace's folder) unless the branch already has
   * these bytes there; returns its blob sha. */
  saveImage(path: string, content: string): string {
    if (isReservedPath(path) || path.toLowerCase().endsWith('.md') || path === '') {
      throw new Error(`An image can not be written at ${path}.`);
    }
    const sha = gitBlobSha(base64Bytes(content));
    if (this.base.files.get(path) === sha) this.images.delete(path);
    else this.images.set(path, { content, sha });
    return sha;
  }

  /** The item as it is with the writes so far. */
  current(id: string): ViewEntry | undefined {
    return this.set.has(id) ? (this.set.get(id) ?? undefined) : this.base.view.get(id);
  }

  /** Sets an item other than content. */
  saveItem(item: Item, syncData: SyncData | undefined): SyncData {
    if (item.type === 'content') return this.saveContent(item, syncData);
    this.check(item.id, syncData);
    const entry: ViewEntry = { seq: 0, item, syncData: itemSyncData(item) };
    this.put(item.id, entry);
    return entry.syncData;
  }

  /** Sets a file's content: its text and its data file. */
  saveContent(content: ContentItem, syncData: SyncData | undefined): SyncData {
    this.check(content.id, syncData);
    const fileId = content.id.slice(0, -'/content'.length);
    const data = contentDataText(content);
    const entry = contentViewEntry(fileId, 0, {
      path: this.base.view.get(content.id)?.content?.path ?? '',
      hash: content.hash,
      sha: gitBlobSha(utf8Bytes(content.text)),
      ...(data === null ? {} : { data: gitBlobSha(utf8Bytes(data)) }),
    });
    this.put(content.id, entry);
    this.texts.set(fileId, { text: content.text, data });
    return entry.syncData;
  }

  /** Removes an item; one already gone is fine, one changed since is TOO_LATE. */
  remove(syncData: SyncData): void {
    const id = syncData.itemId;
    const current = this.current(id);
    if (!current) return;
    if (current.syncData.hash !== syncData.hash) throw new TooLateError();
    this.put(id, null);
    if (id.endsWith('/content')) this.texts.delete(id.slice(0, -'/content'.length));
  }

  // Re-set items go to the end: the changes list them in the order written.
  private put(id: string, entry: ViewEntry | null): void {
    this.set.delete(id);
    this.set.set(id, entry);
  }

  private check(id: string, syncData: SyncData | undefined): void {
    const current = this.current(id);
    const fresh = current ? syncData?.hash === current.syncData.hash : syncData === undefined;
    if (!fresh) throw new TooLateError();
  }
}
