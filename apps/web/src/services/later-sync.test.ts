import { describe, expect, it } from 'vitest';
import { LaterSync, type StartedSync } from './later-sync';
import type { SyncService } from './sync';

// A built sync service that records what it is asked, for the later-built one in front of it.
function fakeStarted(syncable = true) {
  const asked: string[] = [];
  const service = {
    syncable,
    canSyncNow: syncable,
    requestNow: () => asked.push('requestNow'),
    fileLocationsChanged: () => asked.push('fileLocationsChanged'),
    remoteProvider: { id: 'couchdbWorkspace' },
  } as unknown as SyncService;
  const started: StartedSync = { service, stop: () => asked.push('stop') };
  return { asked, started };
}

describe('the sync service built after the first screen', () => {
  it('does not sync, nor can it, until built; then it says what the service says', async () => {
    const { started } = fakeStarted(true);
    const sync = new LaterSync(() => Promise.resolve(started));
    expect(sync.syncable).toBe(false);
    expect(sync.canSyncNow).toBe(false);
    sync.fileLocationsChanged();
    await sync.start();
    expect(sync.syncable).toBe(true);
    expect(sync.canSyncNow).toBe(true);
  });

  it('asks a sync asked for before it was built once it is, and builds it once', async () => {
    const { asked, started } = fakeStarted();
    let builds = 0;
    const sync = new LaterSync(() => {
      builds += 1;
      return Promise.resolve(started);
    });
    sync.requestNow();
    await sync.start();
    await sync.start();
    expect(builds).toBe(1);
    expect(asked).toEqual(['requestNow']);
    sync.fileLocationsChanged();
    sync.requestNow();
    expect(asked).toEqual(['requestNow', 'fileLocationsChanged', 'requestNow']);
  });

  it('stops a service that arrives after the tab closed it, and builds none after', async () => {
    const { asked, started } = fakeStarted();
    let release: (value: StartedSync) => void = () => {};
    let builds = 0;
    const sync = new LaterSync(() => {
      builds += 1;
      return new Promise<StartedSync>((resolve) => (release = resolve));
    });
    const starting = sync.start();
    sync.stop();
    release(started);
    expect(await starting).toBeUndefined();
    expect(asked).toEqual(['stop']);
    expect(sync.syncable).toBe(false);
    expect(await sync.start()).toBeUndefined();
    expect(builds).toBe(1);
  });

  it('tries again at the next start when its code could not be loaded', async () => {
    const { started } = fakeStarted();
    let fail = true;
    const sync = new LaterSync(() =>
      fail ? Promise.reject(new Error('offline')) : Promise.resolve(started),
    );
    expect(await sync.start()).toBeUndefined();
    fail = false;
    expect(await sync.start()).toBe(started);
    expect(sync.syncable).toBe(true);
  });

  it('tells who waits for it once it is built, with its remote’s provider, without building it itself', async () => {
    const { started } = fakeStarted();
    let builds = 0;
    const sync = new LaterSync(() => {
      builds += 1;
      return Promise.resolve(started);
    });
    expect(sync.remoteProvider).toBeUndefined();
    let told = false;
    const waiting = sync.whenBuilt().then(() => {
      told = true;
    });
    await Promise.resolve();
    expect(builds).toBe(0);
    expect(told).toBe(false);
    await sync.start();
    await waiting;
    expect(told).toBe(true);
    expect(sync.remoteProvider?.id).toBe('couchdbWorkspace');
    await sync.whenBuilt();
  });
});
