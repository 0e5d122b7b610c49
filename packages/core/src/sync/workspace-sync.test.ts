import { describe, expect, it } from 'vitest';
import { MemoryDatabase } from '../db/memory-repository.js';
import { withHash } from '../items/hash.js';
import {
  type ContentItem,
  type DataItem,
  type FileItem,
  type Item,
  type LocationItem,
  type SyncedContentItem,
} from '../items/types.js';
import {
  type FaultInjector,
  MemoryWorkspaceProvider,
} from '../testing/memory-workspace-provider.js';
import { type SyncState } from './sync-state.js';
import { WorkspaceSynchronizer } from './workspace-sync.js';
import { testContent, testFile } from '../testing/test-items.js';

const content = (fileId: string, text: string, properties = ''): ContentItem =>
  testContent(fileId, text, { properties });
const file = testFile;

// How a client talks to the remote: one item a call, or in batches (`saveItems`, S12).
interface Mode {
  batch: boolean;
  batchSize?: number;
}

function client(
  remote: MemoryWorkspaceProvider,
  faults?: FaultInjector,
  welcome: string[] = [],
  mode: Mode = { batch: true },
) {
  const repository = new MemoryDatabase('client').connect();
  const conflicts: string[] = [];
  const synchronizer = new WorkspaceSynchronizer({
    repository,
    provider: remote.connect(faults, { batch: mode.batch }),
    welcomeFileHashes: new Set(welcome),
    onConflict: (fileId) => conflicts.push(fileId),
    batchSize: mode.batchSize,
  });
  return {
    repository,
    conflicts,
    sync: () => synchronizer.sync(),
    put: (...items: Item[]) => repository.put(items),
    text: async (fileId: string) => (await repository.get<ContentItem>(`${fileId}/content`))?.text,
    edit: async (fileId: string, change: (text: string) => string) => {
      const current = (await repository.get<ContentItem>(`${fileId}/content`))!;
      const next = content(fileId, change(current.text), current.properties);
      await repository.put([{ ...next, history: current.history }]);
    },
  };
}

const remoteIds = (remote: MemoryWorkspaceProvider) => remote.snapshot().map((item) => item.id);
const base = 'First paragraph.\n\nSecond paragraph.\n\nThird paragraph.\n';

describe('WorkspaceSynchronizer', () => {
  it('asks for a commit message once before uploading; cancelled, it takes the remote and sends nothing (S14)', async () => {
    const remote = new MemoryWorkspaceProvider();
    const b = client(remote);
    await b.put(file('theirs', 'Theirs'), content('theirs', 'their words\n'));
    await b.sync();
    const repository = new MemoryDatabase('git-like').connect();
    const inner = remote.connect();
    const messages: string[] = [];
    const provider = {
      ...inner,
      id: inner.id,
      getChanges: inner.getChanges.bind(inner),
      downloadContent: inner.downloadContent.bind(inner),
      saveItem: inner.saveItem.bind(inner),
      removeItem: inner.removeItem.bind(inner),
      uploadContent: inner.uploadContent.bind(inner),
      withCommitMessage: (message: string) => {
        messages.push(message);
        return inner;
      },
    };
    const answers: (string | undefined)[] = [undefined, 'Add my notes'];
    let asked = 0;
    const synchronizer = new WorkspaceSynchronizer({
      repository,
      provider,
      welcomeFileHashes: new Set(),
      askCommitMessage: async () => answers[asked++],
    });
    await repository.put([file('mine', 'Mine'), content('mine', 'my words\n')]);
    await synchronizer.sync();
    expect(asked).toBe(1);
    expect(await repository.get('theirs')).toBeDefined();
    expect(remoteIds(remote)).not.toContain('mine');
    expect(messages).toEqual([]);
    await synchronizer.sync();
    expect(asked).toBe(2);
    expect(messages).toEqual(['Add my notes']);
    expect(remoteIds(remote)).toContain('mine');
    // Nothing to upload: nothing asked.
    await synchronizer.sync();
    expect(asked).toBe(2);
  });

  it('uploads pending images after the workspace, before the trash is emptied (S13)', async () => {
    const remote = new MemoryWorkspaceProvider();
    const repository = new MemoryDatabase('with-images').connect();
    const uploaded: string[] = [];
    const synchronizer = new WorkspaceSynchronizer({
      repository,
      provider: remote.connect(),
      welcomeFileHashes: new Set(),
      images: {
        uploader: {
          upload: async (image) => {
            // The workspace is synced by then.
            expect(remoteIds(remote)).toContain('f1');
            uploaded.push(image.id);
            return { sha: 'abc' };
          },
        },
        timers: { set: (callback) => (setTimeout(callback, 0), () => {}), now: () => 0 },
      },
    });
    await repository.put([file('f1', 'One'), content('f1', 'one\n')]);
    await repository.putImage({ id: 'i1', path: '/i1.png', content: 'AA==', uploaded: false });
    await repository.putImage({ id: 'i2', path: '/i2.png', content: 'AA==', uploaded: false });
    await synchronizer.sync();
    expect(uploaded).toEqual(['i1', 'i2']);
    expect((await repository.getAllImages()).every((image) => image.uploaded)).toBe(true);
    await synchronizer.sync();
    expect(uploaded).toEqual(['i1', 'i2']);
  });

  it('uploads new files and brings them to another client, page by page (S2, S3)', async () => {
    const remote = new MemoryWorkspaceProvider(1);
    const a = client(remote);
    const b = client(remote);
    await a.put(
      file('f1', 'One'),
      content('f1', 'one\n'),
      file('f2', 'Two'),
      content('f2', 'two\n'),
    );
    await a.sync();
    await b.sync();
    expect(await b.text('f1')).toBe('one\n');
    expect((await b.repository.get<FileItem>('f2'))?.name).toBe('Two');
  });

  it('takes remote renames, and keeps a local change made to the same item (S2, S3)', async () => {
    const remote = new MemoryWorkspaceProvider();
    const a = client(remote);
    const b = client(remote);
    await a.put(file('f', 'Name'), content('f', base));
    await a.sync();
    await b.sync();
    await a.put(file('f', 'From A'));
    await a.sync();
    await b.sync();
    expect((await b.repository.get<FileItem>('f'))?.name).toBe('From A');
    await a.put(file('f', 'A again'));
    await b.put(file('f', 'B wins'));
    await a.sync();
    await b.sync();
    await a.sync();
    expect((await a.repository.get<FileItem>('f'))?.name).toBe('B wins');
  });

  it('merges edits of both sides, reports conflicts, never merges twice (S4)', async () => {
    const remote = new MemoryWorkspaceProvider();
    const a = client(remote);
    const b = client(remote);
    await a.put(file('f', 'Doc'), content('f', base));
    await a.sync();
    await b.sync();
    await a.edit('f', (text) => text.replace('First', 'First edited by A'));
    await b.edit('f', (text) => text.replace('Third', 'Third edited by B'));
    await a.sync();
    await b.sync();
    await a.sync();
    const merged =
      'First edited by A paragraph.\n\nSecond paragraph.\n\nThird edited by B paragraph.\n';
    expect(await a.text('f')).toBe(merged);
    expect(await b.text('f')).toBe(merged);
    expect(b.conflicts).toEqual([]);

    await a.edit('f', (text) => text.replace('Second', 'Second by A'));
    await b.edit('f', (text) => text.replace('Second', 'Second by B'));
    await a.sync();
    await b.sync();
    await a.sync();
    expect(b.conflicts).toEqual(['f']);
    expect(await a.text('f')).toContain('Second by A');
    expect(await a.text('f')).toContain('Second by B');
    expect(await a.text('f')).toBe(await b.text('f'));
    const before = JSON.stringify(remote.snapshot());
    await a.sync();
    await b.sync();
    expect(JSON.stringify(remote.snapshot())).toBe(before);
  });

  it('merges properties by key and keeps at most 20 history entries (S4)', async () => {
    const remote = new MemoryWorkspaceProvider();
    const a = client(remote);
    const b = client(remote);
    await a.put(file('f', 'Doc'), content('f', base, 'title: T\n'));
    await a.sync();
    await b.sync();
    await a.put(content('f', base, 'title: T\ntags: a\n'));
    await b.put(content('f', base, 'title: T\nauthor: b\n'));
    await a.sync();
    await b.sync();
    const properties = (await b.repository.get<ContentItem>('f/content'))?.properties;
    expect(properties).toContain('tags: a');
    expect(properties).toContain('author: b');
    for (let i = 0; i < 25; i += 1) {
      await a.edit('f', (text) => `${text}line ${i}\n`);
      await a.sync();
    }
    const uploaded = remote.snapshot().find((item) => item.id === 'f/content') as ContentItem;
    expect(uploaded.history.length).toBe(20);
  });

  it.each([
    ['one by one', { batch: false }, 'uploadContent'],
    ['in a batch', { batch: true }, 'saveItems'],
  ] as const)(
    'knows a version whose upload reply was lost, %s, and does not merge it again (S4, S12)',
    async (_, mode, lostCall) => {
      const remote = new MemoryWorkspaceProvider();
      let lose = false;
      const a = client(
        remote,
        (call) => (lose && call === lostCall ? 'lostReply' : undefined),
        [],
        mode,
      );
      await a.put(file('f', 'Doc'), content('f', base));
      await a.sync();
      await a.edit('f', (text) => `${text}Added.\n`);
      lose = true;
      await expect(a.sync()).rejects.toThrow('Network request timeout.');
      lose = false;
      await a.edit('f', (text) => text.replace('First', 'Then'));
      await a.sync();
      expect(a.conflicts).toEqual([]);
      expect(await a.text('f')).toBe(`${base.replace('First', 'Then')}Added.\n`);
    },
  );

  it('keeps text edited here when the file was deleted there, and the other way (S5, S8)', async () => {
    const remote = new MemoryWorkspaceProvider();
    const a = client(remote);
    const b = client(remote);
    await a.put(file('f', 'Doc'), content('f', base));
    await a.sync();
    await b.sync();
    await b.edit('f', (text) => `${text}Precious words.\n`);
    await a.put(file('f', 'Doc', 'trash'));
    await a.sync();
    expect(await a.repository.get('f')).toBeUndefined();
    expect(remoteIds(remote)).toEqual([]);
    await b.sync();
    await a.sync();
    expect(await a.text('f')).toContain('Precious words.');
    expect((await a.repository.get<FileItem>('f'))?.parentId).toBe(null);
  });

  it('keeps an item changed here that was removed remotely, and uploads it again (S5)', async () => {
    const remote = new MemoryWorkspaceProvider();
    const a = client(remote);
    const b = client(remote);
    await a.put(file('f', 'Doc'), content('f', base));
    await a.sync();
    await b.sync();
    await b.put(file('f', 'Renamed by B'));
    await a.put(file('f', 'Doc', 'trash'));
    await a.sync();
    expect(remoteIds(remote)).toEqual([]);
    await b.sync();
    expect((await b.repository.get<FileItem>('f'))?.name).toBe('Renamed by B');
    expect(remoteIds(remote).sort()).toEqual(['f', 'f/content']);
    await a.sync();
    expect(await a.text('f')).toBe(base);
  });

  it('lets a file go that was trashed here and removed remotely, its text unchanged (S5)', async () => {
    const remote = new MemoryWorkspaceProvider();
    const a = client(remote);
    const b = client(remote);
    await a.put(file('f', 'Doc'), content('f', base));
    await a.sync();
    await b.sync();
    await a.put(file('f', 'Doc', 'trash'));
    await b.put(file('f', 'Doc', 'trash'));
    await a.sync();
    await b.sync();
    expect(await b.repository.get('f')).toBeUndefined();
    expect(await b.repository.get('f/content')).toBeUndefined();
    expect(remoteIds(remote)).toEqual([]);
  });

  it('brings back a file deleted here whose text changed remotely (S5)', async () => {
    const remote = new MemoryWorkspaceProvider();
    const a = client(remote);
    const b = client(remote);
    await a.put(file('f', 'Doc'), content('f', base));
    await a.sync();
    await b.sync();
    await b.edit('f', (text) => `${text}From B.\n`);
    await b.sync();
    await a.repository.delete(['f', 'f/content']);
    await a.sync();
    expect(await a.text('f')).toContain('From B.');
    expect((await a.repository.get<FileItem>('f'))?.name).toBe('Doc');
    expect(remoteIds(remote).sort()).toEqual(['f', 'f/content']);
  });

  it('deletes synced trashed files here and remotely (S8)', async () => {
    const remote = new MemoryWorkspaceProvider();
    const a = client(remote);
    const b = client(remote);
    await a.put(file('f', 'Doc'), content('f', base));
    await a.sync();
    await b.sync();
    await a.put(file('f', 'Doc', 'trash'));
    await a.sync();
    await b.sync();
    expect(remoteIds(remote)).toEqual([]);
    expect(await b.repository.get('f')).toBeUndefined();
    expect(await b.repository.get('f/content')).toBeUndefined();
  });

  it('never syncs temp files nor an unmodified Welcome file without locations (S6)', async () => {
    const remote = new MemoryWorkspaceProvider();
    const welcome = content('w', 'Welcome!\n');
    const a = client(remote, undefined, [welcome.hash]);
    await a.put(
      file('t', 'Temp', 'temp'),
      content('t', 'temp\n'),
      file('w', 'Welcome file'),
      welcome,
    );
    await a.sync();
    expect(remoteIds(remote)).toEqual([]);
    await a.edit('w', (text) => `${text}Mine now.\n`);
    await a.sync();
    expect(remoteIds(remote).sort()).toEqual(['w', 'w/content']);

    const other = new MemoryWorkspaceProvider();
    const b = client(other, undefined, [welcome.hash]);
    const location = withHash<LocationItem>({
      id: 'loc',
      type: 'syncLocation',
      fileId: 'w',
      providerId: 'gist',
    });
    await b.put(file('w', 'Welcome file'), welcome, location);
    await b.sync();
    expect(remoteIds(other).sort()).toEqual(['loc', 'w', 'w/content']);
  });

  it.each([
    ['one by one', { batch: false }, 'uploadContent'],
    ['in batches of one', { batch: true, batchSize: 1 }, 'saveItems'],
  ] as const)(
    "stops with 'You are offline.' when its abort flag is set, %s, and resumes later (S1, S12)",
    async (_, mode, call) => {
      const remote = new MemoryWorkspaceProvider();
      const signal = { aborted: false };
      const a = client(remote);
      await a.put(file('f', 'One'), content('f', 'one\n'), file('g', 'Two'), content('g', 'two\n'));
      const synchronizer = new WorkspaceSynchronizer({
        repository: a.repository,
        provider: remote.connect(
          (name) => {
            if (name === call) signal.aborted = true;
            return undefined;
          },
          { batch: mode.batch },
        ),
        welcomeFileHashes: new Set(),
        batchSize: mode.batch ? mode.batchSize : undefined,
      });
      await expect(synchronizer.sync(signal)).rejects.toThrow('You are offline.');
      expect(remoteIds(remote)).toEqual(['f/content']);
      await a.sync();
      expect(remoteIds(remote).sort()).toEqual(['f', 'f/content', 'g', 'g/content']);
    },
  );

  it.each([
    ['one by one', { batch: false }, 'saveItem'],
    ['in batches', { batch: true }, 'saveItems'],
  ] as const)(
    'restarts on TOO_LATE, %s, and gives up after 5 attempts (S7, S12)',
    async (_, mode, call) => {
      const remote = new MemoryWorkspaceProvider();
      let tooLate = 2;
      const a = client(
        remote,
        (name) => (name === call && tooLate-- > 0 ? 'tooLate' : undefined),
        [],
        mode,
      );
      await a.put(file('f', 'Doc'), content('f', base));
      await a.sync();
      expect(remoteIds(remote).sort()).toEqual(['f', 'f/content']);
      const b = client(remote, (name) => (name === call ? 'tooLate' : undefined), [], mode);
      await b.put(file('g', 'Other'));
      await expect(b.sync()).rejects.toThrow(
        'Synchronization failed: the workspace kept changing remotely.',
      );
    },
  );

  it('uploads in batches: few calls, and a refused entry leaves the others saved (S7, S12)', async () => {
    const remote = new MemoryWorkspaceProvider(100);
    const calls: string[] = [];
    const a = client(remote, (call) => void calls.push(call), [], { batch: true, batchSize: 2 });
    for (const id of ['f1', 'f2', 'f3', 'f4', 'f5']) {
      await a.put(file(id, id), content(id, `${id}\n`));
    }
    await a.sync();
    // 5 contents, then 5 files, 2 a call.
    expect(calls).toEqual(['getChanges', ...Array<string>(6).fill('saveItems')]);
    expect(remote.snapshot()).toHaveLength(10);

    // The second content batch's last entry is refused; the changes then fail: the attempt
    // ends having recorded what the remote acknowledged, and the refused upload is still "last
    // unsynced".
    const other = new MemoryWorkspaceProvider(100);
    const b = client(
      other,
      (call) => {
        calls.push(call);
        if (call === 'saveItems' && calls.filter((name) => name === call).length === 2) {
          return 'tooLate';
        }
        return calls.length > 3 ? 'offline' : undefined;
      },
      [],
      { batch: true, batchSize: 2 },
    );
    calls.length = 0;
    for (const id of ['g1', 'g2', 'g3', 'g4']) await b.put(file(id, id), content(id, `${id}\n`));
    await expect(b.sync()).rejects.toThrow('Network request failed.');
    expect(calls).toEqual(['getChanges', 'saveItems', 'saveItems', 'getChanges']);
    const state = (await b.repository.get<DataItem<SyncState>>('syncState'))!.data;
    expect(
      Object.keys(state.records)
        .filter((id) => id.startsWith('g'))
        .sort(),
    ).toEqual(['g1/content', 'g2/content', 'g3/content']);
    const slots = async (id: string) =>
      (await b.repository.get<SyncedContentItem>(`${id}/syncedContent`))?.syncHistory.main;
    expect(await slots('g3')).toEqual([content('g3', 'g3\n').hash, null, null]);
    expect(await slots('g4')).toEqual([null, null, content('g4', 'g4\n').hash]);
    expect(other.snapshot().map((item) => item.id)).toEqual([
      'g1/content',
      'g2/content',
      'g3/content',
    ]);
  });

  it('syncs one by one with a provider that has no batch save (S12)', async () => {
    const remote = new MemoryWorkspaceProvider(100);
    const calls: string[] = [];
    const a = client(remote, (call) => void calls.push(call), [], { batch: false });
    await a.put(
      file('f1', 'One'),
      content('f1', 'one\n'),
      file('f2', 'Two'),
      content('f2', 'two\n'),
    );
    await a.sync();
    expect(calls.sort()).toEqual([
      'getChanges',
      'saveItem',
      'saveItem',
      'uploadContent',
      'uploadContent',
    ]);
    const b = client(remote);
    await b.sync();
    expect(await b.text('f2')).toBe('two\n');
  });
});
