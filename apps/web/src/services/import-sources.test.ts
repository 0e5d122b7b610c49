import {
  computePaths,
  type ContentItem,
  createFile,
  createFolder,
  defaultSettings,
  type FileItem,
  type FolderItem,
  importEntries,
  type ItemRepository,
  itemIds,
  MemoryDatabase,
} from '@inkstone/core';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  BROKEN_ZIP_ENTRY_MESSAGE,
  importEntriesOf,
  NESTED_ZIP_MESSAGE,
  PART_LISTED_FOLDER_MESSAGE,
  sourcesOfDrop,
  UNLISTED_FOLDER_MESSAGE,
  UNOPENED_FILE_MESSAGE,
  unpackedWith,
} from './import-sources';
import { zipWorkspace } from './workspace-zip';

let n = 0;
const newId = () => `id${String((n += 1)).padStart(14, '0')}`;
const turndown = defaultSettings().turndown;
const newRepo = () => new MemoryDatabase('inkstone-db').connect();

/** Every folder (with '') and file (with its text) of a workspace, by path. */
async function tree(repo: ItemRepository): Promise<Record<string, string>> {
  const files = (await repo.getAll('file')) as FileItem[];
  const folders = (await repo.getAll('folder')) as FolderItem[];
  const paths = computePaths(files, folders);
  const result: Record<string, string> = {};
  for (const folder of folders) result[paths.get(folder.id)!] = '';
  for (const file of files) {
    result[paths.get(file.id)!] = (await repo.get<ContentItem>(itemIds.content(file.id)))!.text;
  }
  return result;
}

describe('the entries of a chosen zip', () => {
  const zipFile = (files: Record<string, Uint8Array>, name = 'in.zip') =>
    new File([zipSync(files)], name);

  it('are its files and folders, placed where the zip was, read by their kind', async () => {
    const entries = await importEntriesOf(
      [
        {
          path: 'Box/in.zip',
          file: zipFile({
            'Notes/': new Uint8Array(0),
            'Notes/a.md': strToU8('# A'),
            'Notes/b.htm': strToU8('<p><strong>B</strong></p>'),
            'inner.zip': zipSync({ 'x.md': strToU8('x') }),
            '__MACOSX/Notes/._a.md': new Uint8Array([0, 5]),
            'Notes/.DS_Store': new Uint8Array([0]),
          }),
        },
      ],
      { turndown },
    );
    expect(entries.map((entry) => [entry.kind, 'label' in entry ? entry.label : null])).toEqual([
      ['folder', 'Box/in.zip: Notes/'],
      ['text', 'Box/in.zip: Notes/a.md'],
      ['text', 'Box/in.zip: Notes/b.htm'],
      ['skipped', 'Box/in.zip: inner.zip'],
    ]);
    expect(entries.map((entry) => ('path' in entry ? entry.path : null))).toEqual([
      'Box/Notes/',
      'Box/Notes/a.md',
      'Box/Notes/b.htm',
      null,
    ]);
    expect(entries[3]).toMatchObject({ reason: NESTED_ZIP_MESSAGE });
    const repo = new MemoryDatabase('inkstone-db').connect();
    const report = await importEntries(repo, newId, entries);
    expect(report.files.map((file) => file.name)).toEqual(['a', 'b']);
    expect(report.folders.map((folder) => folder.name)).toEqual(['Box', 'Notes']);
    const texts = await Promise.all(
      report.files.map(async (file) => (await repo.get(`${file.id}/content`)) as { text: string }),
    );
    expect(texts.map((content) => content.text)).toEqual(['# A\n', '**B**\n']);
  });

  it('a damaged zip is one entry skipped, saying so', async () => {
    const entries = await importEntriesOf([{ path: 'x.zip', file: new File(['nope'], 'x.zip') }], {
      turndown,
    });
    expect(entries).toEqual([
      {
        kind: 'skipped',
        label: 'x.zip',
        reason: 'Not a zip file, or a damaged one: nothing in it was imported.',
      },
    ]);
  });

  it('a damaged file of a zip is refused alone, the files around it read', async () => {
    const text = (word: string) => strToU8(`${word} `.repeat(2_000));
    const bytes = zipSync({ 'a.md': text('alpha'), 'b.md': text('beta'), 'c.md': text('gamma') });
    // Spoils the deflated data of b.md, found after its name in its local header.
    const at = Buffer.from(bytes).indexOf('b.md') + 'b.md'.length;
    for (let i = at; i < at + 8; i += 1) bytes[i] = 0xff;
    const entries = await importEntriesOf([{ path: 'x.zip', file: new File([bytes], 'x.zip') }], {
      turndown,
    });
    const reads = await Promise.allSettled(
      entries.map((entry) => (entry.kind === 'text' ? entry.read() : Promise.reject())),
    );
    expect(reads.map((read) => read.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((reads[1] as PromiseRejectedResult).reason).toEqual(new Error(BROKEN_ZIP_ENTRY_MESSAGE));
    expect((reads[2] as PromiseFulfilledResult<string>).value).toBe('gamma '.repeat(2_000));
  });

  it('"Import HTML" reads every text as HTML, whatever its extension', async () => {
    const [entry] = await importEntriesOf(
      [{ path: 'page.txt', file: new File(['<h2>Hi</h2>'], 'page.txt') }],
      { turndown, as: 'html' },
    );
    expect(entry?.kind === 'text' && (await entry.read())).toBe('## Hi');
  });

  it('pass over hidden files and folders, each once, and read nothing in them', async () => {
    const entries = await importEntriesOf(
      [
        {
          path: 'repo.zip',
          file: zipFile({
            '.git/': new Uint8Array(0),
            '.git/HEAD': strToU8('ref: refs/heads/main'),
            '.git/objects/ab/cdef': new Uint8Array([120, 1]),
            'Vault/.obsidian/app.json': strToU8('{}'),
            'Vault/.trash/Old.md': strToU8('# Old'),
            'Vault/Note.md': strToU8('# Note'),
            'Vault/.drafts/': new Uint8Array(0),
            'Vault/.drafts/Plan.md': strToU8('# Plan'),
            'Vault/.plan.md': strToU8('plan'),
            'web/node_modules/x/index.js': strToU8('x'),
            '.gitignore': strToU8('dist'),
            '.editorconfig': strToU8('root = true'),
          }),
        },
      ],
      { turndown },
    );
    // (fflate writes a zip's files in an order of its own.)
    const found = entries.map((entry) => `${entry.kind} ${'path' in entry ? entry.path : ''}`);
    expect(found.sort()).toEqual([
      'folder Vault/.drafts/',
      'hidden .editorconfig',
      'hidden .git',
      'hidden .gitignore',
      'hidden Vault/.obsidian',
      'hidden Vault/.trash',
      'hidden web/node_modules',
      'text Vault/.drafts/Plan.md',
      'text Vault/.plan.md',
      'text Vault/Note.md',
    ]);
  });
});

describe('a zip of the workspace imported back', () => {
  it('gives back dot-named folders and notes, and the folders renamed from . and ..', async () => {
    const repo = newRepo();
    const drafts = await createFolder(repo, newId, '.drafts', null);
    const dots = await createFolder(repo, newId, '..', null);
    await createFile(repo, newId, { name: 'Plan', parentId: drafts.id, text: '# Plan' });
    await createFile(repo, newId, { name: '.plan', text: 'dot note' });
    await createFile(repo, newId, { name: 'Inside', parentId: dots.id, text: 'in dots' });
    await createFolder(repo, newId, '.', null);
    const zip = await zipWorkspace(repo, { pause: () => Promise.resolve() });
    const entries = await importEntriesOf(
      [{ path: 'workspace.zip', file: new File([zip.blob], 'workspace.zip') }],
      { turndown },
    );
    const other = newRepo();
    const report = await importEntries(other, newId, entries);
    expect(report.hidden).toEqual([]);
    expect(report.skipped).toEqual([]);
    expect(await tree(other)).toEqual({
      '.drafts/': '',
      '.drafts/Plan.md': '# Plan\n',
      '.plan.md': 'dot note\n',
      '..1/': '',
      '...1/': '',
      '...1/Inside.md': 'in dots\n',
    });
  });

  it('a second time adds no image: each is found where the first import put it', async () => {
    const repo = newRepo();
    // An image of other bytes at the zip's path: the zip's goes beside it, at a.1.png.
    await repo.putImage({ id: 'mine', path: '/imgs/a.png', content: 'AAAA', uploaded: true });
    const zip = new File(
      [
        zipSync({
          'imgs/a.png': new Uint8Array([137, 80, 78, 71]),
          'imgs/b.png': new Uint8Array([137, 80, 78, 71, 1]),
        }),
      ],
      'photos.zip',
    );
    const stored = async () => (await repo.getAllImages()).map((image) => image.path).sort();
    const twice: number[] = [];
    for (let time = 0; time < 2; time += 1) {
      const entries = await importEntriesOf([{ path: 'photos.zip', file: zip }], { turndown });
      twice.push((await importEntries(repo, newId, entries)).images);
      expect(await stored()).toEqual(['/imgs/a.1.png', '/imgs/a.png', '/imgs/b.png']);
    }
    expect(twice).toEqual([2, 2]);
  });

  it('gives back an empty folder of the tree named as a folder of images', async () => {
    const zip = new File(
      [
        zipSync({
          'imgs/': new Uint8Array(0),
          'imgs/2026-05-01/a.png': new Uint8Array([137, 80, 78, 71]),
          'Note.md': strToU8('![a](/imgs/2026-05-01/a.png)'),
        }),
      ],
      'workspace.zip',
    );
    const repo = new MemoryDatabase('inkstone-db').connect();
    const entries = await importEntriesOf([{ path: 'workspace.zip', file: zip }], { turndown });
    const report = await importEntries(repo, newId, entries);
    expect(report.folders.map((folder) => folder.name)).toEqual(['imgs']);
    expect(report.images).toBe(1);
    expect((await repo.getAllImages()).map((image) => image.path)).toEqual([
      '/imgs/2026-05-01/a.png',
    ]);
  });
});

describe('the sources of a dropped folder', () => {
  // File and Directory Entries as the browser gives them for a drop; `fails` entries call their
  // error callback, as for a file removed since the drop or a folder that may not be read.
  interface FakeEntry {
    isFile: boolean;
    isDirectory: boolean;
    name: string;
    text?: string;
    file?: unknown;
    createReader?: unknown;
  }
  const error = () => new DOMException('A requested file or directory could not be found.');
  const fileEntry = (name: string, text: string, fails = false): FakeEntry => ({
    isFile: true,
    isDirectory: false,
    name,
    text,
    file: (resolve: (file: File) => void, reject: (error: DOMException) => void) =>
      fails ? reject(error()) : resolve(new File([text], name)),
  });
  // `batches` are what readEntries gives in turn; 'fail' calls its error callback.
  const folderEntry = (name: string, batches: Array<FakeEntry[] | 'fail'>): FakeEntry => ({
    isFile: false,
    isDirectory: true,
    name,
    createReader: () => {
      let next = 0;
      return {
        readEntries: (
          resolve: (entries: FakeEntry[]) => void,
          reject: (error: DOMException) => void,
        ) => {
          const batch = batches[next] ?? [];
          next += 1;
          if (batch === 'fail') reject(error());
          else resolve(batch);
        },
      };
    },
  });
  const drop = (...entries: FakeEntry[]) =>
    ({
      items: entries.map((entry) => ({
        kind: 'file',
        webkitGetAsEntry: () => entry,
        // A dropped file is read through getAsFile, a dropped folder through its entry.
        getAsFile: () => new File([entry.text ?? ''], entry.name),
      })),
      files: [],
    }) as unknown as DataTransfer;

  it('lists what cannot be read, with its path and why, and imports the rest', async () => {
    const trip = folderEntry('Trip', [
      [
        fileEntry('a.md', '# A'),
        fileEntry('gone.md', '', true),
        folderEntry('Locked', ['fail']),
        folderEntry('Half', [[fileEntry('b.md', 'B')], 'fail']),
        folderEntry('.git', ['fail']),
      ],
    ]);
    const sources = await sourcesOfDrop(drop(trip, fileEntry('c.md', 'C')));
    const repo = newRepo();
    const report = await importEntries(repo, newId, await importEntriesOf(sources, { turndown }));
    expect(report.skipped).toEqual([
      { label: 'Trip/gone.md', reason: UNOPENED_FILE_MESSAGE },
      { label: 'Trip/Locked/', reason: UNLISTED_FOLDER_MESSAGE },
      { label: 'Trip/Half/', reason: PART_LISTED_FOLDER_MESSAGE },
    ]);
    // The hidden .git was never read: passed over, not listed.
    expect(report.hidden).toEqual(['Trip/.git']);
    expect(await tree(repo)).toEqual({
      'Trip/': '',
      'Trip/Half/': '',
      'Trip/a.md': '# A\n',
      'Trip/Half/b.md': 'B\n',
      'c.md': 'C\n',
    });
  });
});

describe('the entries of a chosen folder', () => {
  const source = (path: string, text = 'x') => ({
    path,
    file: new File([text], path.slice(path.lastIndexOf('/') + 1)),
  });

  it('pass over what is hidden inside it, not the folder chosen itself', async () => {
    const entries = await importEntriesOf(
      [
        source('.notes/a.md', '# A'),
        source('.notes/.obsidian/workspace.json'),
        source('.notes/.obsidian/app.json'),
        source('.notes/Sub/.draft.md'),
        source('.notes/Sub/.gitignore'),
        source('.notes/.DS_Store'),
      ],
      { turndown },
    );
    expect(entries.map((entry) => [entry.kind, 'path' in entry ? entry.path : null])).toEqual([
      ['text', '.notes/a.md'],
      ['hidden', '.notes/.obsidian'],
      ['text', '.notes/Sub/.draft.md'],
      ['hidden', '.notes/Sub/.gitignore'],
    ]);
    // A hidden file chosen by itself is imported.
    const [chosen] = await importEntriesOf([source('.plan.md', 'Plan')], { turndown });
    expect(chosen?.kind === 'text' && (await chosen.read())).toBe('Plan');
  });
});

describe('the files of a zip unpacked together', () => {
  const MB = 1024 * 1024;
  const files = [1, 20, 1, 1, 1, 2, 0.5].map((size, i) => ({
    name: `f${i}`,
    originalSize: size * MB,
  }));

  it('come to at most 4 MB, a larger file going alone', () => {
    expect(unpackedWith(files, 0)).toEqual(['f0']);
    expect(unpackedWith(files, 1)).toEqual(['f1']);
    expect(unpackedWith(files, 2)).toEqual(['f2', 'f3', 'f4']);
    expect(unpackedWith(files, 5)).toEqual(['f5', 'f6']);
  });

  it('are at most 64 small files', () => {
    const small = Array.from({ length: 100 }, (_, i) => ({ name: `s${i}`, originalSize: 1000 }));
    expect(unpackedWith(small, 10)).toHaveLength(64);
    expect(unpackedWith(small, 90)).toHaveLength(10);
  });
});
