import { describe, expect, it } from 'vitest';
import { requestPersistentStorage } from './persistent-storage';

const manager = (persisted: boolean, grants: boolean) => {
  const calls: string[] = [];
  return {
    calls,
    persisted: () => {
      calls.push('persisted');
      return Promise.resolve(persisted);
    },
    persist: () => {
      calls.push('persist');
      return Promise.resolve(grants);
    },
  };
};

describe('persistent storage', () => {
  it('does not ask again when already granted', async () => {
    const storage = manager(true, false);
    expect(await requestPersistentStorage(storage)).toBe('persisted');
    expect(storage.calls).toEqual(['persisted']);
  });

  it('asks, and reports a grant or a refusal', async () => {
    expect(await requestPersistentStorage(manager(false, true))).toBe('persisted');
    const refusing = manager(false, false);
    expect(await requestPersistentStorage(refusing)).toBe('refused');
    expect(refusing.calls).toEqual(['persisted', 'persist']);
  });

  it('reports a browser without a storage manager', async () => {
    expect(await requestPersistentStorage(undefined)).toBe('unavailable');
  });
});
