import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { JournalDatabase, type JournalEntry } from './journal-database';
import {
  forgetJournals,
  JOURNAL_DELAY,
  type Journal,
  type JournalClock,
  UnsavedJournal,
} from './unsaved-journal';

const WORKSPACE = 'inkstone-db';
const FILE = 'file0000000000001';
const OTHER_FILE = 'file0000000000002';

// A Storage whose own enumerable properties are its keys, as localStorage's are (the journal
// lists them with Object.keys), refusing to hold more than `quota` characters in all, as a
// browser's localStorage refuses past its quota.
function memoryStorage(quota = Infinity): Storage {
  const storage = {} as Record<string, string>;
  const used = () => Object.values(storage).reduce((sum, value) => sum + value.length, 0);
  const methods = {
    getItem: (key: string) => (Object.hasOwn(storage, key) ? storage[key]! : null),
    setItem: (key: string, value: string) => {
      if (used() - (storage[key]?.length ?? 0) + value.length > quota) {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      }
      storage[key] = value;
    },
    removeItem: (key: string) => {
      delete storage[key];
    },
  };
  for (const [name, value] of Object.entries(methods)) {
    Object.defineProperty(storage, name, { value, enumerable: false });
  }
  return storage as unknown as Storage;
}

// Timers run when the test says so; idle moments come at once.
function manualClock() {
  let now = 1_000;
  let next = 0;
  const timers = new Map<number, { at: number; task: () => void }>();
  const clock: JournalClock = {
    now: () => now,
    setTimeout: (task, ms) => {
      timers.set((next += 1), { at: now + ms, task });
      return next;
    },
    clearTimeout: (id) => {
      if (id !== undefined) timers.delete(id);
    },
    whenIdle: (task) => task(),
  };
  const advance = (ms: number) => {
    now += ms;
    for (const [id, timer] of [...timers]) {
      if (timer.at <= now) {
        timers.delete(id);
        timer.task();
      }
    }
  };
  return { clock, advance, pending: () => timers.size };
}

/** One browser: its IndexedDB and localStorage, and the tabs (journals) opened in it. */
function browser(quota?: number) {
  const factory = new IDBFactory();
  const storage = memoryStorage(quota);
  const { clock, advance, pending } = manualClock();
  const database = new JournalDatabase(factory);
  const tab = (current: () => Journal | null, workspace = WORKSPACE) =>
    new UnsavedJournal(workspace, current, {
      database: new JournalDatabase(factory),
      storage,
      clock,
    });
  return { factory, storage, clock, advance, pending, database, tab };
}

const journal = (text: string, fileId = FILE): Journal => ({ fileId, baseText: 'Saved.\n', text });

/** A text of `length` characters, English, Japanese and an emoji (astral) in each line. */
function longText(length: number): string {
  const line = 'A long manuscript, 長い原稿 😀.\n';
  return line.repeat(Math.ceil(length / line.length)).slice(0, length - 1) + '\n';
}

describe('UnsavedJournal', () => {
  it('keeps a 2,000,000-character text in IndexedDB JOURNAL_DELAY after a change, and the next start brings it back byte for byte, once', async () => {
    const { tab, advance, storage } = browser();
    const text = longText(2_000_000);
    const writing = tab(() => journal(text));
    writing.changed();
    advance(JOURNAL_DELAY - 1);
    // Nothing before the delay: the keystroke path writes nothing.
    const reader = tab(() => null);
    await expect(reader.take(FILE)).resolves.toEqual([]);
    advance(1);
    // (Written in IndexedDB only.)
    expect(Object.keys(storage)).toEqual([]);
    let taken: Journal[] = [];
    await vi.waitFor(async () => {
      taken = await tab(() => null).take(FILE);
      expect(taken).toHaveLength(1);
    });
    expect(taken[0]!.text.length).toBe(2_000_000);
    expect(taken[0]!.text === text).toBe(true);
    expect(taken[0]!.baseText).toBe('Saved.\n');
    // Taken means removed.
    await expect(tab(() => null).take(FILE)).resolves.toEqual([]);
  });

  it('writes nothing when the save clears it before the delay', async () => {
    const { tab, advance, pending, database } = browser();
    const writing = tab(() => journal('Typed.\n'));
    writing.changed();
    writing.clear();
    expect(pending()).toBe(0);
    advance(JOURNAL_DELAY * 2);
    await expect(database.entriesOf(WORKSPACE, FILE)).resolves.toEqual([]);
  });

  it('writes nothing when all is saved by the time it is due', async () => {
    const { tab, advance, database } = browser();
    let current: Journal | null = journal('Typed.\n');
    const writing = tab(() => current);
    writing.changed();
    current = null;
    advance(JOURNAL_DELAY);
    await expect(database.entriesOf(WORKSPACE, FILE)).resolves.toEqual([]);
  });

  it('is removed once the save is in the workspace database', async () => {
    const { tab, advance, database, storage } = browser();
    const writing = tab(() => journal('Typed.\n'));
    writing.changed();
    advance(JOURNAL_DELAY);
    await vi.waitFor(async () => expect(await database.entriesOf(WORKSPACE, FILE)).toHaveLength(1));
    writing.writeNow();
    writing.clear();
    await vi.waitFor(async () => expect(await database.entriesOf(WORKSPACE, FILE)).toEqual([]));
    expect(Object.keys(storage)).toEqual([]);
    await expect(tab(() => null).take(FILE)).resolves.toEqual([]);
  });

  it('as the page is hidden, also copies a text that fits into localStorage at once, and brings it back once', async () => {
    const { tab, storage } = browser();
    const writing = tab(() => journal('Typed as the page closed.\n'));
    writing.writeNow();
    // Synchronous: there before the page can go.
    expect(Object.keys(storage)).toHaveLength(1);
    await vi.waitFor(async () => {
      const taken = await tab(() => null).take(FILE);
      // (Both copies are of the same tab: one journal.)
      expect(taken).toEqual([journal('Typed as the page closed.\n')]);
    });
    expect(Object.keys(storage)).toEqual([]);
  });

  it('brings back where the caret was in the text it keeps, from IndexedDB and from localStorage', async () => {
    const typed = 'Saved.\nand the cat sat on the mat\n';
    const withCaret = (): Journal => ({ ...journal(typed), selection: { from: 33, to: 33 } });
    // Written after the delay: IndexedDB only.
    const first = browser();
    first.tab(withCaret).changed();
    first.advance(JOURNAL_DELAY);
    await vi.waitFor(async () => {
      expect(await first.tab(() => null).take(FILE)).toEqual([withCaret()]);
    });
    // Written as the page is hidden: localStorage (read first) and IndexedDB.
    const second = browser();
    second.tab(withCaret).writeNow();
    expect(JSON.parse(Object.values(second.storage)[0] as string)).toMatchObject({
      selection: { from: 33, to: 33 },
    });
    await expect(second.tab(() => null).take(FILE)).resolves.toEqual([withCaret()]);
  });

  it('drops a selection in localStorage that is not within its text, keeping the text', async () => {
    const { tab, storage } = browser();
    for (const [index, selection] of [
      { from: 5, to: 400 },
      { from: 6, to: 2 },
      { from: -1, to: 0 },
      { from: 1.5, to: 2 },
      'end',
    ].entries()) {
      storage.setItem(
        `${WORKSPACE}:unsaved:old${index}`,
        JSON.stringify({
          fileId: FILE,
          baseText: 'Saved.\n',
          text: 'Typed.\n',
          selection,
          at: index,
        }),
      );
    }
    const taken = await tab(() => null).take(FILE);
    expect(taken).toHaveLength(5);
    for (const found of taken) expect(found).toEqual(journal('Typed.\n'));
  });

  it('as the page is hidden, keeps a 2,000,000-character text localStorage refuses in IndexedDB', async () => {
    // (A quota of 1,000,000 characters: smaller than this journal, as Chromium's is for a long
    // text and its saved version, or once the rest of the site's storage takes its share.)
    const { tab, storage } = browser(1_000_000);
    const text = longText(2_000_000);
    tab(() => journal(text)).writeNow();
    expect(Object.keys(storage)).toEqual([]);
    let taken: Journal[] = [];
    await vi.waitFor(async () => {
      taken = await tab(() => null).take(FILE);
      expect(taken).toHaveLength(1);
    });
    expect(taken[0]!.text === text).toBe(true);
  });

  it('keeps the newer copy of a tab when localStorage and IndexedDB differ', async () => {
    const { tab, advance, storage } = browser();
    let text = 'Older.\n';
    const writing = tab(() => journal(text));
    writing.writeNow();
    text = 'Newer.\n';
    advance(10);
    writing.changed();
    advance(JOURNAL_DELAY);
    // (localStorage has the older copy, IndexedDB the newer.)
    await vi.waitFor(() => {
      const stored = storage.getItem(Object.keys(storage)[0]!)!;
      expect(JSON.parse(stored)).toMatchObject({ text: 'Older.\n' });
    });
    await vi.waitFor(async () =>
      expect(await tab(() => null).take(FILE)).toEqual([journal('Newer.\n')]),
    );
  });

  it('falls back on localStorage when IndexedDB refuses the journal (storage full)', async () => {
    const { factory, storage, clock, advance, tab } = browser();
    // (fake-indexeddb has no quota: this database refuses every write, as a full one does.)
    class FullDatabase extends JournalDatabase {
      override put(): Promise<void> {
        return Promise.reject(
          new DOMException('The quota has been exceeded.', 'QuotaExceededError'),
        );
      }
    }
    const writing = new UnsavedJournal(WORKSPACE, () => journal('Kept anyway.\n'), {
      database: new FullDatabase(factory),
      storage,
      clock,
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      writing.changed();
      advance(JOURNAL_DELAY);
      await vi.waitFor(() => expect(Object.keys(storage)).toHaveLength(1));
      expect(error).toHaveBeenCalledWith('The journal could not be written.', expect.anything());
    } finally {
      error.mockRestore();
    }
    await expect(tab(() => null).take(FILE)).resolves.toEqual([journal('Kept anyway.\n')]);
  });

  it('brings back every tab’s journal of the file, oldest first, and none of another file or workspace', async () => {
    const { tab, advance } = browser();
    const first = tab(() => journal('First tab.\n'));
    first.writeNow();
    advance(5);
    const second = tab(() => journal('Second tab.\n'));
    second.writeNow();
    tab(() => journal('Another file.\n', OTHER_FILE)).writeNow();
    tab(() => journal('Another workspace.\n'), 'inkstone-db-abc').writeNow();
    await vi.waitFor(async () => {
      const taken = await tab(() => null).take(FILE);
      expect(taken).toEqual([journal('First tab.\n'), journal('Second tab.\n')]);
    });
    await expect(tab(() => null).take(OTHER_FILE)).resolves.toEqual([
      journal('Another file.\n', OTHER_FILE),
    ]);
    await expect(tab(() => null, 'inkstone-db-abc').take(FILE)).resolves.toEqual([
      journal('Another workspace.\n'),
    ]);
  });

  it('reads a journal an older version left in localStorage, then removes it; one of another file moves to IndexedDB', async () => {
    const { tab, storage, database } = browser();
    // The older version's entries: `{workspace}:unsaved:{tab}`, JSON without a time.
    storage.setItem(`${WORKSPACE}:unsaved:old1`, JSON.stringify(journal('Old version.\n')));
    storage.setItem(
      `${WORKSPACE}:unsaved:old2`,
      JSON.stringify(journal('Old, other file.\n', OTHER_FILE)),
    );
    storage.setItem(`${WORKSPACE}:unsaved:bad`, '{"fileId":');
    storage.setItem('inkstone-db-abc:unsaved:old3', JSON.stringify(journal('Other workspace.\n')));
    await expect(tab(() => null).take(FILE)).resolves.toEqual([journal('Old version.\n')]);
    // The other file's journal moved, then left localStorage; the other workspace's stays.
    await vi.waitFor(() => expect(Object.keys(storage)).toEqual(['inkstone-db-abc:unsaved:old3']));
    const moved: JournalEntry[] = await database.entriesOf(WORKSPACE, OTHER_FILE);
    expect(moved).toMatchObject([{ key: `${WORKSPACE}:unsaved:old2`, text: 'Old, other file.\n' }]);
    await expect(tab(() => null).take(OTHER_FILE)).resolves.toEqual([
      journal('Old, other file.\n', OTHER_FILE),
    ]);
    await expect(tab(() => null).take(FILE)).resolves.toEqual([]);
  });

  it('forgets the journals of a removed workspace, and only those', async () => {
    const { tab, storage, database } = browser();
    tab(() => journal('Removed workspace.\n'), 'inkstone-db-abc').writeNow();
    tab(() => journal('Removed, other file.\n', OTHER_FILE), 'inkstone-db-abc').writeNow();
    tab(() => journal('Main workspace.\n')).writeNow();
    await vi.waitFor(async () =>
      expect(await database.entriesOf('inkstone-db-abc', OTHER_FILE)).toHaveLength(1),
    );
    await vi.waitFor(async () => expect(await database.entriesOf(WORKSPACE, FILE)).toHaveLength(1));
    expect(Object.keys(storage)).toHaveLength(3);

    await forgetJournals('inkstone-db-abc', { database, storage });
    await expect(database.entriesOf('inkstone-db-abc', FILE)).resolves.toEqual([]);
    await expect(database.entriesOf('inkstone-db-abc', OTHER_FILE)).resolves.toEqual([]);
    expect(Object.keys(storage)).toHaveLength(1);
    await expect(tab(() => null).take(FILE)).resolves.toEqual([journal('Main workspace.\n')]);
  });
});
