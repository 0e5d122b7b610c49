import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MemoryDatabase } from '../db/memory-repository.js';
import { type FileItem, type FolderItem, type LocationItem } from '../items/types.js';
import { filesByPath } from '../testing/files-by-path.js';
import { importStackeditBackup } from './stackedit-backup.js';

const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/stackedit/${name}`, import.meta.url), 'utf8');

function setup() {
  const repo = new MemoryDatabase('inkstone-db').connect();
  let n = 0;
  const newId = () => `id${String((n += 1)).padStart(14, '0')}`;
  return { repo, newId };
}

describe('StackEdit workspace backup', () => {
  it('brings every file and folder, with texts, properties, discussions and comments', async () => {
    const { repo, newId } = setup();
    const backup = JSON.parse(fixture('workspace-backup.json')) as Record<
      string,
      Record<string, unknown>
    >;
    const report = await importStackeditBackup(repo, newId, fixture('workspace-backup.json'));
    expect(report?.files.map((file) => file.name).sort()).toEqual([
      'Chapter 1',
      'Maps',
      'Old idea',
      'Welcome file',
    ]);
    expect(report?.folders.map((folder) => folder.name).sort()).toEqual(['Drafts', 'Novel']);
    const files = await filesByPath(repo);
    expect(Object.keys(files).sort()).toEqual([
      'Novel/Chapter 1.md',
      'Novel/Drafts/Maps.md',
      'Welcome file.md',
      'trash/Old idea',
    ]);
    // Byte for byte, as the backup had them.
    const content = (id: string) => backup[`${id}/content`]!;
    expect(files['Novel/Chapter 1.md']!.text).toBe(content('Yk2tJd9QmZ0cW1xE').text);
    expect(files['Novel/Chapter 1.md']!.properties).toBe(
      'title: The first chapter\nextensions:\n  preset: gfm\n',
    );
    const maps = files['Novel/Drafts/Maps.md']!;
    expect(maps.text).toBe(content('qW3eR5tY7uI9oP1a').text);
    expect(maps.discussions).toEqual(content('qW3eR5tY7uI9oP1a').discussions);
    expect(maps.comments).toEqual(content('qW3eR5tY7uI9oP1a').comments);
    expect(maps.text.slice(4209, 4223)).toBe('Georeferencing');
    expect(files['trash/Old idea']!.text).toBe('An idea I dropped.\n');
  });

  it("gives each file its sync and publish locations, and leaves a workspace's out", async () => {
    const { repo, newId } = setup();
    const backup = JSON.parse(fixture('workspace-backup.json')) as Record<string, object>;
    // A location of StackEdit's git workspace names no file location: left out.
    backup.wsLocation = {
      id: 'wsLocation',
      type: 'syncLocation',
      providerId: 'githubWorkspace',
      fileId: 'qW3eR5tY7uI9oP1a',
      hash: 1,
    };
    await importStackeditBackup(repo, newId, JSON.stringify(backup));
    const chapter = ((await repo.getAll('file')) as FileItem[]).find(
      (file) => file.name === 'Chapter 1',
    )!;
    const locations = [
      ...(await repo.getAll('syncLocation')),
      ...(await repo.getAll('publishLocation')),
    ] as LocationItem[];
    const fields = ({
      id: _id,
      hash: _hash,
      tx: _tx,
      fileId: _fileId,
      ...rest
    }: object & {
      id?: unknown;
      hash?: unknown;
      tx?: unknown;
      fileId?: unknown;
    }) => rest;
    expect(locations.map((location) => location.fileId)).toEqual([chapter.id, chapter.id]);
    expect(locations.map(fields)).toEqual([
      fields(backup.uJ7iK9oL1pQ3wE5r!),
      fields(backup.pB4nM6vC8xZ0aS2d!),
    ]);
    // New ids, Inkstone's hashes.
    expect(locations.map((location) => location.id)).not.toContain('uJ7iK9oL1pQ3wE5r');
    expect(locations.every((location) => typeof location.hash === 'string')).toBe(true);
  });

  it('joins the folders already there and keeps both files of one name', async () => {
    const { repo, newId } = setup();
    await importStackeditBackup(repo, newId, fixture('workspace-backup.json'));
    await importStackeditBackup(repo, newId, fixture('workspace-backup.json'));
    const folders = (await repo.getAll('folder')) as FolderItem[];
    expect(folders.map((folder) => folder.name).sort()).toEqual(['Drafts', 'Novel']);
    expect(Object.keys(await filesByPath(repo))).toContain('Novel/Chapter 1.1.md');
  });

  it('reads a StackEdit 4 backup', async () => {
    const { repo, newId } = setup();
    const report = await importStackeditBackup(repo, newId, fixture('workspace-backup-v4.json'));
    expect(report?.files.map((file) => file.name)).toEqual(['Old notes']);
    expect((await filesByPath(repo))['Old notes.md']!.text).toBe('Written with StackEdit 4.\n');
  });

  it('is not one when it holds no StackEdit file or folder', async () => {
    const { repo, newId } = setup();
    for (const text of ['{"name":"something else"}', 'not JSON', '[]', '{"a":{"type":"x"}}']) {
      expect(await importStackeditBackup(repo, newId, text)).toBeUndefined();
    }
    expect(await repo.getAll('file')).toEqual([]);
  });

  it('puts a file whose folder is missing at the root, and keeps places within the text', async () => {
    const { repo, newId } = setup();
    const backup = {
      f: { id: 'f', type: 'file', name: 'Lost', parentId: 'gone' },
      'f/content': {
        id: 'f/content',
        type: 'content',
        text: 'Short.\n',
        properties: '\n',
        discussions: { d: { text: 'far', start: 50, end: 60 } },
        comments: { c: { discussionId: 'd', sub: 'go:1', text: 'Where?', created: 3 } },
      },
    };
    await importStackeditBackup(repo, newId, JSON.stringify(backup));
    const lost = (await filesByPath(repo))['Lost.md']!;
    expect(lost.discussions).toEqual({ d: { text: 'far', start: 7, end: 7 } });
    expect(Object.keys(lost.comments)).toEqual(['c']);
  });
});
