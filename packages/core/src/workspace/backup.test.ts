import { describe, expect, it } from 'vitest';
import { MemoryDatabase } from '../db/memory-repository.js';
import { type ItemRepository } from '../db/repository.js';
import { withHash } from '../items/hash.js';
import { itemIds } from '../items/item-ids.js';
import {
  type ContentItem,
  type DataItem,
  type FolderItem,
  type Item,
  type LocationItem,
  type SyncedContentItem,
} from '../items/types.js';
import {
  BACKUP_EXPORT_TOO_LARGE_MESSAGE,
  BACKUP_FORMAT,
  BACKUP_MAX_BYTES,
  BACKUP_TOO_LARGE_MESSAGE,
  BackupError,
  exportWorkspace,
  exportWorkspaceFile,
  importWorkspace,
  NOT_A_BACKUP_MESSAGE,
} from './backup.js';
import { createFile } from './files.js';
import { saveProperties } from './properties.js';

let n = 0;
const newId = () => `id${String((n += 1)).padStart(14, '0')}`;

// A workspace with a folder, files in and out of it, properties, a discussion with comments,
// history, a synced content, a location, settings, a token and an image.
async function fillWorkspace(repo: ItemRepository): Promise<void> {
  const folder = withHash<FolderItem>({
    id: newId(),
    type: 'folder',
    name: 'Notes',
    parentId: null,
  });
  await repo.put([folder]);
  const a = await createFile(repo, newId, {
    name: 'Plan',
    text: '# Plan\n\nÉté ✓ 🎉',
    parentId: folder.id,
  });
  await createFile(repo, newId, { name: 'Loose', text: 'Loose text' });
  await saveProperties(repo, a.id, 'title: The plan\ntags: a, b\n');
  await repo.update<ContentItem>(itemIds.content(a.id), (current) => {
    const { tx: _tx, hash: _hash, ...content } = current!;
    return withHash<ContentItem>({
      ...content,
      discussions: { d1: { text: 'Plan', start: 2, end: 6 } },
      comments: {
        c1: { discussionId: 'd1', sub: 'gh:1', text: 'Why?', created: 1700000000000 },
        c2: { discussionId: 'd1', sub: 'gh:2', text: 'Because.', created: 1700000001000 },
      },
      history: ['h1', 'h0'],
    });
  });
  await repo.put([
    withHash<SyncedContentItem>({
      id: itemIds.syncedContent(a.id),
      type: 'syncedContent',
      syncHistory: { loc1: ['x', null, 'y'] },
      historyData: {},
      v: 1,
    }),
    withHash<LocationItem>({
      id: 'loc1',
      type: 'syncLocation',
      fileId: a.id,
      providerId: 'githubWorkspace',
      path: 'plan.md',
    }),
    withHash<DataItem>({ id: 'settings', type: 'data', data: 'colorTheme: dark\n' }),
    withHash<DataItem>({ id: 'tokens', type: 'data', data: { github: { accessToken: 'secret' } } }),
  ]);
  await repo.putImage({
    id: 'img1',
    path: '/imgs/a.png',
    content: 'iVBORw0KGgo=',
    uploaded: false,
  });
}

const withoutTx = (items: (Item & { tx?: number })[]) =>
  items.map(({ tx: _tx, ...item }) => item).sort((x, y) => (x.id < y.id ? -1 : 1));

describe('workspace backups', () => {
  it('makes a backup file of several long manuscripts, over the spec’s 10,000,000 bytes, that imports back byte for byte', async () => {
    const repo = new MemoryDatabase('inkstone-db').connect();
    const paragraph = '第1章。吾輩は猫である。名前はまだ無い。😀 A sentence of a long novel.\n\n';
    const manuscript = (i: number) =>
      `# Novel ${i}\n\n${paragraph.repeat(Math.ceil(2_000_000 / paragraph.length))}`.slice(
        0,
        1_999_999,
      ) + '\n';
    const files = [];
    for (let i = 1; i <= 4; i += 1) {
      files.push(await createFile(repo, newId, { name: `Novel ${i}`, text: manuscript(i) }));
    }
    const json = await exportWorkspaceFile(repo, 0);
    const size = new TextEncoder().encode(json).length;
    expect(size).toBeGreaterThan(10_000_000);
    expect(size).toBeLessThanOrEqual(BACKUP_MAX_BYTES);

    const fresh = new MemoryDatabase('inkstone-db').connect();
    await importWorkspace(fresh, json);
    for (const [index, created] of files.entries()) {
      const content = await fresh.get<ContentItem>(itemIds.content(created.id));
      expect(content?.text.length).toBe(2_000_000);
      expect(content?.text === manuscript(index + 1)).toBe(true);
    }
  });

  it('refuses to make a backup larger than it would read, in plain words, making nothing', async () => {
    const repo = new MemoryDatabase('inkstone-db').connect();
    await createFile(repo, newId, { name: 'Plan', text: 'Été ✓ 🎉 '.repeat(200) });
    // (A limit of 1,000 bytes stands for BACKUP_MAX_BYTES: the same check.)
    await expect(exportWorkspaceFile(repo, 0, 1_000)).rejects.toThrow(
      new BackupError(BACKUP_EXPORT_TOO_LARGE_MESSAGE),
    );
    // At the limit, in UTF-8 bytes, it is made.
    const json = await exportWorkspace(repo, 0);
    const size = new TextEncoder().encode(json).length;
    await expect(exportWorkspaceFile(repo, 0, size)).resolves.toBe(json);
    await expect(exportWorkspaceFile(repo, 0, size - 1)).rejects.toThrow(BackupError);
    expect(BACKUP_EXPORT_TOO_LARGE_MESSAGE).toBe(
      'This workspace would make a backup larger than 100,000,000 bytes, the most a backup holds: no backup was made. “Download workspace as zip” (Import/export) keeps every file and image.',
    );
    expect(BACKUP_TOO_LARGE_MESSAGE).toBe(
      'This backup is larger than 100,000,000 bytes, the most that is read of one: nothing was imported.',
    );
  });

  it('gives back every item exactly after a reset: files, folders, properties, comments, images', async () => {
    const repo = new MemoryDatabase('inkstone-db').connect();
    await fillWorkspace(repo);
    const backup = await exportWorkspace(repo);

    const fresh = new MemoryDatabase('inkstone-db').connect();
    await createFile(fresh, newId, { name: 'Welcome file', text: 'Welcome' });
    const welcome = withoutTx(await fresh.getAll());
    const result = await importWorkspace(fresh, backup);

    const travelled = (await repo.getAll()).filter((item) => item.id !== 'tokens');
    expect(withoutTx(await fresh.getAll())).toEqual(withoutTx([...travelled, ...welcome]));
    expect(result.items).toHaveLength(travelled.length);
    expect(await fresh.getAllImages()).toEqual(await repo.getAllImages());
    const content = await fresh.get<ContentItem>(
      itemIds.content(travelled.find((i) => i.type === 'file' && i.name === 'Plan')!.id),
    );
    expect(content?.properties).toBe('title: The plan\ntags: a, b\n');
    expect(Object.values(content!.comments).map((c) => c.text)).toEqual(['Why?', 'Because.']);
  });

  it('never carries login tokens, neither out nor in', async () => {
    const repo = new MemoryDatabase('inkstone-db').connect();
    await fillWorkspace(repo);
    const backup = await exportWorkspace(repo);
    expect(backup).not.toContain('secret');
    const forged = JSON.parse(backup) as { items: Item[] };
    forged.items.push(withHash<DataItem>({ id: 'tokens', type: 'data', data: { x: 'forged' } }));
    const fresh = new MemoryDatabase('inkstone-db').connect();
    await importWorkspace(fresh, JSON.stringify(forged));
    expect(await fresh.get('tokens')).toBeUndefined();
    // Nor can an item of another type take the tokens' id.
    const disguised = JSON.parse(backup) as { items: Item[] };
    disguised.items.push(
      withHash<FolderItem>({ id: 'tokens', type: 'folder', name: 'x', parentId: null }),
    );
    await importWorkspace(repo, JSON.stringify(disguised));
    expect((await repo.get<DataItem>('tokens'))?.type).toBe('data');
  });

  it('merges by id: the backup replaces items with its ids and keeps the others', async () => {
    const repo = new MemoryDatabase('inkstone-db').connect();
    const file = await createFile(repo, newId, { name: 'Shared', text: 'old' });
    const backup = await exportWorkspace(repo);
    await repo.update<ContentItem>(itemIds.content(file.id), (current) => {
      const { tx: _tx, hash: _hash, ...content } = current!;
      return withHash<ContentItem>({ ...content, text: 'changed since\n' });
    });
    const other = await createFile(repo, newId, { name: 'Newer', text: 'kept' });
    await importWorkspace(repo, backup);
    expect((await repo.get<ContentItem>(itemIds.content(file.id)))?.text).toBe('old\n');
    expect(await repo.get(other.id)).toBeDefined();
  });

  it('recomputes hashes and makes texts storable', async () => {
    const repo = new MemoryDatabase('inkstone-db').connect();
    const file = await createFile(repo, newId, { name: 'F', text: 'x' });
    const backup = JSON.parse(await exportWorkspace(repo)) as { items: Item[] };
    const content = backup.items.find((i) => i.id === itemIds.content(file.id)) as ContentItem;
    content.text = 'edited by hand';
    content.hash = 'wrong';
    const fresh = new MemoryDatabase('inkstone-db').connect();
    await importWorkspace(fresh, JSON.stringify(backup));
    const stored = await fresh.get<ContentItem>(content.id);
    expect(stored?.text).toBe('edited by hand\n');
    const { tx: _tx, ...item } = stored!;
    expect(item.hash).toBe(withHash<ContentItem>({ ...item }).hash);
  });

  it.each([
    ['not JSON', 'hello'],
    ['another JSON file', '{"name":"package","version":"1.0.0"}'],
    [
      'a later format version',
      JSON.stringify({ format: BACKUP_FORMAT, version: 2, items: [], images: [] }),
    ],
    [
      'an item without a type',
      JSON.stringify({ format: BACKUP_FORMAT, version: 1, items: [{ id: 'a' }], images: [] }),
    ],
    ['a cut file', '{"format":"inkstone-workspace-backup","version":1,"items":[{"id":"a'],
  ])('refuses %s and writes nothing', async (_case, text) => {
    const repo = new MemoryDatabase('inkstone-db').connect();
    await expect(importWorkspace(repo, text)).rejects.toThrow(BackupError);
    await expect(importWorkspace(repo, text)).rejects.toThrow(NOT_A_BACKUP_MESSAGE);
    expect(await repo.getAll()).toEqual([]);
  });
});
