import { describe, expect, it } from 'vitest';
import { MAX_TEXT_LENGTH } from '../constants.js';
import { MemoryDatabase } from '../db/memory-repository.js';
import { type ItemRepository } from '../db/repository.js';
import { itemIds } from '../items/item-ids.js';
import { type ContentItem, type FileItem, type FolderItem } from '../items/types.js';
import { computePaths } from '../validation/paths.js';
import { createFolder } from '../explorer/tree-edits.js';
import { createFile } from '../workspace/files.js';
import { FILE_NOT_READABLE } from '../constants.js';
import { FileNotReadableError } from '../workspace/import-file.js';
import { archiveLayout } from './archive-layout.js';
import { type ImportEntry, importEntries } from './import-entries.js';
import { archivePathSegments, hiddenPath } from './import-paths.js';

let n = 0;
const newId = () => `id${String((n += 1)).padStart(14, '0')}`;
const text = (path: string, body: string): ImportEntry => ({
  kind: 'text',
  path,
  label: path,
  read: () => Promise.resolve(body),
});

/** Every file of the workspace by its path, with its text. */
async function tree(repo: ItemRepository): Promise<Record<string, string>> {
  const files = (await repo.getAll('file')) as FileItem[];
  const folders = (await repo.getAll('folder')) as FolderItem[];
  const paths = computePaths(files, folders);
  const result: Record<string, string> = {};
  for (const folder of folders) result[paths.get(folder.id)!] = '';
  for (const file of files) {
    const content = await repo.get<ContentItem>(itemIds.content(file.id));
    result[paths.get(file.id)!] = content!.text;
  }
  return result;
}

const newRepo = () => new MemoryDatabase('inkstone-db').connect();

describe('importing many files', () => {
  it('keeps their folders, empty ones too, and their texts', async () => {
    const repo = newRepo();
    const report = await importEntries(repo, newId, [
      text('Notes/Plan.md', '# Plan'),
      text('Notes/Old/2024.markdown', 'old'),
      { kind: 'folder', path: 'Notes/Empty/', label: 'Notes/Empty/' },
      text('top.txt', 'top'),
    ]);
    expect(await tree(repo)).toEqual({
      'Notes/': '',
      'Notes/Old/': '',
      'Notes/Empty/': '',
      'Notes/Plan.md': '# Plan\n',
      'Notes/Old/2024.md': 'old\n',
      'top.md': 'top\n',
    });
    expect(report.files.map((file) => file.name)).toEqual(['Plan', '2024', 'top']);
    expect(report.folders.map((folder) => folder.name)).toEqual(['Notes', 'Old', 'Empty']);
    expect(report.skipped).toEqual([]);
  });

  it('goes into the target folder and joins the folders of the same name there', async () => {
    const repo = newRepo();
    const projects = await createFolder(repo, newId, 'Projects', null);
    const notes = await createFolder(repo, newId, 'Notes', projects.id);
    const report = await importEntries(repo, newId, [text('Notes/a.md', 'A')], {
      target: projects.id,
    });
    expect(report.folders).toEqual([]);
    expect(report.files[0]).toMatchObject({ name: 'a', parentId: notes.id });
    expect(await tree(repo)).toMatchObject({ 'Projects/Notes/a.md': 'A\n' });
  });

  it('makes names that clash unique, with the files there and with each other', async () => {
    const repo = newRepo();
    await createFile(repo, newId, { name: 'Plan', text: 'mine' });
    await createFile(repo, newId, { name: 'Plan.1', text: 'mine too' });
    await importEntries(repo, newId, [
      text('Plan.md', 'first'),
      text('Plan.html', 'second'),
      // A folder of that name does not clash with a file: its path is Plan/.
      text('Plan/Plan.md', 'inside'),
    ]);
    expect(await tree(repo)).toEqual({
      'Plan.md': 'mine\n',
      'Plan.1.md': 'mine too\n',
      'Plan.2.md': 'first\n',
      'Plan.3.md': 'second\n',
      'Plan/': '',
      'Plan/Plan.md': 'inside\n',
    });
  });

  it('gives a folder name no folder may have a suffix instead of losing its files', async () => {
    const repo = newRepo();
    await importEntries(repo, newId, [text('old.md/a.md', 'A'), text('.inkstone-data/b.md', 'B')]);
    expect(Object.keys(await tree(repo)).sort()).toEqual([
      '.inkstone-data.1/',
      '.inkstone-data.1/b.md',
      'old.md.1/',
      'old.md.1/a.md',
    ]);
  });

  it('lists what cannot be read with the reason, and imports everything else', async () => {
    const repo = newRepo();
    const report = await importEntries(repo, newId, [
      text('a.md', 'A'),
      {
        kind: 'text',
        path: 'bad.md',
        label: 'bad.md',
        read: () => Promise.reject(new FileNotReadableError()),
      },
      { kind: 'skipped', label: 'report.pdf', reason: 'Not a markdown, HTML, image or zip file.' },
      text('b.md', 'B'),
    ]);
    expect(report.skipped).toEqual([
      { label: 'bad.md', reason: FILE_NOT_READABLE },
      { label: 'report.pdf', reason: 'Not a markdown, HTML, image or zip file.' },
    ]);
    expect(Object.keys(await tree(repo)).sort()).toEqual(['a.md', 'b.md']);
  });

  it('keeps a 2,000,000-character text whole, and splits one over 10,000,000 into parts, losing nothing', async () => {
    const repo = newRepo();
    const twoMillion = '原稿 😀 abc\n'.repeat(200_000);
    expect(twoMillion).toHaveLength(2_000_000);
    const paragraph = 'x'.repeat(999) + '\n';
    const tooLong = paragraph.repeat(MAX_TEXT_LENGTH / 1000 + 5);
    const report = await importEntries(repo, newId, [
      text('novel.md', twoMillion),
      text('long.md', tooLong),
      text('short.md', 'y'),
    ]);
    expect(report.split).toEqual([{ label: 'long.md', parts: 2 }]);
    const files = await tree(repo);
    expect(Object.keys(files).sort()).toEqual([
      'long (part 1).md',
      'long (part 2).md',
      'novel.md',
      'short.md',
    ]);
    expect(files['novel.md'] === twoMillion).toBe(true);
    const joined = files['long (part 1).md']! + files['long (part 2).md']!;
    expect(joined.length).toBe(tooLong.length);
    expect(joined === tooLong).toBe(true);
    expect(files['long (part 1).md']!.length).toBeLessThanOrEqual(MAX_TEXT_LENGTH);
  });

  it('keeps what was written before a failing write, and lists the rest', async () => {
    const repo = newRepo();
    let puts = 0;
    const failing: ItemRepository = Object.create(repo) as ItemRepository;
    failing.put = (items) => {
      puts += 1;
      return puts === 2 ? Promise.reject(new Error('QuotaExceededError')) : repo.put(items);
    };
    const progress: number[] = [];
    const report = await importEntries(
      failing,
      newId,
      ['a', 'b', 'c', 'd', 'e'].map((name) => text(`${name}.md`, name)),
      { batchSize: 2, onProgress: (done) => progress.push(done) },
    );
    expect(report.files.map((file) => file.name)).toEqual(['a', 'b']);
    expect(report.skipped).toEqual([
      { label: 'c.md', reason: 'QuotaExceededError' },
      { label: 'd.md', reason: 'QuotaExceededError' },
      { label: 'e.md', reason: 'QuotaExceededError' },
    ]);
    expect(Object.keys(await tree(repo)).sort()).toEqual(['a.md', 'b.md']);
    // The entries after the failure count too: the progress reaches its total.
    expect(progress).toEqual([1, 2, 3, 4, 5]);
  });

  it('counts every entry in the progress, skipped ones and a failed image write too', async () => {
    const repo = newRepo();
    const failing: ItemRepository = Object.create(repo) as ItemRepository;
    failing.putImage = () => Promise.reject(new Error('QuotaExceededError'));
    const progress: Array<[number, number]> = [];
    const report = await importEntries(
      failing,
      newId,
      [
        { kind: 'folder', path: 'Notes/', label: 'Notes/' },
        text('Notes/a.md', 'A'),
        {
          kind: 'skipped',
          label: 'slides.pdf',
          reason: 'Not a markdown, HTML, image or zip file.',
        },
        { kind: 'hidden', path: '.git' },
        { kind: 'image', path: 'b.png', label: 'b.png', read: () => Promise.resolve('BBBB') },
        text('c.md', 'C'),
      ],
      { onProgress: (done, total) => progress.push([done, total]) },
    );
    expect(progress).toEqual([
      [1, 4],
      [2, 4],
      [3, 4],
      [4, 4],
    ]);
    expect(report.skipped.map((entry) => entry.label)).toEqual(['slides.pdf', 'b.png', 'c.md']);
  });

  it('passes over hidden files and folders, counting each once, listing none', async () => {
    const repo = newRepo();
    const report = await importEntries(repo, newId, [
      { kind: 'folder', path: 'Vault/', label: 'Vault/' },
      { kind: 'hidden', path: 'Vault/.obsidian' },
      text('Vault/a.md', 'A'),
      { kind: 'hidden', path: 'Vault/.git' },
      { kind: 'hidden', path: 'Vault/.obsidian' },
    ]);
    expect(report.hidden).toEqual(['Vault/.obsidian', 'Vault/.git']);
    expect(report.skipped).toEqual([]);
    expect(Object.keys(await tree(repo)).sort()).toEqual(['Vault/', 'Vault/a.md']);
  });

  it('stores images at their path, never over another image, once for the same bytes', async () => {
    const repo = newRepo();
    const target = await createFolder(repo, newId, 'Trip', null);
    await repo.putImage({ id: 'old', path: '/Trip/imgs/a.png', content: 'AAAA', uploaded: true });
    const image = (path: string, content: string): ImportEntry => ({
      kind: 'image',
      path,
      label: path,
      read: () => Promise.resolve(content),
    });
    const report = await importEntries(
      repo,
      newId,
      [
        { kind: 'folder', path: 'imgs/', label: 'imgs/' },
        image('imgs/a.png', 'AAAA'),
        image('imgs/a.png', 'BBBB'),
        text('day.md', '![](imgs/a.png)'),
      ],
      { target: target.id },
    );
    expect(report.images).toBe(2);
    const images = (await repo.getAllImages()).map(({ path, content }) => ({ path, content }));
    expect(images.sort((a, b) => (a.path < b.path ? -1 : 1))).toEqual([
      { path: '/Trip/imgs/a.1.png', content: 'BBBB' },
      { path: '/Trip/imgs/a.png', content: 'AAAA' },
    ]);
    // A folder holding only images is not a folder of the tree: they are in the images store.
    expect(Object.keys(await tree(repo)).sort()).toEqual(['Trip/', 'Trip/day.md']);
  });

  it('makes a folder of images only when it is listed as a folder (a zip of the tree lists it)', async () => {
    const repo = newRepo();
    const image = (path: string): ImportEntry => ({
      kind: 'image',
      path,
      label: path,
      read: () => Promise.resolve('AAAA'),
    });
    await importEntries(repo, newId, [
      // An empty folder of the tree, named as the folder of the images store.
      { kind: 'folder', path: 'imgs/', label: 'imgs/', listed: true },
      { kind: 'folder', path: 'photos/', label: 'photos/' },
      image('imgs/2026-05-01/a.png'),
      image('photos/b.png'),
    ]);
    expect(Object.keys(await tree(repo))).toEqual(['imgs/']);
    expect((await repo.getAllImages()).map((stored) => stored.path).sort()).toEqual([
      '/imgs/2026-05-01/a.png',
      '/photos/b.png',
    ]);
  });

  it('stores an image once: the same images imported again add none, at any .N path', async () => {
    const repo = newRepo();
    await repo.putImage({ id: 'old', path: '/imgs/a.png', content: 'AAAA', uploaded: true });
    const image = (path: string, content: string): ImportEntry => ({
      kind: 'image',
      path,
      label: path,
      read: () => Promise.resolve(content),
    });
    const zip = [image('imgs/a.png', 'BBBB'), image('imgs/a.png', 'CCCCCC')];
    const stored = async () =>
      (await repo.getAllImages()).map(({ path, content }) => `${path} ${content}`).sort();
    expect((await importEntries(repo, newId, zip)).images).toBe(2);
    const once = await stored();
    expect(once).toEqual(['/imgs/a.1.png BBBB', '/imgs/a.2.png CCCCCC', '/imgs/a.png AAAA']);
    // The same zip again: both are found at a.1.png and a.2.png, nothing is stored.
    const again = await importEntries(repo, newId, zip);
    expect(again.images).toBe(2);
    expect(again.skipped).toEqual([]);
    expect(await stored()).toEqual(once);
    // Other bytes still get the first free path.
    await importEntries(repo, newId, [image('imgs/a.png', 'DDDD')]);
    expect(await stored()).toContain('/imgs/a.3.png DDDD');
  });

  it('reads no stored image but those it compares, one at a time', async () => {
    const repo = newRepo();
    await repo.putImage({ id: 'a', path: '/a.png', content: 'AAAA', uploaded: true });
    await repo.putImage({ id: 'a1', path: '/a.1.png', content: 'BBBBBBBB', uploaded: true });
    await repo.putImage({
      id: 'big',
      path: '/photos/big.png',
      content: 'X'.repeat(1e6),
      uploaded: true,
    });
    const reads: string[] = [];
    const watched: ItemRepository = Object.create(repo) as ItemRepository;
    watched.getAllImages = () => Promise.reject(new Error('every image read at once'));
    watched.getImage = (id) => {
      reads.push(id);
      return repo.getImage(id);
    };
    const report = await importEntries(watched, newId, [
      { kind: 'image', path: 'a.png', label: 'a.png', read: () => Promise.resolve('CCCCCCCC') },
    ]);
    expect(report.skipped).toEqual([]);
    // a.png is shorter, so only a.1.png, of the same length, was read; big.png never.
    expect(reads).toEqual(['a1']);
    expect((await repo.getAllImages()).map((stored) => stored.path).sort()).toEqual([
      '/a.1.png',
      '/a.2.png',
      '/a.png',
      '/photos/big.png',
    ]);
  });
});

describe('a workspace zip imported again', () => {
  it('gives back dot-named folders and notes, and the folders archiveLayout renames from . and ..', async () => {
    const repo = newRepo();
    const drafts = await createFolder(repo, newId, '.drafts', null);
    const dots = await createFolder(repo, newId, '..', null);
    const dot = await createFolder(repo, newId, '.', null);
    await createFolder(repo, newId, '.empty', dot.id);
    await createFile(repo, newId, { name: 'Plan', parentId: drafts.id, text: '# Plan' });
    await createFile(repo, newId, { name: '.plan', text: 'dot note' });
    await createFile(repo, newId, { name: '.hidden', parentId: dots.id, text: 'in dots' });
    const files = (await repo.getAll('file')) as FileItem[];
    const folders = (await repo.getAll('folder')) as FolderItem[];
    const layout = archiveLayout(files, folders, []);
    // The entries of the zip as Import zip makes them at the root: nothing on a path
    // `hiddenPath` hides (a directory entry's last segment is a folder).
    const listed: Array<{ path: string; entry: ImportEntry }> = [
      ...layout.folders.map((path) => ({
        path,
        entry: { kind: 'folder', path, label: path, listed: true } as const,
      })),
      ...layout.files.map(({ fileId, path }) => ({
        path,
        entry: {
          kind: 'text',
          path,
          label: path,
          read: async () => (await repo.get<ContentItem>(itemIds.content(fileId)))!.text,
        } as const,
      })),
    ];
    const entries = listed
      .filter(({ path }) => hiddenPath(archivePathSegments(path), 0, path.endsWith('/')) === null)
      .map(({ entry }) => entry);
    expect(entries).toHaveLength(listed.length);

    const other = newRepo();
    const report = await importEntries(other, newId, entries);
    expect(report.hidden).toEqual([]);
    expect(await tree(other)).toEqual({
      '.drafts/': '',
      '.drafts/Plan.md': '# Plan\n',
      '..1/': '',
      '..1/.empty/': '',
      '...1/': '',
      '...1/.hidden.md': 'in dots\n',
      '.plan.md': 'dot note\n',
    });
  });
});
