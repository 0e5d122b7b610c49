import { describe, expect, it } from 'vitest';
import { FakeTimers, settle } from '../testing/fake-timers.js';
import { isUserActive, syncVerdict, type SyncConditionInput } from './sync-conditions.js';
import { SyncRequester } from './sync-requester.js';
import { TaskQueue } from './task-queue.js';

const ready: SyncConditionInput = {
  now: 1_000_000,
  lastInputAt: 999_000,
  focused: true,
  offline: false,
  hasSyncTarget: true,
  lastSyncActivity: 990_000,
};

describe('sync conditions (S1)', () => {
  it('counts the user active with input within 180 s and the window focused', () => {
    expect(isUserActive(180_000, 0, true)).toBe(true);
    expect(isUserActive(180_001, 0, true)).toBe(false);
    expect(isUserActive(1_000, 0, false)).toBe(false);
  });

  it('lets a sync start only when active, online, with a target and 3 s after any tab synced', () => {
    expect(syncVerdict(ready)).toBe('ok');
    expect(syncVerdict({ ...ready, offline: true })).toBe('offline');
    expect(syncVerdict({ ...ready, hasSyncTarget: false })).toBe('noSyncTarget');
    expect(syncVerdict({ ...ready, focused: false })).toBe('inactive');
    expect(syncVerdict({ ...ready, lastInputAt: ready.now - 180_001 })).toBe('inactive');
    expect(syncVerdict({ ...ready, lastSyncActivity: ready.now - 3_000 })).toBe('tooSoon');
    expect(syncVerdict({ ...ready, lastSyncActivity: ready.now - 3_001 })).toBe('ok');
    expect(syncVerdict({ ...ready, lastSyncActivity: undefined })).toBe('ok');
  });
});

describe('SyncRequester (S1)', () => {
  const setup = () => {
    const timers = new FakeTimers();
    let shared: number | undefined;
    const state = { lastInputAt: 0, focused: true, offline: false, syncs: 0 };
    // Whether each sync that started was asked for by the user.
    const asked: boolean[] = [];
    let finish = () => undefined as void;
    const queue = new TaskQueue({ onError: () => undefined });
    const requester = new SyncRequester({
      timers,
      activity: { lastInputAt: () => state.lastInputAt, isFocused: () => state.focused },
      lastSyncActivity: { get: () => shared, set: (time) => (shared = time) },
      queue,
      isOffline: () => state.offline,
      hasSyncTarget: () => true,
      sync: (_signal, byUser) => {
        state.syncs += 1;
        asked.push(byUser);
        return new Promise<void>((resolve) => (finish = resolve));
      },
    });
    return { timers, state, requester, queue, asked, finish: () => finish(), shared: () => shared };
  };

  it('joins a request to the one waiting to start, and takes another once it has run', async () => {
    const { requester, state, finish, timers } = setup();
    state.focused = false;
    expect(requester.request()).toBe(true);
    expect(requester.request()).toBe(false);
    state.focused = true;
    state.lastInputAt = timers.now();
    await timers.advance(1_000);
    expect(state.syncs).toBe(1);
    finish();
    await timers.advance(10);
    expect(requester.pending).toBe(false);
    await timers.advance(10_000);
    expect(state.syncs).toBe(1);
    expect(requester.request()).toBe(true);
  });

  it('runs one more sync after the running one when asked during it, once however often', async () => {
    const { requester, state, finish, timers } = setup();
    requester.request();
    await settle();
    expect(state.syncs).toBe(1);
    // Asked while the sync runs (it may have read the files already): kept, not ignored.
    state.lastInputAt = timers.now();
    expect(requester.request()).toBe(true);
    expect(requester.request()).toBe(false);
    expect(requester.request()).toBe(false);
    finish();
    await settle();
    expect(requester.pending).toBe(true);
    // The next one waits 3 s after the last sync activity, as any sync does.
    await timers.advance(3_000);
    expect(state.syncs).toBe(1);
    await timers.advance(1_000);
    expect(state.syncs).toBe(2);
    finish();
    await settle();
    expect(requester.pending).toBe(false);
    await timers.advance(10_000);
    expect(state.syncs).toBe(2);
  });

  it('tells the sync whether the user asked for it, and forgets what was asked when no sync comes of it', async () => {
    const { requester, state, asked, finish, timers, queue } = setup();
    // Asked by the user while an automatic sync waits: that sync is the user's.
    state.focused = false;
    requester.request();
    requester.request(true);
    state.focused = true;
    state.lastInputAt = timers.now();
    await timers.advance(1_000);
    expect(asked).toEqual([true]);
    // An automatic request during it, then the user's: the sync after it is the user's.
    requester.request();
    requester.request(true);
    finish();
    state.lastInputAt = timers.now() + 5_000;
    await timers.advance(5_000);
    expect(asked).toEqual([true, true]);
    finish();
    await settle();

    // Asked during a sync that going offline stops: nothing follows, and the next automatic
    // sync is not taken for the user's.
    requester.request();
    await timers.advance(5_000);
    expect(asked).toEqual([true, true, false]);
    requester.request(true);
    queue.goOffline();
    // (The sync, told to stop, ends.)
    finish();
    await timers.advance(10_000);
    expect(requester.pending).toBe(false);
    expect(state.syncs).toBe(3);
    requester.request();
    await timers.advance(5_000);
    expect(asked).toEqual([true, true, false, false]);
    finish();
    await settle();

    // Asked, then dropped before it started (the workspace closing): the same.
    state.focused = false;
    requester.request(true);
    requester.cancel();
    state.focused = true;
    requester.request();
    await timers.advance(5_000);
    expect(asked).toEqual([true, true, false, false, false]);
  });

  it('waits, checking every second, until the user is active', async () => {
    const { requester, state, timers } = setup();
    state.focused = false;
    requester.request();
    await timers.advance(5_000);
    expect(state.syncs).toBe(0);
    state.focused = true;
    state.lastInputAt = timers.now();
    await timers.advance(1_000);
    expect(state.syncs).toBe(1);
  });

  it('renews the shared timestamp while a sync runs, so that another tab waits', async () => {
    const { requester, state, timers, finish, shared } = setup();
    await timers.advance(10_000);
    state.lastInputAt = timers.now();
    requester.request();
    await timers.advance(20_000);
    expect(shared()).toBe(30_000);
    finish();
    await settle();
    expect(state.syncs).toBe(1);
  });

  it('marks the shared timestamp, so that no tab starts a sync within 3 s of another', async () => {
    const { requester, state, timers, finish, shared } = setup();
    await timers.advance(10_000);
    state.lastInputAt = timers.now();
    requester.request();
    await settle();
    expect(shared()).toBe(10_000);
    await timers.advance(2_000);
    finish();
    await settle();
    expect(shared()).toBe(12_000);
    requester.request();
    await timers.advance(2_000);
    expect(state.syncs).toBe(1);
    await timers.advance(2_000);
    expect(state.syncs).toBe(2);
  });
});
