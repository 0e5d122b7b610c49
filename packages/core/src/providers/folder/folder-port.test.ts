// The folder port over a folder in memory with the File System Access API's shapes: what it
// reads of a folder, what it writes, and how it refuses to write over an outside change.
import { describe, expect, it } from 'vitest';
import { MemoryFolder } from '../../testing/memory-folder.js';
import { gitBlobSha, utf8Bytes, utf8Text } from '../git/bytes.js';
import { GitObjectMissingError, NotFastForwardError } from '../git/git-data-port.js';
import { folderGone, FolderPort, type FolderRecord } from './folder-port.js';

const paths = async (port: FolderPort) =>
  (await port.readTree(await port.readHead())).entries.map((entry) => entry.path).sort();

describe('FolderPort', () => {
  it('lists the .md files, images and the app’s own folders, not hidden folders, node_modules or other files', async () => {
    const folder = new MemoryFolder();
    folder.write('Hello.md', 'Hello.\n');
    folder.write('Notes/Plan.md', '# Plan\n');
    folder.write('Notes/diagram.PNG', 'png bytes');
    folder.write('.inkstone-data/index.json', '{}');
    folder.write('.inkstone-trash/Old.md', 'Old.\n');
    folder.write('.git/HEAD.md', 'ref');
    folder.write('.obsidian/workspace.md', 'x');
    folder.write('Notes/.hidden/Secret.md', 'x');
    folder.write('node_modules/pkg/README.md', 'x');
    folder.write('Notes/report.pdf', 'pdf');
    const port = new FolderPort(folder);
    expect(await paths(port)).toEqual([
      '.inkstone-data/index.json',
      '.inkstone-trash/Old.md',
      'Hello.md',
      'Notes/Plan.md',
      'Notes/diagram.PNG',
    ]);
    const listing = await port.readTree(await port.readHead());
    const hello = listing.entries.find((entry) => entry.path === 'Hello.md')!;
    // git's own blob id of the bytes (`git hash-object`).
    expect(hello.sha).toBe(gitBlobSha(utf8Bytes('Hello.\n')));
    expect(utf8Text(await port.readBlob(hello.sha))).toBe('Hello.\n');
  });

  it('names the folder’s state: the same while nothing changes, another when a file is changed, added or removed outside', async () => {
    const folder = new MemoryFolder();
    folder.write('A.md', 'a');
    const port = new FolderPort(folder);
    const first = await port.readHead();
    expect(await port.readHead()).toBe(first);
    folder.write('A.md', 'a, changed');
    const changed = await port.readHead();
    expect(changed).not.toBe(first);
    folder.write('Sub/B.md', 'b');
    const added = await port.readHead();
    expect(added).not.toBe(changed);
    folder.remove('Sub/B.md');
    expect(await port.readHead()).toBe(changed);
    // A file other than the workspace's changes nothing.
    folder.write('notes.txt', 'x');
    expect(await port.readHead()).toBe(changed);
  });

  it('reads an earlier listing while kept; a blob changed since, or a listing never seen, is missing', async () => {
    const folder = new MemoryFolder();
    folder.write('A.md', 'one');
    const port = new FolderPort(folder);
    const before = await port.readHead();
    const sha = (await port.readTree(before)).entries[0]!.sha;
    folder.write('A.md', 'two');
    await port.readHead();
    expect((await port.readTree(before)).entries.map((entry) => entry.sha)).toEqual([sha]);
    await expect(port.readBlob(sha)).rejects.toBeInstanceOf(GitObjectMissingError);
    await expect(port.readTree('f'.repeat(40))).rejects.toBeInstanceOf(GitObjectMissingError);
  });

  it('writes texts, images and moves into folders it makes, removes files and the folders they leave empty', async () => {
    const folder = new MemoryFolder();
    folder.write('Keep/Old.md', 'Moved text.\n');
    folder.write('Empty/Gone.md', 'Gone.\n');
    folder.write('Kept/Also.md', 'Stays.\n');
    folder.write('Kept/Drop.md', 'Dropped.\n');
    const port = new FolderPort(folder);
    const head = await port.readHead();
    const moved = gitBlobSha(utf8Bytes('Moved text.\n'));
    const next = await port.commitFiles('Sync', head, [
      { path: '.inkstone-data/index.json', content: '{"version":1}\n' },
      { path: 'New/Deep/Note.md', content: 'Été ✓\n' },
      { path: 'img/dot.png', content: 'iVBORw0=', encoding: 'base64' },
      { path: 'Moved/Old.md', sha: moved },
      { path: 'Keep/Old.md', sha: null },
      { path: 'Empty/Gone.md', sha: null },
      { path: 'Kept/Drop.md', sha: null },
    ]);
    expect(folder.paths(true)).toEqual([
      '.inkstone-data/',
      '.inkstone-data/index.json',
      'Kept/',
      'Kept/Also.md',
      'Moved/',
      'Moved/Old.md',
      'New/',
      'New/Deep/',
      'New/Deep/Note.md',
      'img/',
      'img/dot.png',
    ]);
    expect(folder.read('New/Deep/Note.md')).toBe('Été ✓\n');
    expect(folder.read('Moved/Old.md')).toBe('Moved text.\n');
    // The head it answers is the folder as it is now: nothing else changed.
    expect(await port.readHead()).toBe(next);
  });

  it('writes nothing when the folder changed since the listing the changes were made on', async () => {
    const folder = new MemoryFolder();
    folder.write('A.md', 'a');
    const port = new FolderPort(folder);
    const head = await port.readHead();
    folder.write('A.md', 'a, edited in another tool');
    await expect(
      port.commitFiles('Sync', head, [{ path: 'A.md', content: 'a, edited here' }]),
    ).rejects.toBeInstanceOf(NotFastForwardError);
    expect(folder.read('A.md')).toBe('a, edited in another tool');
  });

  it('keeps its last listings between sessions, so a removal made while the app was closed is read as one', async () => {
    const folder = new MemoryFolder();
    folder.write('A.md', 'a');
    folder.write('B.md', 'b');
    let saved: FolderRecord | undefined;
    const store = {
      load: () => Promise.resolve(saved && (JSON.parse(JSON.stringify(saved)) as FolderRecord)),
      save: (record: FolderRecord) => {
        saved = record;
        return Promise.resolve();
      },
    };
    const first = new FolderPort(folder, { store });
    const head = await first.commitFiles('Sync', await first.readHead(), [
      { path: '.inkstone-data/index.json', content: '{"seq":1}' },
    ]);
    folder.remove('B.md');
    folder.write('.inkstone-data/index.json', '{"seq":2}');
    // The next session: the saved listing and its index, though both changed on disk.
    const next = new FolderPort(folder, { store });
    const listing = await next.readTree(head);
    expect(listing.entries.map((entry) => entry.path).sort()).toEqual([
      '.inkstone-data/index.json',
      'A.md',
      'B.md',
    ]);
    const index = listing.entries.find((entry) => entry.path === '.inkstone-data/index.json')!;
    expect(utf8Text(await next.readBlob(index.sha))).toBe('{"seq":1}');
  });

  it('says so when the folder itself is gone, and writes nothing', async () => {
    const disk = new MemoryFolder('Disk');
    disk.write('Notes/A.md', 'a');
    const notes = await disk.getDirectoryHandle('Notes');
    const port = new FolderPort(notes);
    const head = await port.readHead();
    disk.remove('Notes');
    await expect(port.readHead()).rejects.toThrow(folderGone('Notes'));
    await expect(port.commitFiles('Sync', head, [{ path: 'B.md', content: 'b' }])).rejects.toThrow(
      folderGone('Notes'),
    );
    expect(disk.paths()).toEqual([]);
  });
});
