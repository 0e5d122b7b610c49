import { type ItemRepository, type StoredItem } from '../db/repository.js';
import { type ItemHasher, withHash } from '../items/hash.js';
import { itemIds } from '../items/item-ids.js';
import { type ContentItem } from '../items/types.js';
import { type MergeConflict, type MergeLabels, mergeText } from '../merge/merge-text.js';
import { diffEdits, type TextEdit } from '../merge/text-edit.js';
import { sanitizeText } from '../validation/text.js';

/** The editor a session keeps in step with the database. */
export interface TextHost {
  /** The text as the user sees it now. */
  getText(): string;
  /** Applies edits that came from elsewhere (positions in the current text). */
  applyEdits(edits: TextEdit[]): void;
}

/** What a `ContentSession` needs. */
export interface ContentSessionOptions {
  repo: ItemRepository;
  fileId: string;
  host: TextHost;
  /** Labels of conflict blocks when two tabs changed the same lines at once. */
  labels?: MergeLabels;
  /** Told when a merge had to keep two versions of the same lines. */
  onConflicts?(conflicts: MergeConflict[]): void;
  /** Hashes a saved version off the editor's time (the browser's native SHA-256); without it,
   * hashing is synchronous. A long text's hash costs milliseconds either way. */
  hashItem?: ItemHasher;
}

const CROSS_TAB_LABELS: MergeLabels = { local: 'this tab', remote: 'another tab' };
const UNSAVED_LABELS: MergeLabels = { local: 'unsaved edits', remote: 'saved version' };

/** Keeps one file's text in step between the editor and the local database, across tabs (spec
 * core §4; rules T1–T3 of packages/core/SPEC.md): saving writes the editor's text with one atomic
 * read-modify-write, merging any change another tab made since; changes arriving from other tabs
 * are merged into the editor. Neither side ever loses an edit. */
export class ContentSession {
  private base: StoredItem<ContentItem>;
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly options: ContentSessionOptions,
    base: StoredItem<ContentItem>,
  ) {
    this.base = base;
  }

  /** Loads the file's content. The host should then show `session.text`. */
  static async open(options: ContentSessionOptions): Promise<ContentSession> {
    const base = await options.repo.get<ContentItem>(itemIds.content(options.fileId));
    if (!base) throw new Error('Data not available.');
    return new ContentSession(options, base);
  }

  /** The file id. */
  get fileId(): string {
    return this.options.fileId;
  }

  /** The text last read from or written to the database. */
  get text(): string {
    return this.base.text;
  }

  /** The content item last read from or written to the database. */
  get content(): StoredItem<ContentItem> {
    return this.base;
  }

  /** Whether the editor holds text that is not saved yet. */
  isDirty(): boolean {
    return sanitizeText(this.options.host.getText()) !== this.base.text;
  }

  /** Saves the editor's text (T1). If another tab saved in between, its edits are merged in and
   * brought into the editor. Saves and received changes run one at a time. */
  save(): Promise<void> {
    return this.enqueue(async () => {
      const submitted = sanitizeText(this.options.host.getText());
      if (submitted === this.base.text) return;
      const base = this.base;
      // The version to write when nobody else wrote meanwhile, hashed before the transaction.
      const planned = { ...stripStored(base), text: submitted };
      const plannedHash = this.options.hashItem ? await this.options.hashItem(planned) : undefined;
      let conflicts: MergeConflict[] = [];
      const stored = await this.options.repo.update<ContentItem>(
        itemIds.content(this.fileId),
        (current) => {
          if (!current) return undefined;
          if (current.tx === base.tx) {
            if (current.text === submitted) return undefined;
            return plannedHash === undefined
              ? withHash<ContentItem>(planned)
              : { ...planned, hash: plannedHash };
          }
          let text = submitted;
          if (current.text !== base.text) {
            const merged = mergeText(base.text, submitted, current.text, this.labels);
            text = sanitizeText(merged.text);
            conflicts = merged.conflicts;
          }
          if (text === current.text) return undefined;
          return withHash<ContentItem>({ ...stripStored(current), text });
        },
      );
      // The file was deleted elsewhere: keep the text in the editor, write nothing.
      if (!stored) return;
      // The editor takes in what the merge brought before the session counts it as seen: were
      // that to fail, the next save merges it again rather than writing over it.
      if (stored.text !== submitted) this.bringIntoEditor(submitted, stored.text, conflicts);
      this.base = stored;
    });
  }

  /** Takes in a version of this file's content saved by another tab (T2). */
  receive(item: StoredItem<ContentItem>): Promise<void> {
    return this.enqueue(async () => {
      if (item.id !== itemIds.content(this.fileId) || item.tx <= this.base.tx) return;
      // As in save: the version is the session's base once it is in the editor, not before.
      if (item.text !== this.base.text) this.bringIntoEditor(this.base.text, item.text, []);
      this.base = item;
    });
  }

  /** Brings back edits that were typed but not saved before the page went away (`text`, typed
   * over `baseText`), merged with what the database holds now; then saves. */
  restoreUnsaved(baseText: string, text: string): Promise<void> {
    return this.enqueue(async () => {
      const merged = mergeText(baseText, text, this.base.text, UNSAVED_LABELS);
      this.bringIntoEditor(this.base.text, merged.text, merged.conflicts);
    }).then(() => this.save());
  }

  private get labels(): MergeLabels {
    return this.options.labels ?? CROSS_TAB_LABELS;
  }

  // The editor may hold edits typed since `ancestor`: merge `incoming` with them (T3).
  private bringIntoEditor(ancestor: string, incoming: string, known: MergeConflict[]): void {
    const now = this.options.host.getText();
    const merged = mergeText(ancestor, now, incoming, this.labels);
    const edits = diffEdits(now, merged.text);
    if (edits.length > 0) this.options.host.applyEdits(edits);
    const conflicts = [...known, ...merged.conflicts];
    if (conflicts.length > 0) this.options.onConflicts?.(conflicts);
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    const run = this.queue.then(task);
    this.queue = run.catch(() => {});
    return run;
  }
}

function stripStored<T extends object>(stored: T & { tx: number; hash: string }) {
  const { tx: _tx, hash: _hash, ...item } = stored;
  return item;
}
