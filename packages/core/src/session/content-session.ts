import { type ItemRepository, type StoredItem } from '../db/repository.js';
// Types only, as the merge: loaded with it.
import type { remapDiscussions } from '../discussions/anchors.js';
import type { mergeTalk, Talk, TalkVersion } from '../discussions/merge-talk.js';
import { canonicalJson } from '../items/canonical-json.js';
import { type ItemHasher, withHash } from '../items/hash.js';
import { itemIds } from '../items/item-ids.js';
import { type ContentItem } from '../items/types.js';
// Types only: the merge's code loads when a save or a change needs it (`loadMerging`).
import type { MergeConflict, MergeLabels, mergeText } from '../merge/merge-text.js';
import type { diffEdits, TextEdit } from '../merge/text-edit.js';
import { sanitizeText } from '../validation/text.js';
import { type ContentPlace, contentStateItem, mapPlace, saveContentState } from './place.js';

/** The editor a session keeps in step with the database. */
export interface TextHost {
  /** The text as the user sees it now. */
  getText(): string;
  /** Where the user is in the text `getText` just gave (called right after it): each save
   * stores it with that text, in the same transaction. Without it, saves store no place. */
  getPlace?(): ContentPlace;
  /** Applies edits that came from elsewhere (positions in the current text). */
  applyEdits(edits: TextEdit[]): void;
  /** The file's discussions and comments as the editor holds them, their ranges in the text
   * `getText` gives. Without it, saves keep the stored ones. */
  getTalk?(): Talk;
  /** Puts discussions and comments that came from elsewhere (merged with the editor's own, their
   * ranges in the current text) in the editor. */
  setTalk?(talk: Talk): void;
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

/** The merge and the diff, with diff-match-patch: loaded at the first save or change that needs
 * them, not with the editor (a session that only opens a file never needs them). */
interface Merging {
  mergeText: typeof mergeText;
  diffEdits: typeof diffEdits;
  mergeTalk: typeof mergeTalk;
  remapDiscussions: typeof remapDiscussions;
}
let merging: Promise<Merging> | undefined;
let loadedMerging: Merging | undefined;
function loadMerging(): Promise<Merging> {
  merging ??= Promise.all([
    import('../merge/merge-text.js'),
    import('../merge/text-edit.js'),
    import('../discussions/merge-talk.js'),
    import('../discussions/anchors.js'),
  ]).then(
    ([{ mergeText }, { diffEdits }, { mergeTalk }, { remapDiscussions }]) =>
      (loadedMerging = { mergeText, diffEdits, mergeTalk, remapDiscussions }),
  );
  // A failed load is tried again at the next need.
  merging.catch(() => {
    merging = undefined;
  });
  return merging;
}

/** Loads the merge's code ahead of need (an app calls it once its first screen shows). */
export function preloadMerging(): Promise<void> {
  return loadMerging().then(() => undefined);
}

const CROSS_TAB_LABELS: MergeLabels = { local: 'this tab', remote: 'another tab' };
const UNSAVED_LABELS: MergeLabels = { local: 'unsaved edits', remote: 'saved version' };

/** Keeps one file's text in step between the editor and the local database, across tabs (spec
 * core §4; rules T1–T5 of packages/core/SPEC.md): saving writes the editor's text with one atomic
 * read-modify-write, merging any change another tab made since, and where the user is in that
 * text in the same transaction; changes arriving from other tabs are merged into the editor.
 * Neither side ever loses an edit. */
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
    const { host } = this.options;
    if (sanitizeText(host.getText()) !== this.base.text) return true;
    return host.getTalk !== undefined && !sameTalk(host.getTalk(), this.base);
  }

  /** Saves the editor's text (T1) and, when the host gives it, where the user is in it (T5):
   * both in one transaction, so that a crash can never leave the text of one moment with the
   * caret of another. If another tab saved in between, its edits are merged in and brought into
   * the editor (the place saved moves with them). With the text unchanged, only the place is
   * written, if it changed. Saves and received changes run one at a time. */
  save(): Promise<void> {
    return this.enqueue(async () => {
      // Without another tab's save in between, a save needs no merge and never waits for its
      // code; with one, the transaction writes nothing, the code loads, and the save runs again.
      while (!(await this.saveOnce(loadedMerging))) await loadMerging();
    });
  }

  // One attempt at a save (see `save`): false when a merge was needed and `merging` is not
  // loaded yet (nothing written then).
  private async saveOnce(merging: Merging | undefined): Promise<boolean> {
    const { host, repo } = this.options;
    const submitted = sanitizeText(host.getText());
    const place = host.getPlace?.();
    const base = this.base;
    // The discussions and comments go with the text (their ranges point into it).
    const submittedTalk = host.getTalk?.() ?? talkOf(base);
    if (submitted === base.text && sameTalk(submittedTalk, base)) {
      if (place) await saveContentState(repo, this.fileId, place);
      return true;
    }
    // The version to write when nobody else wrote meanwhile, hashed before the transaction.
    const planned = { ...stripStored(base), text: submitted, ...talkOf(submittedTalk) };
    const plannedHash = this.options.hashItem ? await this.options.hashItem(planned) : undefined;
    let conflicts: MergeConflict[] = [];
    let mergeMissing = false;
    const updater = (current: StoredItem<ContentItem> | undefined) => {
      if (!current) return undefined;
      if (current.tx === base.tx) {
        if (current.text === submitted && sameTalk(current, submittedTalk)) return undefined;
        return plannedHash === undefined
          ? withHash<ContentItem>(planned)
          : { ...planned, hash: plannedHash };
      }
      if (!merging) {
        mergeMissing = true;
        return undefined;
      }
      let text = submitted;
      if (current.text !== base.text) {
        const merged = merging.mergeText(base.text, submitted, current.text, this.labels);
        text = sanitizeText(merged.text);
        conflicts = merged.conflicts;
      }
      const talk = merging.mergeTalk(
        base,
        { text: submitted, ...talkOf(submittedTalk) },
        current,
        text,
      );
      if (text === current.text && sameTalk(talk, current)) return undefined;
      return withHash<ContentItem>({ ...stripStored(current), text, ...talk });
    };
    // The place goes with the text stored: moved by what a merge brought into it.
    const withPlace = (stored: ContentItem | undefined) => {
      if (!stored || !place || mergeMissing) return [];
      const moved =
        stored.text === submitted || !merging
          ? place
          : mapPlace(place, merging.diffEdits(submitted, stored.text));
      return [contentStateItem(this.fileId, moved)];
    };
    // `base` is what the database holds unless another tab saved since: then it is read.
    const { item: stored } = await repo.updateWith(
      itemIds.content(this.fileId),
      updater,
      withPlace,
      base,
    );
    if (mergeMissing) return false;
    // The file was deleted elsewhere: keep the text in the editor, write nothing.
    if (!stored) return true;
    // The editor takes in what the merge brought before the session counts it as seen: were
    // that to fail, the next save merges it again rather than writing over it. Once it is in,
    // the session counts it as seen before anyone is told of conflicts, so that a failure
    // there cannot make the next save merge it in a second time.
    let found: MergeConflict[] = [];
    if (stored.text !== submitted || !sameTalk(stored, submittedTalk))
      found = await this.bringIntoEditor(
        { text: submitted, ...talkOf(submittedTalk) },
        stored,
        conflicts,
      );
    this.base = stored;
    this.report(found);
    return true;
  }

  /** Takes in a version of this file's content saved by another tab (T2). */
  receive(item: StoredItem<ContentItem>): Promise<void> {
    return this.enqueue(async () => {
      if (item.id !== itemIds.content(this.fileId) || item.tx <= this.base.tx) return;
      // As in save: the version is the session's base once it is in the editor, not before.
      let found: MergeConflict[] = [];
      if (item.text !== this.base.text || !sameTalk(item, this.base))
        found = await this.bringIntoEditor(this.base, item, []);
      this.base = item;
      this.report(found);
    });
  }

  /** Brings back edits that were typed but not saved before the page went away (`text`, typed
   * over `baseText`), merged with what the database holds now; then saves. The conflicts of
   * that merge are reported once the save is over, whether it stored the text or failed (the
   * storage full): the markers are in the editor either way. (The merge leaves the session's
   * base alone, so the report need not wait for it, as a save's must.) */
  async restoreUnsaved(baseText: string, text: string): Promise<void> {
    let found: MergeConflict[] = [];
    await this.enqueue(async () => {
      const { mergeText, remapDiscussions } = await loadMerging();
      const base = this.base;
      const merged = mergeText(baseText, text, base.text, UNSAVED_LABELS);
      // (The stored discussions, moved to the same words of the merged text.)
      const discussions = remapDiscussions(base.discussions, base.text, merged.text);
      const incoming = { text: merged.text, discussions, comments: base.comments };
      found = await this.bringIntoEditor(base, incoming, merged.conflicts);
    });
    try {
      await this.save();
    } finally {
      this.report(found);
    }
  }

  private get labels(): MergeLabels {
    return this.options.labels ?? CROSS_TAB_LABELS;
  }

  // The editor may hold edits typed since `ancestor`: merge `incoming` with them (T3). Returns
  // the conflicts to report, once the session's base is up to date. (The editor's text is read
  // after the merge's code is loaded: nothing typed meanwhile is left out.)
  // The discussions and comments are merged the same way, key by key (mergeTalk), their ranges
  // moved into the merged text.
  private async bringIntoEditor(
    ancestor: TalkVersion,
    incoming: TalkVersion,
    known: MergeConflict[],
  ): Promise<MergeConflict[]> {
    const { mergeText, diffEdits, mergeTalk } = await loadMerging();
    const { host } = this.options;
    const now = host.getText();
    const nowTalk = host.getTalk?.();
    const merged =
      incoming.text === ancestor.text
        ? { text: now, conflicts: [] }
        : mergeText(ancestor.text, now, incoming.text, this.labels);
    const edits = diffEdits(now, merged.text);
    if (edits.length > 0) host.applyEdits(edits);
    if (nowTalk && host.setTalk) {
      const talk = mergeTalk(ancestor, { text: now, ...nowTalk }, incoming, merged.text);
      if (!sameTalk(talk, nowTalk)) host.setTalk(talk);
    }
    return [...known, ...merged.conflicts];
  }

  private report(conflicts: MergeConflict[]): void {
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

// The discussions and comments of a content, alone.
const talkOf = (talk: Talk): Talk => ({ discussions: talk.discussions, comments: talk.comments });

// Whether two contents hold the same discussions and comments.
function sameTalk(a: Talk, b: Talk): boolean {
  if (a.discussions === b.discussions && a.comments === b.comments) return true;
  return canonicalJson(talkOf(a)) === canonicalJson(talkOf(b));
}
