import { boundRepository } from '../db/bound-repository.js';
import { type Item } from '../items/types.js';
import {
  type ItemRepository,
  type ItemUpdater,
  type LocalRevision,
  type StoredItem,
  type UpdateCompanions,
} from '../db/repository.js';
import { utf8Length } from '../sync/content-limit.js';
import { sanitizeText } from '../validation/text.js';
import { revisionsToDrop } from './thinning.js';

/** The `history` settings: whether local revisions are kept, and the budget of a workspace's
 * revisions in bytes (docs/how-to/history.md). */
export interface HistorySettings {
  local: boolean;
  maxBytes: number;
}

/** Default budget of a workspace's local revisions: 20 MB. */
export const HISTORY_MAX_BYTES_DEFAULT = 20_000_000;
/** A pause in editing this long after changes takes a snapshot. */
export const HISTORY_PAUSE_MS = 60_000;

/** Thinning by age runs at most this often (the budget is checked at every snapshot). */
export const THIN_EVERY_MS = 60_000;

/** What took a snapshot: the file was left (another file opened, the tab hidden or closed), a
 * pause in editing, the text as it was when editing began, or a change of the text from
 * elsewhere: a sync's merge, a restore, an import, a workspace backup written over it. */
export type SnapshotReason =
  'leave' | 'pause' | 'opened' | 'merge' | 'restore' | 'import' | 'backup';

/** The revision methods of a repository. */
export type RevisionStore = Pick<
  ItemRepository,
  'putRevision' | 'listRevisions' | 'getRevisionText' | 'deleteRevisions'
>;

/**
 * The local history of a workspace's files (issue 31): snapshots of their texts kept in the
 * workspace's local database, thinned with age within the `history.maxBytes` budget. A
 * snapshot equal to the file's newest revision is not taken. Snapshots of one instance are
 * taken one after the other.
 */
export class LocalHistory {
  private queue: Promise<unknown> = Promise.resolve();
  // What the revisions took at the last thinning, and what was added since (other tabs' too
  // are counted at the next thinning), and when it ran.
  private storedBytes = 0;
  private bytesSinceThin = 0;
  private lastThin: number | undefined;
  private readonly now: () => number;

  constructor(
    private readonly store: RevisionStore,
    private readonly options: {
      newId: () => string;
      settings: () => HistorySettings;
      now?: () => number;
      /** Told of a snapshot that failed where no caller waits for it. */
      onError?: (error: unknown) => void;
    },
  ) {
    this.now = options.now ?? (() => Date.now());
  }

  /** Reports a failed snapshot no caller waits for (options.onError). */
  readonly reportError = (error: unknown): void => {
    this.options.onError?.(error);
  };

  /** Whether local revisions are kept (`history.local`). */
  get enabled(): boolean {
    return this.options.settings().local;
  }

  /** Keeps `text` (as stored: ending with one line break) as a revision of file `fileId`, unless local history is off or the text is
   * that of its newest revision; then thins the workspace's revisions. Resolves to the revision
   * kept, if any. */
  snapshot(
    fileId: string,
    text: string,
    reason: SnapshotReason,
  ): Promise<LocalRevision | undefined> {
    const run = this.queue.then(() => this.take(fileId, text, reason));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** The revisions of a file, newest first. */
  async list(fileId: string): Promise<LocalRevision[]> {
    return (await this.store.listRevisions(fileId)).reverse();
  }

  /** The text of a revision; throws when it is gone. */
  async text(id: string): Promise<string> {
    const text = await this.store.getRevisionText(id);
    if (text === undefined) throw new Error('This revision no longer exists.');
    return text;
  }

  /** Thins every revision of the workspace (see `revisionsToDrop`); resolves to how many went. */
  async thin(): Promise<number> {
    const now = this.now();
    const all = await this.store.listRevisions();
    const drop = revisionsToDrop(all, now, this.options.settings().maxBytes);
    await this.store.deleteRevisions(drop);
    const dropped = new Set(drop);
    this.storedBytes = all.reduce((sum, each) => sum + (dropped.has(each.id) ? 0 : each.bytes), 0);
    this.bytesSinceThin = 0;
    this.lastThin = now;
    return drop.length;
  }

  private async take(
    fileId: string,
    text: string,
    reason: SnapshotReason,
  ): Promise<LocalRevision | undefined> {
    if (!this.enabled) return undefined;
    // As the file stores it (one final line break): the editor's text and the stored one are
    // the same version.
    text = sanitizeText(text);
    const newest = (await this.store.listRevisions(fileId)).at(-1);
    // (The newest text is read only when it could be equal.)
    if (newest && newest.length === text.length) {
      if ((await this.store.getRevisionText(newest.id)) === text) return undefined;
    }
    const revision: LocalRevision = {
      id: this.options.newId(),
      fileId,
      time: Math.max(this.now(), (newest?.time ?? 0) + 1),
      length: text.length,
      bytes: utf8Length(text),
      reason,
    };
    await this.store.putRevision(revision, text);
    // Thinning reads every revision's entry of the workspace: it runs when the budget may be
    // exceeded, or a minute after the last one (ages move slowly), not at every snapshot of a
    // sync that changes a thousand files.
    this.bytesSinceThin += revision.bytes;
    const maxBytes = this.options.settings().maxBytes;
    const due = this.lastThin === undefined || revision.time - this.lastThin >= THIN_EVERY_MS;
    if (due || this.storedBytes + this.bytesSinceThin > maxBytes) await this.thin();
    return revision;
  }
}

const isContent = (item: Item) => item.type === 'content' && 'text' in item;
const fileIdOf = (contentId: string) => contentId.slice(0, contentId.lastIndexOf('/'));

/**
 * A repository that keeps, before each write that changes the text of a file's content (a
 * sync's merge, a workspace backup imported over it), the text it had as a local revision
 * (`reason`). Everything else passes straight through.
 */
export function withSnapshotsBeforeOverwrite(
  repo: ItemRepository,
  history: LocalHistory,
  reason: SnapshotReason,
): ItemRepository {
  // Reads the texts now stored under the content ids among `ids`.
  const before = async (ids: readonly string[]) => {
    const texts = new Map<string, string>();
    if (!history.enabled) return texts;
    for (const id of ids) {
      if (!id.endsWith('/content')) continue;
      const stored = await repo.get(id);
      if (stored && isContent(stored)) texts.set(id, (stored as { text: string }).text);
    }
    return texts;
  };
  // Keeps the texts read before that the write changed.
  const after = async (texts: Map<string, string>, written: readonly Item[]) => {
    for (const item of written) {
      const old = texts.get(item.id);
      if (old === undefined || !isContent(item)) continue;
      if ((item as { text: string }).text !== old) {
        // (A revision that cannot be kept never stops the write: it is reported, and goes on.)
        await history.snapshot(fileIdOf(item.id), old, reason).catch(history.reportError);
      }
    }
  };
  return {
    ...boundRepository(repo),
    put: async (items) => {
      const texts = await before(items.filter(isContent).map((item) => item.id));
      const tx = await repo.put(items);
      await after(texts, items);
      return tx;
    },
    update: async <T extends Item>(id: string, updater: ItemUpdater<T>) => {
      const texts = await before([id]);
      let written: T | undefined;
      const result = await repo.update<T>(id, (current) => (written = updater(current)));
      if (written) await after(texts, [written]);
      return result;
    },
    updateWith: async <T extends Item>(
      id: string,
      updater: ItemUpdater<T>,
      companions: UpdateCompanions<T>,
      known?: StoredItem<T>,
    ) => {
      const texts = await before([id]);
      let written: T | undefined;
      const result = await repo.updateWith<T>(
        id,
        (current) => (written = updater(current)),
        companions,
        known,
      );
      if (written && result.tx > 0) await after(texts, [written]);
      return result;
    },
  };
}
