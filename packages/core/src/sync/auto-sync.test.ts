import { describe, expect, it } from 'vitest';
import { FakeTimers } from '../testing/fake-timers.js';
import { AutoSyncScheduler, autoSyncPeriod, isAutoSyncOn, jittered } from './auto-sync.js';

describe('auto sync (S10)', () => {
  it('takes the autoSyncEvery setting, 90 s by default and at least 60 s', () => {
    expect(autoSyncPeriod(undefined)).toBe(90_000);
    expect(autoSyncPeriod(10_000)).toBe(60_000);
    expect(autoSyncPeriod(120_000)).toBe(120_000);
  });

  it('counts an unset autoSync flag as on', () => {
    expect(isAutoSyncOn({})).toBe(true);
    expect(isAutoSyncOn({ autoSync: true })).toBe(true);
    expect(isAutoSyncOn({ autoSync: false })).toBe(false);
  });

  it('randomises timers by up to +20 %', () => {
    expect(jittered(1000, () => 0)).toBe(1000);
    expect(jittered(1000, () => 0.999)).toBe(1200);
  });

  it('requests a sync every period while enabled', async () => {
    const timers = new FakeTimers();
    let requests = 0;
    let enabled = true;
    const scheduler = new AutoSyncScheduler({
      timers,
      random: () => 0.5,
      period: () => 90_000,
      enabled: () => enabled,
      request: () => (requests += 1),
    });
    scheduler.start();
    await timers.advance(98_999);
    expect(requests).toBe(0);
    await timers.advance(1);
    expect(requests).toBe(1);
    enabled = false;
    await timers.advance(99_000);
    expect(requests).toBe(1);
    enabled = true;
    await timers.advance(99_000);
    expect(requests).toBe(2);
    scheduler.stop();
    await timers.advance(500_000);
    expect(requests).toBe(2);
  });
});
