import { whenIdle } from '../services/idle';
import { JournalDatabase, type JournalEntry } from './journal-database';

/** Text typed but perhaps not saved when the page went away, over the saved text it edits. */
export interface Journal {
  fileId: string;
  baseText: string;
  text: string;
  /** Where the caret (or the selection) was in `text`, read with it: the place a save stores
   * with its text lags behind a journal written later, and the next start puts the caret here
   * when it brings this text back. Absent in journals of older versions. */
  selection?: JournalSelection;
}

/** A selection in a journal's text: `from` ≤ `to`, UTF-16 offsets. */
export interface JournalSelection {
  from: number;
  to: number;
}

/** The journal is written this long after the first change no save has stored (in an idle
 * moment, at most JOURNAL_DELAY later): a save that works (SaveSchedule, within about 700 ms)
 * clears it before, and the edits typed meanwhile start the delay anew, so while saves keep up
 * with typing it is never written. */
export const JOURNAL_DELAY = 1_000;

/** The clocks a journal runs on (replaced in tests). */
export interface JournalClock {
  now(): number;
  setTimeout(task: () => void, ms: number): number;
  clearTimeout(id: number | undefined): void;
  whenIdle(task: () => void, timeout: number): void;
}

const browserClock: JournalClock = {
  now: () => Date.now(),
  setTimeout: (task, ms) => window.setTimeout(task, ms),
  clearTimeout: (id) => window.clearTimeout(id),
  whenIdle,
};

/** What a journal needs of the browser (replaced in tests). */
export interface JournalOptions {
  database?: JournalDatabase;
  storage?: Storage;
  clock?: JournalClock;
}

/**
 * The unsaved-changes journal of one tab: a copy of edits the workspace database does not hold
 * yet, so that a crash, a failed save or a closed page loses none of them. The next start merges
 * it back (ContentSession.restoreUnsaved) and removes it.
 *
 * It lives in IndexedDB (JournalDatabase), written off the keystroke path: JOURNAL_DELAY after a
 * change, in an idle moment, unless a save made it needless meanwhile, and at once when the page
 * is hidden. When the page is hidden it is also copied into localStorage, whose writes finish
 * even as the page goes away (an IndexedDB write started then may not), where it fits its quota
 * (5,242,880 UTF-16 code units a site in Chromium, for the text and its saved version together,
 * so not the journal of a text of about 2,600,000 characters or more: that one relies on the
 * IndexedDB copy); that copy is also where a journal IndexedDB refuses goes. A
 * journal an older version left in localStorage is read the same way, then removed (a journal of
 * another file moves to IndexedDB). Each tab has its own entry, so two tabs closed at once both
 * keep theirs.
 */
export class UnsavedJournal {
  private readonly prefix: string;
  private readonly key: string;
  private readonly database: JournalDatabase;
  private readonly storage: Storage | undefined;
  private readonly clock: JournalClock;
  private timer: number | undefined;
  // The text of the last journal IndexedDB confirmed, until the next clear.
  private stored: string | undefined;
  // Whether this tab wrote an entry in IndexedDB or localStorage since the last clear.
  private inDatabase = false;
  private inStorage = false;

  constructor(
    private readonly workspace: string,
    private readonly current: () => Journal | null,
    options: JournalOptions = {},
  ) {
    this.prefix = `${workspace}:unsaved:`;
    this.key = this.prefix + Math.random().toString(36).slice(2);
    this.database = options.database ?? new JournalDatabase();
    this.storage =
      options.storage ?? (typeof localStorage === 'undefined' ? undefined : localStorage);
    this.clock = options.clock ?? browserClock;
  }

  /** The user changed the text: the journal is written within JOURNAL_DELAY (and an idle
   * moment), unless `clear` comes first. */
  changed(): void {
    if (this.timer !== undefined) return;
    this.timer = this.clock.setTimeout(
      () => this.clock.whenIdle(() => this.writeScheduled(), JOURNAL_DELAY),
      JOURNAL_DELAY,
    );
  }

  /** The page is being hidden or closed: writes the journal now, in IndexedDB and, where it
   * fits, in localStorage (synchronously). Nothing when there is nothing unsaved or IndexedDB
   * holds it already. */
  writeNow(): void {
    this.cancel();
    const journal = this.current();
    if (!journal || journal.text === this.stored) return;
    const entry = this.entry(journal);
    this.writeStorage(entry);
    this.writeDatabase(entry, false);
  }

  /** The edits are saved in the workspace database: this tab's journal goes. */
  clear(): void {
    this.cancel();
    this.stored = undefined;
    if (this.inStorage) {
      this.inStorage = false;
      try {
        this.storage?.removeItem(this.key);
      } catch {
        // Nothing to clear.
      }
    }
    if (this.inDatabase) {
      this.inDatabase = false;
      this.database
        .delete(this.key)
        .catch((error: unknown) => console.error('The journal could not be cleared.', error));
    }
  }

  /** Reads and removes every tab's journal of `fileId`, oldest first. */
  async take(fileId: string): Promise<Journal[]> {
    const found = new Map<string, JournalEntry>();
    const keep = (entry: JournalEntry) => {
      const known = found.get(entry.key);
      if (!known || known.at < entry.at) found.set(entry.key, entry);
    };
    for (const entry of this.takeStorage(fileId)) keep(entry);
    try {
      const entries = await this.database.entriesOf(this.workspace, fileId);
      for (const entry of entries) keep(entry);
      await Promise.all(entries.map((entry) => this.database.delete(entry.key)));
    } catch (error) {
      // Unreadable database: what localStorage held is still brought back.
      console.error('The journal could not be read.', error);
    }
    return [...found.values()]
      .sort((a, b) => a.at - b.at)
      .map(({ fileId, baseText, text, selection }) => ({
        fileId,
        baseText,
        text,
        // (Checked here for both copies: one outside its text is dropped, the text kept.)
        ...(isSelection(selection, text.length) && {
          selection: { from: selection.from, to: selection.to },
        }),
      }));
  }

  private cancel(): void {
    this.clock.clearTimeout(this.timer);
    this.timer = undefined;
  }

  private writeScheduled(): void {
    if (this.timer === undefined) return;
    this.timer = undefined;
    const journal = this.current();
    if (!journal || journal.text === this.stored) return;
    this.writeDatabase(this.entry(journal), true);
  }

  private entry(journal: Journal): JournalEntry {
    return { key: this.key, workspace: this.workspace, ...journal, at: this.clock.now() };
  }

  // Writes `entry` in IndexedDB; if it is refused (the storage is full), in localStorage when
  // `orStorage`, where it may still fit.
  private writeDatabase(entry: JournalEntry, orStorage: boolean): void {
    this.inDatabase = true;
    this.database.put(entry).then(
      () => {
        // (Unless a clear came meanwhile.)
        if (this.inDatabase) this.stored = entry.text;
      },
      (error: unknown) => {
        console.error('The journal could not be written.', error);
        if (orStorage) this.writeStorage(entry);
      },
    );
  }

  private writeStorage(entry: JournalEntry): void {
    if (!this.storage) return;
    const { fileId, baseText, text, selection, at } = entry;
    try {
      this.storage.setItem(this.key, JSON.stringify({ fileId, baseText, text, selection, at }));
      this.inStorage = true;
    } catch {
      // Over localStorage's quota: the IndexedDB copy is the one kept.
    }
  }

  // This workspace's journals in localStorage (a copy written as the page went away, or an older
  // version's journal): those of `fileId` are returned, those of other files move to IndexedDB;
  // all are removed from localStorage (an unreadable one too).
  private takeStorage(fileId: string): JournalEntry[] {
    const storage = this.storage;
    const found: JournalEntry[] = [];
    if (!storage) return found;
    try {
      for (const key of Object.keys(storage)) {
        if (!key.startsWith(this.prefix)) continue;
        const parsed = parse(storage.getItem(key));
        if (!isStoredJournal(parsed)) {
          storage.removeItem(key);
          continue;
        }
        const entry: JournalEntry = {
          key,
          workspace: this.workspace,
          fileId: parsed.fileId,
          baseText: parsed.baseText,
          text: parsed.text,
          selection: parsed.selection as JournalSelection | undefined,
          at: typeof parsed.at === 'number' ? parsed.at : 0,
        };
        if (entry.fileId === fileId) {
          found.push(entry);
          storage.removeItem(key);
        } else {
          this.database.putIfNewer(entry).then(
            () => storage.removeItem(key),
            (error: unknown) => console.error('A journal could not be moved.', error),
          );
        }
      }
    } catch {
      // Unreadable storage: nothing to bring back from it.
    }
    return found;
  }
}

/** Forgets the journals of a deleted workspace (its database named `workspace`), in IndexedDB
 * and in localStorage: no start opens that workspace again to take them. */
export async function forgetJournals(
  workspace: string,
  options: Pick<JournalOptions, 'database' | 'storage'> = {},
): Promise<void> {
  const storage =
    options.storage ?? (typeof localStorage === 'undefined' ? undefined : localStorage);
  for (const key of Object.keys(storage ?? {})) {
    if (key.startsWith(`${workspace}:unsaved:`)) storage?.removeItem(key);
  }
  await (options.database ?? new JournalDatabase()).deleteWorkspace(workspace);
}

function parse(json: string | null): unknown {
  try {
    return JSON.parse(json ?? 'null');
  } catch {
    return null;
  }
}

/** Whether `value` is a selection within a text of `length` characters. */
function isSelection(value: unknown, length: number): value is JournalSelection {
  if (typeof value !== 'object' || value === null) return false;
  const { from, to } = value as Record<string, unknown>;
  return (
    Number.isInteger(from) &&
    Number.isInteger(to) &&
    (from as number) >= 0 &&
    (from as number) <= (to as number) &&
    (to as number) <= length
  );
}

function isStoredJournal(
  value: unknown,
): value is Omit<Journal, 'selection'> & { selection?: unknown; at?: unknown } {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.fileId === 'string' &&
    typeof record.baseText === 'string' &&
    typeof record.text === 'string'
  );
}
