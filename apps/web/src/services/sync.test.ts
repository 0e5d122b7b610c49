import {
  type ContentItem,
  createFile,
  itemIds,
  MemoryDatabase,
  resolveCurrentFile,
} from '@inkstone/core';
import { describe, expect, it } from 'vitest';
import { lastSyncText } from '../components/sync-panel';
import { syncButtonBlocker, type SyncUiState } from '../store/sync-slice';
import { WELCOME_TEXT } from '../welcome/welcome-text';
import { welcomeContentHash } from './sync';
import { readCredentials, writeCredentials } from './workspaces';

const idle: SyncUiState = {
  target: 'https://couch.example.com/notes',
  requested: false,
  busy: false,
  offline: false,
  lastSyncedAt: null,
  lastError: null,
  fileLocations: 0,
};

describe('sync in the app', () => {
  it('recognises the Welcome file the app creates, so that an untouched one is never synced', async () => {
    const repo = new MemoryDatabase('welcome').connect();
    let next = 0;
    const file = await resolveCurrentFile(repo, () => `id${(next += 1)}`, WELCOME_TEXT);
    const content = await repo.get<ContentItem>(itemIds.content(file.id));
    expect(content?.hash).toBe(welcomeContentHash());
    // Any other text is not the Welcome file's.
    const other = await createFile(repo, () => 'other', { name: 'Welcome file', text: 'Mine.' });
    const mine = await repo.get<ContentItem>(itemIds.content(other.id));
    expect(mine?.hash).not.toBe(welcomeContentHash());
  });

  it('disables the sync button with no remote, while offline and while a sync is requested', () => {
    expect(syncButtonBlocker(idle)).toBeNull();
    expect(syncButtonBlocker({ ...idle, busy: true })).toBeNull();
    expect(syncButtonBlocker({ ...idle, target: null })).toBe(
      'This workspace is kept only in this browser.',
    );
    // A workspace kept here whose current file has GitHub or gist locations syncs them.
    expect(syncButtonBlocker({ ...idle, target: null, fileLocations: 1 })).toBeNull();
    expect(syncButtonBlocker({ ...idle, offline: true })).toBe('You are offline.');
    expect(syncButtonBlocker({ ...idle, requested: true })).toBe('A synchronization is under way.');
  });

  it('says how the last sync ended', () => {
    expect(lastSyncText(null, null)).toBe('Not synchronized yet in this tab.');
    expect(lastSyncText(Date.UTC(2026, 10, 22, 9, 30), null)).toMatch(
      /^Last synchronized at .+\.$/,
    );
    expect(lastSyncText(1, 'Network request failed.')).toBe(
      'Last synchronization failed: Network request failed.',
    );
  });

  it('keeps a database’s name and password in the workspace’s tokens item, per database', async () => {
    const repo = new MemoryDatabase('tokens').connect();
    expect(await readCredentials(repo, 'https://couch.example.com/a')).toBeUndefined();
    await writeCredentials(repo, 'https://couch.example.com/a', { name: 'ann', password: 'p1' });
    await writeCredentials(repo, 'https://couch.example.com/b', { name: 'bob', password: 'p2' });
    expect(await readCredentials(repo, 'https://couch.example.com/a')).toEqual({
      name: 'ann',
      password: 'p1',
    });
    expect(await readCredentials(repo, 'https://couch.example.com/b')).toEqual({
      name: 'bob',
      password: 'p2',
    });
  });
});
