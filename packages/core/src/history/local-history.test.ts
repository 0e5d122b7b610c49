import { describe, expect, it } from 'vitest';
import { MemoryDatabase } from '../db/memory-repository.js';
import { type ContentItem } from '../items/types.js';
import { LocalHistory, withSnapshotsBeforeOverwrite } from './local-history.js';

const HOUR = 3_600_000;

function setUp(settings = { local: true, maxBytes: 1_000_000 }) {
  const repo = new MemoryDatabase('inkstone-db').connect();
  let now = Date.UTC(2026, 10, 28, 12);
  let next = 0;
  const history = new LocalHistory(repo, {
    newId: () => `rev${(next += 1)}`,
    settings: () => settings,
    now: () => now,
  });
  return { repo, history, settings, advance: (ms: number) => (now += ms) };
}

const content = (fileId: string, text: string): ContentItem => ({
  id: `${fileId}/content`,
  type: 'content',
  text,
  properties: '',
  discussions: {},
  comments: {},
  history: [],
  hash: `h-${text}`,
});

describe('local history', () => {
  it('keeps snapshots, newest first, and gives their texts back exactly', async () => {
    const { history, advance } = setUp();
    await history.snapshot('f', 'one\n', 'leave');
    advance(1000);
    await history.snapshot('f', 'two\nlines ✓\n', 'pause');
    const list = await history.list('f');
    expect(list.map((each) => [each.length, each.bytes, each.reason])).toEqual([
      [12, 14, 'pause'],
      [4, 4, 'leave'],
    ]);
    expect(await history.text(list[0]!.id)).toBe('two\nlines ✓\n');
    expect(await history.text(list[1]!.id)).toBe('one\n');
    expect(await history.list('other')).toEqual([]);
  });

  it('skips a snapshot equal to the newest revision, the final line break as stored', async () => {
    const { history, advance } = setUp();
    expect(await history.snapshot('f', 'same', 'leave')).toBeDefined();
    advance(1000);
    expect(await history.snapshot('f', 'same', 'pause')).toBeUndefined();
    expect(await history.snapshot('f', 'same\n', 'pause')).toBeUndefined();
    // Same length, other text: kept.
    expect(await history.snapshot('f', 'sane', 'pause')).toBeDefined();
    // Equal to an older revision but not the newest: kept (the user went back to it).
    expect(await history.snapshot('f', 'same', 'pause')).toBeDefined();
    expect(await history.list('f')).toHaveLength(3);
  });

  it('takes snapshots made at once one after the other', async () => {
    const { history } = setUp();
    await Promise.all([
      history.snapshot('f', 'a', 'leave'),
      history.snapshot('f', 'a', 'leave'),
      history.snapshot('f', 'b', 'leave'),
    ]);
    expect((await history.list('f')).map((each) => each.length)).toEqual([2, 2]);
  });

  it('keeps nothing when local history is off', async () => {
    const { history, settings } = setUp();
    settings.local = false;
    expect(await history.snapshot('f', 'text', 'leave')).toBeUndefined();
    expect(await history.list('f')).toEqual([]);
  });

  it('stays within the budget, the oldest going first', async () => {
    const { history, advance } = setUp({ local: true, maxBytes: 25 });
    for (const text of ['aaaaaaaaaa', 'bbbbbbbbbb', 'cccccccccc', 'dddddddddd']) {
      await history.snapshot('f', text, 'pause');
      advance(1000);
    }
    const texts = await Promise.all((await history.list('f')).map((each) => history.text(each.id)));
    expect(texts).toEqual(['dddddddddd\n', 'cccccccccc\n']);
  });

  it('thins older revisions as they age', async () => {
    const { history, advance } = setUp();
    for (let index = 0; index < 6; index += 1) {
      await history.snapshot('f', `version ${index}`, 'pause');
      advance(60_000);
    }
    expect(await history.list('f')).toHaveLength(6);
    // Two days later, the six minutes are one day's slot: the newest and one of the rest stay.
    advance(48 * HOUR);
    await history.snapshot('f', 'later', 'pause');
    const texts = await Promise.all((await history.list('f')).map((each) => history.text(each.id)));
    expect(texts[0]).toBe('later\n');
    expect(texts).toContain('version 5\n');
    expect(texts.length).toBeLessThanOrEqual(3);
  });

  it('keeps the text a merge or an import writes over', async () => {
    const { repo, history } = setUp();
    await repo.put([content('f', 'mine\n')]);
    const syncRepo = withSnapshotsBeforeOverwrite(repo, history, 'merge');
    await syncRepo.put([content('f', 'mine\n')]);
    expect(await history.list('f')).toEqual([]);
    await syncRepo.update<ContentItem>('f/content', (current) =>
      current ? { ...current, text: 'mine\ntheirs\n' } : undefined,
    );
    await syncRepo.put([content('f', 'replaced\n'), content('new', 'new file\n')]);
    const list = await history.list('f');
    expect(list.map((each) => each.reason)).toEqual(['merge', 'merge']);
    expect(await history.text(list[1]!.id)).toBe('mine\n');
    expect(await history.text(list[0]!.id)).toBe('mine\ntheirs\n');
    // A new file had no text to lose.
    expect(await history.list('new')).toEqual([]);
    expect((await repo.get<ContentItem>('f/content'))?.text).toBe('replaced\n');
  });

  it('reads every entry of the workspace to thin only when over the budget or a minute later', async () => {
    const repo = new MemoryDatabase('inkstone-db').connect();
    let wholeLists = 0;
    const counted = {
      ...repo,
      putRevision: repo.putRevision.bind(repo),
      getRevisionText: repo.getRevisionText.bind(repo),
      deleteRevisions: repo.deleteRevisions.bind(repo),
      listRevisions: (fileId?: string) => {
        if (fileId === undefined) wholeLists += 1;
        return repo.listRevisions(fileId);
      },
    };
    let now = Date.UTC(2026, 10, 28, 12);
    let next = 0;
    const settings = { local: true, maxBytes: 1_000_000 };
    const history = new LocalHistory(counted, {
      newId: () => `rev${(next += 1)}`,
      settings: () => settings,
      now: () => now,
    });
    // A sync changing 100 files at once: one thinning, the first.
    for (let file = 0; file < 100; file += 1)
      await history.snapshot(`f${file}`, `text ${file}`, 'merge');
    expect(wholeLists).toBe(1);
    now += 61_000;
    await history.snapshot('f0', 'a minute later', 'pause');
    expect(wholeLists).toBe(2);
    // Over the budget: thinned at once.
    settings.maxBytes = 10;
    await history.snapshot('f0', 'over the budget', 'pause');
    expect(wholeLists).toBe(3);
    expect(await history.list('f0')).toHaveLength(1);
  });
});
