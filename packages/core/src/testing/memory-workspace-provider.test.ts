import { describe, expect, it } from 'vitest';
import { HttpError, NetworkError } from '../sync/http-client.js';
import { TooLateError } from '../sync/workspace-provider.js';
import { testContent, testFile } from './test-items.js';
import { MemoryWorkspaceProvider, type ProviderFault } from './memory-workspace-provider.js';

const file = (id: string, name: string) => testFile(id, name);
const content = (fileId: string, text: string) => testContent(fileId, text);

describe('MemoryWorkspaceProvider', () => {
  it('pages changes by an opaque cursor, newest version of each item once', async () => {
    const remote = new MemoryWorkspaceProvider(2);
    const provider = remote.connect();
    const first = await provider.saveItem(file('a', 'A'), undefined);
    await provider.saveItem(file('b', 'B'), undefined);
    await provider.saveItem(file('a', 'A2'), first);
    await provider.uploadContent(content('a', 'text\n'), undefined);
    const page1 = await provider.getChanges(undefined);
    expect(page1.changes.map((change) => change.itemId)).toEqual(['b', 'a']);
    expect(page1.more).toBe(true);
    const page2 = await provider.getChanges(page1.cursor);
    expect(page2.more).toBe(false);
    const [contentChange] = page2.changes;
    expect(contentChange?.item).toEqual({
      id: 'a/content',
      type: 'content',
      hash: content('a', 'text\n').hash,
    });
    const again = await provider.getChanges(page2.cursor);
    expect(again).toEqual({ changes: [], cursor: page2.cursor, more: false });
  });

  it('refuses a write or removal with a stale revision (TOO_LATE, like a 409)', async () => {
    const provider = new MemoryWorkspaceProvider().connect();
    const first = await provider.saveItem(file('a', 'A'), undefined);
    await provider.saveItem(file('a', 'A2'), first);
    await expect(provider.saveItem(file('a', 'A3'), first)).rejects.toBeInstanceOf(TooLateError);
    await expect(provider.saveItem(file('a', 'new'), undefined)).rejects.toBeInstanceOf(
      TooLateError,
    );
    await expect(provider.removeItem(first)).rejects.toBeInstanceOf(TooLateError);
  });

  it('lists removals and lets a removed item be created again', async () => {
    const remote = new MemoryWorkspaceProvider();
    const provider = remote.connect();
    const saved = await provider.saveItem(file('a', 'A'), undefined);
    await provider.removeItem(saved);
    const page = await provider.getChanges(undefined);
    expect(page.changes).toEqual([{ itemId: 'a', item: null, syncData: null }]);
    await provider.saveItem(file('a', 'A again'), undefined);
    expect(remote.snapshot().map((item) => item.id)).toEqual(['a']);
  });

  it('downloads content with its text, or null', async () => {
    const provider = new MemoryWorkspaceProvider().connect();
    const syncData = await provider.uploadContent(content('a', 'hello\n'), undefined);
    expect((await provider.downloadContent('a', syncData))?.text).toBe('hello\n');
    expect(await provider.downloadContent('b', { ...syncData, itemId: 'b/content' })).toBeNull();
  });

  it('injects faults: before the call, after it (lost reply), or a call that never ends', async () => {
    const remote = new MemoryWorkspaceProvider();
    let fault: ProviderFault | undefined;
    const provider = remote.connect(() => fault);
    fault = 'timeout';
    await expect(provider.saveItem(file('a', 'A'), undefined)).rejects.toBeInstanceOf(NetworkError);
    fault = 'server';
    await expect(provider.saveItem(file('a', 'A'), undefined)).rejects.toBeInstanceOf(HttpError);
    fault = 'tooLate';
    await expect(provider.getChanges(undefined)).rejects.toBeInstanceOf(TooLateError);
    expect(remote.snapshot()).toEqual([]);
    fault = 'lostReply';
    await expect(provider.saveItem(file('a', 'A'), undefined)).rejects.toThrow(
      'Network request timeout.',
    );
    expect(remote.snapshot().map((item) => item.id)).toEqual(['a']);
    fault = 'hang';
    let settled = false;
    const done = () => (settled = true);
    provider.getChanges(undefined).then(done, done);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toBe(false);
  });
});
