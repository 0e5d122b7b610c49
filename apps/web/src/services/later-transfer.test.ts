import { MemoryDatabase } from '@inkstone/core';
import { describe, expect, it } from 'vitest';
import { createStore } from '../store';
import { Announcer } from './announcer';
import type { ModalStack } from './modals';
import { LaterTransfer } from './later-transfer';
import type { WorkspaceService } from './workspace';

// The later-built transfer service of a tab over an in-memory workspace, as transfer.test.ts
// sets up the service itself.
function setUp() {
  let n = 0;
  const repo = new MemoryDatabase('inkstone-db').connect();
  const opened: string[] = [];
  const workspace = {
    repo,
    newId: () => `id${String((n += 1)).padStart(14, '0')}`,
    openFile: (id: string) => Promise.resolve(void opened.push(id)),
  } as unknown as WorkspaceService;
  const store = createStore();
  const transfer = new LaterTransfer({
    workspace,
    store,
    modals: { open: () => Promise.resolve() } as unknown as ModalStack,
    announcer: new Announcer({ set: () => () => undefined }),
    workspaceName: () => 'Main workspace',
    flushEditor: () => Promise.resolve(),
  });
  return { repo, opened, transfer };
}

const file = (path: string, text: string) => ({
  path,
  file: new File([text], path.slice(path.lastIndexOf('/') + 1)),
});

describe('the transfer service built on first use', () => {
  it('imports asked for before its code is in run once it is, in the order asked', async () => {
    const { repo, opened, transfer } = setUp();
    expect(transfer.activity).toBeNull();
    const activities: (string | null)[] = [];
    const unsubscribe = transfer.subscribe(() => activities.push(transfer.activity));
    await Promise.all([
      transfer.import(() => Promise.resolve([file('One.md', '# One')]), null),
      transfer.import(() => Promise.resolve([file('Two.md', '# Two')]), null),
    ]);
    const files = (await repo.getAll('file')) as unknown as { id: string; name: string }[];
    expect(files.map((item) => item.name).sort()).toEqual(['One', 'Two']);
    // Each opened as it came in, the first asked first.
    const names = opened.map((id) => files.find((item) => item.id === id)?.name);
    expect(names).toEqual(['One', 'Two']);
    // The panes heard what ran, through the subscription made before the service was built.
    expect(activities).toContain('Reading the files to import…');
    expect(activities.at(-1)).toBeNull();
    // Unsubscribed, it hears nothing more.
    unsubscribe();
    const heard = activities.length;
    await transfer.import(() => Promise.resolve([file('Three.md', '# Three')]), null);
    expect(activities).toHaveLength(heard);
  });

  it('is built once, whether preloaded or used', async () => {
    const { repo, transfer } = setUp();
    transfer.preload();
    transfer.preload();
    await transfer.import(() => Promise.resolve([file('A.md', 'a')]), null);
    const files = (await repo.getAll('file')) as unknown as { name: string }[];
    expect(files.map((item) => item.name)).toEqual(['A']);
  });
});
