import { describe, expect, it, vi } from 'vitest';
import { MemoryDatabase } from '../db/memory-repository.js';
import { type ItemRepository } from '../db/repository.js';
import { createHash } from 'node:crypto';
import { digestToHash, hashItem, itemHashSource, withHash } from '../items/hash.js';
import { type ContentItem, type ContentStateItem } from '../items/types.js';
import { FakeTimers, settle } from '../testing/fake-timers.js';
import { FakeEditor } from '../testing/text-host.js';
import { ChangeFeed } from './change-feed.js';
import { LocalSignalHub, withChangeSignal } from './change-signal.js';
import { ContentSession, preloadMerging } from './content-session.js';
import { itemIds } from '../items/item-ids.js';

const contentId = itemIds.content;

const FILE = 'file0000000000001';

const makeContent = (text: string) =>
  withHash<ContentItem>({
    id: contentId(FILE),
    type: 'content',
    text,
    properties: '',
    discussions: {},
    comments: {},
    history: [],
  });

interface Tab {
  repo: ItemRepository;
  editor: FakeEditor;
  session: ContentSession;
  feed: ChangeFeed;
  reloads: number;
  conflicts: number;
}

async function openTabs(count: number, text: string) {
  // As the app does after its first screen (content-session-lazy-merge.test.ts covers the rest):
  // the tests below time deliveries in microtasks, without a module load in between.
  await preloadMerging();
  const db = new MemoryDatabase('inkstone-db');
  const hub = new LocalSignalHub();
  const timers = new FakeTimers();
  await db.connect().put([makeContent(text)]);
  const tabs: Tab[] = [];
  for (let i = 0; i < count; i += 1) {
    const repo = withChangeSignal(db.connect(), hub.connect());
    const editor = new FakeEditor('');
    const tab = { repo, editor, reloads: 0, conflicts: 0 } as Tab;
    tab.session = await ContentSession.open({
      repo,
      fileId: FILE,
      host: editor,
      onConflicts: (found) => {
        tab.conflicts += found.length;
      },
    });
    editor.text = tab.session.text;
    tab.feed = new ChangeFeed({
      repo,
      signal: hub.connect(),
      timers,
      onChanges: async (batch) => {
        for (const item of batch.items) {
          if (item.id === contentId(FILE)) await tab.session.receive(item as never);
        }
      },
      onReload: () => {
        tab.reloads += 1;
      },
      onError: (error) => {
        throw error;
      },
    });
    await tab.feed.start();
    tabs.push(tab);
  }
  return { db, timers, tabs };
}

const stored = async (repo: ItemRepository) => (await repo.get<ContentItem>(contentId(FILE)))?.text;

describe('ContentSession across tabs (spec core §4)', () => {
  it('saves the editor text with exactly one final newline (T1)', async () => {
    const { tabs } = await openTabs(1, 'Hello\n');
    const [a] = tabs;
    a!.editor.type(5, ' world');
    expect(a!.session.isDirty()).toBe(true);
    await a!.session.save();
    expect(await stored(a!.repo)).toBe('Hello world\n');
    expect(a!.session.isDirty()).toBe(false);
    // Blank lines typed at the end stay in the editor; the stored text ends with one newline.
    a!.editor.type(a!.editor.text.length, '\n\n');
    await a!.session.save();
    expect(a!.editor.text).toBe('Hello world\n\n\n');
    expect(await stored(a!.repo)).toBe('Hello world\n');
    expect(a!.editor.applied).toBe(0);
  });

  it('shows a change saved in one tab in the other within a second (T2)', async () => {
    const { tabs } = await openTabs(2, 'Shared text.\n');
    const [a, b] = tabs;
    a!.editor.type(0, 'Edited. ');
    await a!.session.save();
    await settle();
    expect(b!.editor.text).toBe('Edited. Shared text.\n');
  });

  it('T1 stores the same hash when saving hashes with a native SHA-256 off the editor', async () => {
    const { tabs } = await openTabs(1, 'Text.\n');
    const [a] = tabs;
    let hashed = 0;
    const session = await ContentSession.open({
      repo: a!.repo,
      fileId: FILE,
      host: a!.editor,
      hashItem: async (item) => {
        hashed += 1;
        return digestToHash(
          new Uint8Array(createHash('sha256').update(itemHashSource(item), 'utf8').digest()),
        );
      },
    });
    a!.editor.type(0, 'Faster. ');
    await session.save();
    const saved = await a!.repo.get<ContentItem>(contentId(FILE));
    expect(hashed).toBe(1);
    expect(saved?.text).toBe('Faster. Text.\n');
    const { tx: _tx, ...item } = saved!;
    expect(saved?.hash).toBe(hashItem(item));
  });

  it('T2 polls, so a change shows within a second even when the signal is lost', async () => {
    const { db, timers, tabs } = await openTabs(1, 'One.\n');
    const [b] = tabs;
    // A write from a connection that announces nothing.
    const silent = db.connect();
    await silent.update<ContentItem>(contentId(FILE), (current) =>
      current ? withHash<ContentItem>({ ...current, text: 'One. Two.\n' }) : undefined,
    );
    expect(b!.editor.text).toBe('One.\n');
    await timers.advance(1000);
    expect(b!.editor.text).toBe('One. Two.\n');
  });

  it('merges edits typed in both tabs at once, losing neither (T3)', async () => {
    const base = 'First paragraph.\n\nSecond paragraph.\n';
    const { tabs } = await openTabs(2, base);
    const [a, b] = tabs;
    a!.editor.type(0, 'Alpha: ');
    b!.editor.type(b!.editor.text.indexOf('Second'), 'Beta: ');
    // Both save before hearing of each other.
    await Promise.all([a!.session.save(), b!.session.save()]);
    await settle();
    const expected = 'Alpha: First paragraph.\n\nBeta: Second paragraph.\n';
    expect(await stored(a!.repo)).toBe(expected);
    expect(a!.editor.text).toBe(expected);
    expect(b!.editor.text).toBe(expected);
    expect(a!.conflicts + b!.conflicts).toBe(0);
  });

  it('T2 merges at the next save a version the editor failed to take in, never writing over it', async () => {
    const { tabs } = await openTabs(2, 'Line one.\n');
    const [a, b] = tabs;
    a!.feed.stop();
    b!.editor.type(0, 'B was here. ');
    await b!.session.save();
    const version = (await a!.repo.get<ContentItem>(contentId(FILE)))!;
    vi.spyOn(a!.editor, 'applyEdits').mockImplementationOnce(() => {
      throw new Error('The editor is gone.');
    });
    await expect(a!.session.receive(version)).rejects.toThrow('The editor is gone.');
    a!.editor.type(a!.editor.text.length - 1, ' A');
    await a!.session.save();
    expect(await stored(a!.repo)).toBe('B was here. Line one. A\n');
    expect(a!.editor.text).toBe('B was here. Line one. A\n');
  });

  it('T3 merges again at the next save what a save brought that the editor failed to take in', async () => {
    const { tabs } = await openTabs(2, 'Line one.\nLine two.\n');
    const [a, b] = tabs;
    a!.feed.stop();
    b!.editor.type(0, 'B was here. ');
    await b!.session.save();
    a!.editor.type(a!.editor.text.length - 1, ' A1');
    vi.spyOn(a!.editor, 'applyEdits').mockImplementationOnce(() => {
      throw new Error('The editor is gone.');
    });
    await expect(a!.session.save()).rejects.toThrow('The editor is gone.');
    expect(await stored(a!.repo)).toBe('B was here. Line one.\nLine two. A1\n');
    a!.editor.type('Line one.'.length, ' A2');
    await a!.session.save();
    expect(await stored(a!.repo)).toBe('B was here. Line one. A2\nLine two. A1\n');
    expect(a!.editor.text).toBe('B was here. Line one. A2\nLine two. A1\n');
  });

  it('keeps what the user types while a save is on its way (T3)', async () => {
    const { tabs } = await openTabs(2, 'Line one.\nLine two.\n');
    const [a, b] = tabs;
    b!.editor.type(0, 'B was here. ');
    await b!.session.save();
    // Tab A has not heard yet, types, starts saving, and types more before the save ends.
    a!.feed.stop();
    a!.editor.type(a!.editor.text.length - 1, ' A1');
    const saving = a!.session.save();
    a!.editor.type(a!.editor.text.length - 1, ' A2');
    await saving;
    expect(a!.editor.text).toBe('B was here. Line one.\nLine two. A1 A2\n');
    await a!.session.save();
    await settle();
    expect(await stored(a!.repo)).toBe('B was here. Line one.\nLine two. A1 A2\n');
    expect(b!.editor.text).toBe('B was here. Line one.\nLine two. A1 A2\n');
  });

  it('T3 M2 keeps both versions, marked, when both tabs rewrite the same line', async () => {
    const { tabs } = await openTabs(2, 'The title\n');
    const [a, b] = tabs;
    a!.editor.text = 'The first title\n';
    b!.editor.text = 'The second title\n';
    await Promise.all([a!.session.save(), b!.session.save()]);
    await settle();
    const text = (await stored(a!.repo)) ?? '';
    expect(text).toContain('The first title');
    expect(text).toContain('The second title');
    expect(text).toMatch(/^<<<<<<< /m);
    expect(a!.editor.text).toBe(text);
    expect(b!.editor.text).toBe(text);
    expect(a!.conflicts + b!.conflicts).toBeGreaterThan(0);
  });

  it('T4 brings back edits typed but not saved before the page went away', async () => {
    const { tabs } = await openTabs(2, 'One.\nTwo.\n');
    const [a, b] = tabs;
    // Tab A saved "Two, changed" meanwhile; B's journal holds its unsaved edit of line one.
    a!.editor.text = 'One.\nTwo, changed.\n';
    await a!.session.save();
    b!.feed.stop();
    const reopened = await ContentSession.open({ repo: b!.repo, fileId: FILE, host: b!.editor });
    b!.editor.text = reopened.text;
    await reopened.restoreUnsaved('One.\nTwo.\n', 'One, unsaved.\nTwo.\n');
    expect(b!.editor.text).toBe('One, unsaved.\nTwo, changed.\n');
    expect(await stored(b!.repo)).toBe('One, unsaved.\nTwo, changed.\n');
  });

  it('T4 tells of the conflicts of restored edits even when their save fails (the storage full)', async () => {
    const { tabs } = await openTabs(1, 'The second title\n');
    const [a] = tabs;
    a!.feed.stop();
    // The storage is full: every save fails.
    const full = Object.create(a!.repo) as ItemRepository;
    full.updateWith = () => Promise.reject(new Error('QuotaExceededError'));
    const reports: number[] = [];
    const session = await ContentSession.open({
      repo: full,
      fileId: FILE,
      host: a!.editor,
      onConflicts: (found) => reports.push(found.length),
    });
    a!.editor.text = session.text;
    // This tab's unsaved edit of the line another tab rewrote meanwhile.
    await expect(session.restoreUnsaved('The title\n', 'The first title\n')).rejects.toThrow(
      'QuotaExceededError',
    );
    // Both versions are in the editor, marked, and the user is told of them…
    expect(a!.editor.text).toMatch(/^<<<<<<< unsaved edits\nThe first title\n=======\n/m);
    expect(a!.editor.text).toContain('The second title\n');
    expect(reports).toEqual([1]);
    // …though nothing could be stored: the next save tries again.
    expect(await stored(a!.repo)).toBe('The second title\n');
    expect(session.isDirty()).toBe(true);
  });

  it('T5 stores the place with the text, in the same transaction, and alone when only it moved', async () => {
    const { tabs } = await openTabs(1, 'Hello\n');
    const [a] = tabs;
    const place = async () => a!.repo.get<ContentStateItem>(itemIds.contentState(FILE));
    a!.editor.type(5, ' world');
    a!.editor.at(11, 11, { pos: 0, offset: 3 });
    await a!.session.save();
    const content = await a!.repo.get<ContentItem>(contentId(FILE));
    expect(content?.text).toBe('Hello world\n');
    // One transaction: a crash keeps both or neither.
    expect(await place()).toMatchObject({ selectionStart: 11, tx: content!.tx });
    expect(await a!.repo.currentTx()).toBe(content!.tx);

    // The caret moved, the text did not: the place alone, once.
    a!.editor.at(2, 4);
    await a!.session.save();
    expect(await place()).toMatchObject({
      selectionStart: 2,
      selectionEnd: 4,
      tx: content!.tx + 1,
    });
    await a!.session.save();
    expect(await a!.repo.currentTx()).toBe(content!.tx + 1);
    expect(await stored(a!.repo)).toBe('Hello world\n');
  });

  it('T5 reads the place with the text it saves, not when the save was asked for', async () => {
    const { tabs } = await openTabs(1, 'One.\n');
    const [a] = tabs;
    a!.editor.type(4, ' Two.');
    a!.editor.at(9);
    const first = a!.session.save();
    const second = a!.session.save();
    // Typed while the first save runs: the second save stores it, with the caret after it.
    a!.editor.type(9, ' Three.');
    a!.editor.at(16);
    await Promise.all([first, second]);
    expect(await stored(a!.repo)).toBe('One. Two. Three.\n');
    const state = await a!.repo.get<ContentStateItem>(itemIds.contentState(FILE));
    expect(state).toMatchObject({ selectionStart: 16 });
  });

  it('T5 moves the stored place with what a merge brought into the text', async () => {
    const { tabs } = await openTabs(2, 'Line one.\nLine two.\n');
    const [a, b] = tabs;
    a!.feed.stop();
    b!.editor.type(0, 'B was here.\n');
    await b!.session.save();
    a!.editor.type('Line one.\nLine two.'.length, ' A');
    a!.editor.at('Line one.\nLine two. A'.length);
    await a!.session.save();
    const text = (await stored(a!.repo))!;
    expect(text).toBe('B was here.\nLine one.\nLine two. A\n');
    const state = await a!.repo.get<ContentStateItem>(itemIds.contentState(FILE));
    expect(text.slice(0, state!.selectionStart)).toBe('B was here.\nLine one.\nLine two. A');
  });

  it('T3 counts a merged version as seen before telling of its conflicts, so a failing report cannot bring them back', async () => {
    const { tabs } = await openTabs(2, 'The title\n');
    const [a, b] = tabs;
    a!.feed.stop();
    let reports = 0;
    const session = await ContentSession.open({
      repo: a!.repo,
      fileId: FILE,
      host: a!.editor,
      onConflicts: () => {
        reports += 1;
        if (reports === 1) throw new Error('The conflict bar is gone.');
      },
    });
    b!.editor.text = 'The second title\n';
    await b!.session.save();
    a!.editor.text = 'The first title\n';
    // The merge is stored and in the editor; only telling of it failed.
    await expect(session.save()).rejects.toThrow('The conflict bar is gone.');
    const merged = (await stored(a!.repo))!;
    expect(merged.match(/^<<<<<<< /gm)).toHaveLength(1);
    expect(a!.editor.text).toBe(merged);
    // The user resolves the conflict, keeping one version: the next save starts from the merged
    // text, so it stores the resolution (from the text before, it would see a conflict again and
    // wrap the markers in new ones).
    a!.editor.text = 'The first title\n';
    await session.save();
    expect(await stored(a!.repo)).toBe('The first title\n');
    expect(a!.editor.text).toBe('The first title\n');
    expect(reports).toBe(1);
  });

  it('D4 asks for a reload when another tab wrote over 1000 transactions meanwhile', async () => {
    const { timers, tabs } = await openTabs(2, 'x\n');
    const [a, b] = tabs;
    b!.feed.stop();
    const reopened = new ChangeFeed({
      repo: b!.repo,
      signal: { publish: () => {}, subscribe: () => () => {} },
      timers,
      onChanges: () => {},
      onReload: () => {
        b!.reloads += 1;
      },
      onError: () => {},
    });
    await reopened.start();
    for (let i = 0; i < 1001; i += 1) {
      await a!.repo.put([{ ...makeContent(`v${i}\n`) }]);
    }
    await timers.advance(1000);
    expect(b!.reloads).toBe(1);
  });

  it('T3 converges with nothing lost over random typing, saves and deliveries in three tabs', async () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    for (let round = 0; round < 40; round += 1) {
      const { timers, tabs } = await openTabs(3, 'alpha\nbeta\ngamma\ndelta\n');
      const typed: string[] = [];
      // Saves left running while the tabs go on typing, awaited once all is quiet.
      const saving: Promise<void>[] = [];
      for (let step = 0; step < 30; step += 1) {
        const tab = tabs[Math.floor(random() * tabs.length)]!;
        const action = random();
        if (action < 0.6) {
          // Type a new word at a line start, never inside another word, so that words stay whole.
          const lines = tab.editor.text.split('\n');
          const line = Math.floor(random() * (lines.length - 1));
          const word = `w${round}x${step}`;
          lines[line] = `${word} ${lines[line]}`;
          tab.editor.text = lines.join('\n');
          typed.push(word);
        } else if (action < 0.85) {
          saving.push(tab.session.save());
        } else {
          await timers.advance(Math.floor(random() * 600));
        }
      }
      // Quiet: everyone saves and listens until nothing changes.
      await Promise.all(saving);
      for (let pass = 0; pass < 4; pass += 1) {
        for (const tab of tabs) await tab.session.save();
        await timers.advance(1000);
      }
      const final = await stored(tabs[0]!.repo);
      for (const tab of tabs) expect(tab.editor.text, `round ${round}`).toBe(final);
      for (const word of typed) expect(final, `round ${round}: ${word}`).toContain(word);
    }
  });
});
