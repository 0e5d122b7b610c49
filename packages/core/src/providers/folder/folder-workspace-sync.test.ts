// The sync engine over a folder workspace: what a user sees in the browser (the local
// database) and on disk (the folder, here in memory with the File System Access API's shapes)
// when files are edited in the app and in other tools.
import { describe, expect, it } from 'vitest';
import { type FileItem } from '../../items/types.js';
import { MemoryFolder } from '../../testing/memory-folder.js';
import { stackeditGitTree } from '../../testing/stackedit-git-tree.js';
import { PARAGRAPHS as paragraphs, syncBrowser } from '../../testing/sync-browser.js';
import { testContent as content, testFile as file } from '../../testing/test-items.js';
import { GIT_MANIFEST_PATH } from '../git/layout.js';
import { WorkspaceSynchronizer } from '../../sync/workspace-sync.js';
import { type FolderRecord } from './folder-port.js';
import { FolderWorkspaceProvider } from './folder-workspace-provider.js';

// A browser syncing `folder`, its port's listings kept in `saved` (the workspace's storage).
function browser(
  folder: MemoryFolder,
  saved: { record?: FolderRecord } = {},
  onStackeditLayout?: () => Promise<'convert' | 'cancel'>,
) {
  const store = {
    load: () => Promise.resolve(saved.record),
    save: (record: FolderRecord) => {
      saved.record = JSON.parse(JSON.stringify(record)) as FolderRecord;
      return Promise.resolve();
    },
  };
  return syncBrowser(new FolderWorkspaceProvider({ folder, store, onStackeditLayout }));
}

const names = async (b: ReturnType<typeof browser>) =>
  (await b.repository.getAll('file')).map((item) => (item as FileItem).name).sort();

describe('Folder workspace sync', () => {
  it('opens a folder of markdown files written by other tools, with their folders and text', async () => {
    const folder = new MemoryFolder();
    folder.write('Hello.md', 'Hello *world*.\n');
    folder.write('Notes/Plan.md', '# Plan\n\nShip it.\n');
    folder.write('Notes/todo.txt', 'not a workspace file');
    const a = browser(folder);
    await a.sync();
    expect(await names(a)).toEqual(['Hello', 'Plan']);
    const plan = (await a.repository.getAll('file')).find(
      (item) => (item as FileItem).name === 'Plan',
    )!;
    expect(await a.text(plan.id)).toBe('# Plan\n\nShip it.\n');
    const notes = await a.repository.get((plan as FileItem).parentId!);
    expect(notes).toMatchObject({ type: 'folder', name: 'Notes' });
    // What the app keeps of its own goes to .inkstone-data/, the text files stay as they were.
    expect(folder.read('Hello.md')).toBe('Hello *world*.\n');
  });

  it('writes the app’s files as plain markdown, and its own data in .inkstone-data/', async () => {
    const folder = new MemoryFolder();
    const a = browser(folder);
    await a.put(
      file('hello', 'Hello'),
      content('hello', 'Hello.\n', { properties: 'title: Hi\n' }),
    );
    await a.sync();
    expect(folder.read('Hello.md')).toBe('Hello.\n');
    expect(folder.read('.inkstone-data/hello.json')).toContain('title: Hi');
    expect(JSON.parse(folder.read(GIT_MANIFEST_PATH)!)).toMatchObject({ version: 1 });
    await a.edit('hello', (text) => `${text}\nTyped in the app.\n`);
    await a.sync();
    expect(folder.read('Hello.md')).toBe('Hello.\n\nTyped in the app.\n');
  });

  it('brings in files changed, added and removed outside', async () => {
    const folder = new MemoryFolder();
    const a = browser(folder);
    await a.put(file('doc', 'Doc'), content('doc', 'Version one.\n'));
    await a.put(file('old', 'Old'), content('old', 'To be removed.\n'));
    await a.sync();
    folder.write('Doc.md', 'Version two, from another editor.\n');
    folder.write('Ideas/New.md', 'Added outside.\n');
    folder.remove('Old.md');
    await a.sync();
    expect(await a.text('doc')).toBe('Version two, from another editor.\n');
    expect(await names(a)).toEqual(['Doc', 'New']);
  });

  it('merges an edit made in the app and one made outside at the same time, losing neither', async () => {
    const folder = new MemoryFolder();
    const a = browser(folder);
    await a.put(file('doc', 'Doc'), content('doc', paragraphs));
    await a.sync();
    await a.edit('doc', (text) => text.replace('First paragraph.', 'First paragraph, in the app.'));
    folder.write('Doc.md', paragraphs.replace('Third paragraph.', 'Third paragraph, outside.'));
    await a.sync();
    const merged =
      'First paragraph, in the app.\n\nSecond paragraph.\n\nThird paragraph, outside.\n';
    expect(await a.text('doc')).toBe(merged);
    // (The merge is written back at the next sync, which starts again after the race.)
    await a.sync();
    expect(folder.read('Doc.md')).toBe(merged);
  });

  it('keeps both versions of the same words edited in the app and outside, as a conflict', async () => {
    const folder = new MemoryFolder();
    const conflicts: string[] = [];
    const a = syncBrowser(new FolderWorkspaceProvider({ folder }));
    const synchronizer = new WorkspaceSynchronizer({
      repository: a.repository,
      provider: a.provider,
      welcomeFileHashes: new Set(),
      onConflict: (fileId) => conflicts.push(fileId),
    });
    await a.put(file('doc', 'Doc'), content('doc', paragraphs));
    await synchronizer.sync();
    await a.edit('doc', (text) => text.replace('Second', 'Second, in the app,'));
    folder.write('Doc.md', paragraphs.replace('Second', 'Second, outside,'));
    await synchronizer.sync();
    await synchronizer.sync();
    expect(conflicts).toEqual(['doc']);
    for (const words of ['Second, in the app,', 'Second, outside,']) {
      expect(await a.text('doc')).toContain(words);
      expect(folder.read('Doc.md')).toContain(words);
    }
  });

  it('reads a file removed while the app was closed as removed, from the listing kept', async () => {
    const folder = new MemoryFolder();
    const saved: { record?: FolderRecord } = {};
    const a = browser(folder, saved);
    await a.put(file('keep', 'Keep'), content('keep', 'Kept.\n'));
    await a.put(file('gone', 'Gone'), content('gone', 'Removed outside.\n'));
    await a.sync();
    // The next session: the same database, a new provider (nothing in memory) over the folder.
    folder.remove('Gone.md');
    const reopened = new WorkspaceSynchronizer({
      repository: a.repository,
      provider: new FolderWorkspaceProvider({
        folder,
        store: { load: () => Promise.resolve(saved.record), save: () => Promise.resolve() },
      }),
      welcomeFileHashes: new Set(),
    });
    await reopened.sync();
    expect(await names(a)).toEqual(['Keep']);
    expect(folder.paths().filter((path) => path.endsWith('.md'))).toEqual(['Keep.md']);
  });

  it('offers to convert a folder StackEdit kept, and converts it in place', async () => {
    const folder = new MemoryFolder();
    for (const [path, text] of stackeditGitTree()) folder.write(path, text);
    let asked = 0;
    const a = browser(folder, {}, () => {
      asked += 1;
      return Promise.resolve('convert');
    });
    await a.sync();
    expect(asked).toBe(1);
    // On disk: plain markdown where it was, Inkstone's index, trash and data; StackEdit's trash
    // and location files gone, its own data folder kept.
    const paths = folder.paths();
    expect(paths).toContain(GIT_MANIFEST_PATH);
    expect(paths.filter((path) => /\.(sync|publish)$|^\.stackedit-trash\//.test(path))).toEqual([]);
    expect(paths).toContain('.stackedit-data/templates.json');
    expect(folder.read('Maps/Georeferencing.md')).not.toContain('stackedit_data');
    expect(folder.read('.inkstone-trash/Old idea.md')).toBeDefined();
    // In the browser: the files, StackEdit's trash still the trash, the discussion's comment and
    // the locations.
    expect(await names(a)).toEqual(['Georeferencing', 'Old idea', 'Plain note', 'Preset', '多说']);
    const files = (await a.repository.getAll('file')) as FileItem[];
    expect(files.find((item) => item.name === 'Old idea')?.parentId).toBe('trash');
    const geo = files.find((item) => item.name === 'Georeferencing')!;
    expect(Object.values((await a.content(geo.id))!.comments)).toHaveLength(1);
    const locations = [
      ...(await a.repository.getAll('syncLocation')),
      ...(await a.repository.getAll('publishLocation')),
    ];
    expect(locations).toHaveLength(3);
    // Converted once: the next sync asks nothing and writes nothing.
    const before = JSON.stringify(folder.paths().map((path) => [path, folder.read(path)]));
    await a.sync();
    expect(asked).toBe(1);
    expect(JSON.stringify(folder.paths().map((path) => [path, folder.read(path)]))).toBe(before);
  });
});
