import { describe, expect, it } from 'vitest';
import { MemoryDatabase } from '../db/memory-repository.js';
import { type ChangeBatch, type ItemRepository } from '../db/repository.js';
import { type ContentItem } from '../items/types.js';
import { FakeTimers } from '../testing/fake-timers.js';
import { newFileItems } from '../workspace/files.js';
import { CHANGE_POLL_INTERVAL, ChangeFeed } from './change-feed.js';

// The content of a new file, as the workspace makes it.
const content = (file: string, text: string) => newFileItems(() => file, { text })[1];

describe('ChangeFeed (T2)', () => {
  it('goes on delivering, by check and by polling, after a failure that onError itself throws on', async () => {
    const db = new MemoryDatabase('inkstone-db');
    const other = db.connect();
    const repo = db.connect();
    // The first read of the changes fails (a database that closed for a moment).
    let reads = 0;
    const flaky = Object.create(repo) as ItemRepository;
    flaky.changesSince = (tx) =>
      (reads += 1) === 1 ? Promise.reject(new Error('DatabaseClosedError')) : repo.changesSince(tx);
    const timers = new FakeTimers();
    const delivered: string[] = [];
    const told: unknown[] = [];
    const feed = new ChangeFeed({
      repo: flaky,
      signal: { publish: () => {}, subscribe: () => () => {} },
      timers,
      onChanges: (batch: ChangeBatch) => {
        for (const item of batch.items) delivered.push((item as ContentItem).text);
      },
      onReload: () => {},
      onError: (error) => {
        told.push(error);
        throw new Error('The console is gone.');
      },
    });
    await feed.start();

    await other.put([content('file0000000000001', 'One.\n')]);
    // The read fails, and telling of it too: the check still ends (before, it rejected)…
    await expect(feed.check()).resolves.toBeUndefined();
    expect(told).toEqual([new Error('DatabaseClosedError')]);
    // …and the next one reads and delivers (before, every later check skipped its read).
    await feed.check();
    expect(delivered).toEqual(['One.\n']);
    // Polling goes on too.
    await other.put([content('file0000000000002', 'Two.\n')]);
    await timers.advance(CHANGE_POLL_INTERVAL);
    expect(delivered).toEqual(['One.\n', 'Two.\n']);
    await other.put([content('file0000000000003', 'Three.\n')]);
    await timers.advance(CHANGE_POLL_INTERVAL);
    expect(delivered).toEqual(['One.\n', 'Two.\n', 'Three.\n']);
    expect(told).toHaveLength(1);
    feed.stop();
  });
});
