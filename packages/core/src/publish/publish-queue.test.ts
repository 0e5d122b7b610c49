import { describe, expect, it } from 'vitest';
import { FakeTimers } from '../testing/fake-timers.js';
import { UploadCancelledError } from '../sync/commit-message.js';
import { PUBLISH_POLL_EVERY } from './constants.js';
import { PublishQueue } from './publish-queue.js';

function setup() {
  const timers = new FakeTimers();
  const state = { typing: false, offline: false };
  const shown: string[] = [];
  const queue = new PublishQueue({
    timers,
    isUserTyping: () => state.typing,
    isOffline: () => state.offline,
    notifyError: (error) => shown.push(error instanceof Error ? error.message : String(error)),
  });
  const log: string[] = [];
  // A publish that takes `ms` of (fake) time, as the requests of each location do.
  const publish =
    (name: string, ms = 0, error?: Error) =>
    async () => {
      log.push(`start ${name}`);
      await new Promise<void>((resolve) => timers.set(resolve, ms));
      log.push(`end ${name}`);
      if (error) throw error;
    };
  return { timers, state, shown, queue, log, publish };
}

describe('the publish queue (spec providers §4, §9)', () => {
  it('publishes at once when the user is not typing', async () => {
    const { queue, log, publish, timers } = setup();
    const done = queue.request(publish('a'));
    await timers.advance(0);
    await done;
    expect(log).toEqual(['start a', 'end a']);
  });

  it('waits while the user types, checking every second, and starts within a second of the pause', async () => {
    const { queue, log, publish, timers, state } = setup();
    state.typing = true;
    let settled = false;
    const done = queue.request(publish('a')).then(() => (settled = true));
    await timers.advance(PUBLISH_POLL_EVERY * 5);
    expect(log).toEqual([]);
    expect(queue.pending).toBe(1);
    state.typing = false;
    await timers.advance(PUBLISH_POLL_EVERY - 1);
    expect(log).toEqual([]);
    await timers.advance(1);
    expect(log).toEqual(['start a', 'end a']);
    expect(settled).toBe(true);
    expect(queue.pending).toBe(0);
    await done;
  });

  it('runs requests one after the other, in the order asked, never two at once', async () => {
    const { queue, log, publish, timers } = setup();
    const all = Promise.all([
      queue.request(publish('a', 500)),
      queue.request(publish('b', 100)),
      queue.request(publish('c', 10)),
    ]);
    await timers.advance(1_000);
    await all;
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('shows an error of a publish made online as a notification, and the next request still runs', async () => {
    const { queue, log, publish, timers, shown } = setup();
    const first = queue.request(publish('a', 10, new Error('HTTP error 500 on GitHub location.')));
    const second = queue.request(publish('b', 10));
    await timers.advance(100);
    await expect(first).resolves.toBeUndefined();
    await second;
    expect(shown).toEqual(['HTTP error 500 on GitHub location.']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b']);
  });

  it('rethrows the error of a publish made offline to the requester, shows nothing, and goes on', async () => {
    const { queue, publish, timers, shown, state, log } = setup();
    state.offline = true;
    const failing = queue.request(publish('a', 10, new Error('You are offline.')));
    const caught = failing.catch((error: unknown) => (error as Error).message);
    const next = queue.request(publish('b', 10));
    await timers.advance(100);
    expect(await caught).toBe('You are offline.');
    await next;
    expect(shown).toEqual([]);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b']);
  });

  it('takes a cancelled commit message for no error', async () => {
    const { queue, timers, shown, state } = setup();
    state.offline = true;
    const done = queue.request(() => Promise.reject(new UploadCancelledError()));
    await timers.advance(0);
    await expect(done).resolves.toBeUndefined();
    expect(shown).toEqual([]);
  });
});
