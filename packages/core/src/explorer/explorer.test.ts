import { describe, expect, it } from 'vitest';
import { TRASH_CLEANING_DELAY } from '../constants.js';
import { MemoryDatabase } from '../db/memory-repository.js';
import { withHash } from '../items/hash.js';
import { itemIds } from '../items/item-ids.js';
import {
  type ContentItem,
  type FileItem,
  type FolderItem,
  type LocationItem,
} from '../items/types.js';
import { createFile, recordOpened, resolveCurrentFile } from '../workspace/files.js';
import {
  type DeletionConfirmation,
  deleteFilesPermanently,
  deleteNode,
  purgeTrash,
} from './deletion.js';
import { searchFiles } from './search.js';
import { observeWrites } from '../db/observe-writes.js';
import { matchFiles, TextIndex } from './text-index.js';
import {
  canMove,
  createFolder,
  createNamedFile,
  moveItem,
  newItemParent,
  renameItem,
} from './tree-edits.js';

const setup = () => {
  const repo = new MemoryDatabase('inkstone-db').connect();
  let n = 0;
  const newId = () => `id${String((n += 1)).padStart(14, '0')}`;
  const asked: [DeletionConfirmation, string][] = [];
  const answer = (ok: boolean) => (type: DeletionConfirmation, subject: string) => {
    asked.push([type, subject]);
    return Promise.resolve(ok);
  };
  return { repo, newId, asked, yes: answer(true), no: answer(false) };
};

describe('creating items', () => {
  it('creates a folder with a sanitised name and refuses reserved names', async () => {
    const { repo, newId } = setup();
    const folder = await createFolder(repo, newId, '  a//b ', null);
    expect(folder).toMatchObject({ type: 'folder', name: 'a b', parentId: null });
    expect(await repo.get(folder.id)).toMatchObject({ name: 'a b' });
    await expect(createFolder(repo, newId, 'notes.md', null)).rejects.toThrow('Unauthorized name.');
    await expect(createFolder(repo, newId, '.inkstone-trash', null)).rejects.toThrow(
      'Unauthorized name.',
    );
    expect(await repo.getAll('folder')).toHaveLength(1);
  });

  it('starts a new file with the given text and properties', async () => {
    const { repo, newId } = setup();
    const file = await createNamedFile(repo, newId, 'Notes', null, {
      text: 'Hello\n',
      properties: 'author: Ada\n',
    });
    const content = await repo.get(itemIds.content(file!.id));
    expect(content).toMatchObject({ text: 'Hello\n', properties: 'author: Ada\n' });
  });

  it('does not create a file with no name', async () => {
    const { repo, newId } = setup();
    expect(await createNamedFile(repo, newId, '   ', null)).toBeUndefined();
    expect(await repo.getAll('file')).toHaveLength(0);
    expect(await createNamedFile(repo, newId, ' Notes ', 'temp')).toMatchObject({
      name: 'Notes',
      parentId: 'temp',
    });
  });

  it('creates under the selected folder; Trash, and Temp for folders, map to the root', () => {
    const folder = { id: 'f', type: 'folder', name: 'F', parentId: null, hash: '' } as FolderItem;
    const file = { id: 'x', type: 'file', name: 'X', parentId: 'f', hash: '' } as FileItem;
    expect(newItemParent('file', folder)).toBe('f');
    expect(newItemParent('folder', file)).toBe('f');
    expect(newItemParent('file', null)).toBeNull();
    expect(newItemParent('file', 'trash')).toBeNull();
    expect(newItemParent('folder', 'trash')).toBeNull();
    expect(newItemParent('file', 'temp')).toBe('temp');
    expect(newItemParent('folder', 'temp')).toBeNull();
    expect(newItemParent('file', { ...file, parentId: 'trash' })).toBeNull();
    expect(newItemParent('folder', { ...file, parentId: 'temp' })).toBeNull();
  });
});

describe('renaming', () => {
  it('ignores an empty or unchanged name, sanitises, and refuses reserved folder names', async () => {
    const { repo, newId } = setup();
    const file = await createFile(repo, newId, { name: 'Old' });
    const folder = await createFolder(repo, newId, 'Dir', null);
    const tx = await repo.currentTx();
    expect(await renameItem(repo, file.id, '   ')).toBeUndefined();
    expect(await renameItem(repo, file.id, ' Old ')).toBeUndefined();
    expect(await repo.currentTx()).toBe(tx);
    expect(await renameItem(repo, file.id, ' New\tname ')).toMatchObject({ name: 'New name' });
    expect(await repo.get(file.id)).toMatchObject({ name: 'New name' });
    await expect(renameItem(repo, folder.id, 'x.publish')).rejects.toThrow('Unauthorized name.');
    expect(await renameItem(repo, folder.id, 'Docs')).toMatchObject({ name: 'Docs' });
    expect(await renameItem(repo, 'trash', 'Bin')).toBeUndefined();
  });
});

describe('moving', () => {
  it('re-parents unless nil, the same, already there, or into a descendant', async () => {
    const { repo, newId } = setup();
    const a = await createFolder(repo, newId, 'A', null);
    const b = await createFolder(repo, newId, 'B', a.id);
    const file = await createFile(repo, newId, { name: 'F', parentId: b.id });
    const folders = new Map([a, b].map((f) => [f.id, f]));
    expect(canMove(undefined, a.id, folders)).toBe(false);
    expect(canMove(a, undefined, folders)).toBe(false);
    expect(canMove(a, a.id, folders)).toBe(false);
    expect(canMove(a, b.id, folders)).toBe(false);
    expect(canMove(b, a.id, folders)).toBe(false);
    expect(canMove(b, null, folders)).toBe(true);
    expect(canMove(a, 'trash', folders)).toBe(false);
    expect(canMove(a, 'temp', folders)).toBe(false);
    expect(await moveItem(repo, a.id, b.id, 0)).toBeUndefined();
    expect((await repo.get(a.id))?.['parentId' as never]).toBeNull();
    expect(await moveItem(repo, file.id, null, 0)).toMatchObject({ parentId: null });
    expect(await moveItem(repo, file.id, 'nowhere', 0)).toBeUndefined();
  });

  it('records when a file goes to the trash and forgets it when it comes out', async () => {
    const { repo, newId } = setup();
    const file = await createFile(repo, newId, { name: 'F' });
    expect(await moveItem(repo, file.id, 'trash', 1234)).toMatchObject({
      parentId: 'trash',
      trashedAt: 1234,
    });
    const back = await moveItem(repo, file.id, null, 2000);
    expect(back?.parentId).toBeNull();
    expect(back && 'trashedAt' in back).toBe(false);
  });
});

describe('deleting', () => {
  it('moves a file to the trash without asking', async () => {
    const { repo, newId, yes, asked } = setup();
    const file = await createFile(repo, newId, { name: 'F' });
    const change = await deleteNode(repo, file.id, yes, 99);
    expect(asked).toEqual([]);
    expect(change.items[0]).toMatchObject({ parentId: 'trash', trashedAt: 99 });
    expect(await repo.get(file.id)).toMatchObject({ parentId: 'trash' });
  });

  it('deletes a trashed file for good, with its companions, after trashDeletion', async () => {
    const { repo, newId, yes, no, asked } = setup();
    const file = await createFile(repo, newId, { name: 'F', parentId: 'trash' });
    const location = withHash<LocationItem>({
      id: 'loc',
      type: 'syncLocation',
      fileId: file.id,
      providerId: 'x',
    });
    await repo.put([location]);
    expect(await deleteNode(repo, file.id, no, 0)).toEqual({ items: [], deletedIds: [] });
    expect(await repo.get(file.id)).toBeDefined();
    expect(await deleteNode(repo, file.id, yes, 0)).toEqual({ items: [], deletedIds: [file.id] });
    expect(asked).toEqual([
      ['trashDeletion', 'F'],
      ['trashDeletion', 'F'],
    ]);
    for (const id of [file.id, itemIds.content(file.id), itemIds.contentState(file.id), 'loc']) {
      expect(await repo.get(id)).toBeUndefined();
    }
  });

  it('empties the Trash node and the Temp node after their confirmations', async () => {
    const { repo, newId, yes, asked } = setup();
    const t1 = await createFile(repo, newId, { parentId: 'trash' });
    const t2 = await createFile(repo, newId, { parentId: 'trash' });
    const temp = await createFile(repo, newId, { name: 'Tmp', parentId: 'temp' });
    const kept = await createFile(repo, newId, {});
    expect((await deleteNode(repo, 'trash', yes, 0)).deletedIds.sort()).toEqual(
      [t1.id, t2.id].sort(),
    );
    expect(await deleteNode(repo, 'temp', yes, 0)).toEqual({ items: [], deletedIds: [temp.id] });
    expect(asked).toEqual([
      ['trashDeletion', ''],
      ['tempFolderDeletion', ''],
    ]);
    expect((await repo.getAll('file')).map((f) => f.id)).toEqual([kept.id]);
  });

  it('asks tempFileDeletion before deleting a temp file', async () => {
    const { repo, newId, yes, asked } = setup();
    const temp = await createFile(repo, newId, { name: 'Tmp', parentId: 'temp' });
    await deleteNode(repo, temp.id, yes, 0);
    expect(asked).toEqual([['tempFileDeletion', 'Tmp']]);
    expect(await repo.get(itemIds.content(temp.id))).toBeUndefined();
  });

  it('removes a folder after folderDeletion, moving every file inside to the trash', async () => {
    const { repo, newId, yes, no, asked } = setup();
    const a = await createFolder(repo, newId, 'A', null);
    const b = await createFolder(repo, newId, 'B', a.id);
    const other = await createFolder(repo, newId, 'Other', null);
    const f1 = await createFile(repo, newId, { parentId: a.id });
    const f2 = await createFile(repo, newId, { parentId: b.id });
    const f3 = await createFile(repo, newId, { parentId: other.id });
    expect(await deleteNode(repo, a.id, no, 5)).toEqual({ items: [], deletedIds: [] });
    const change = await deleteNode(repo, a.id, yes, 5);
    expect(asked).toEqual([
      ['folderDeletion', 'A'],
      ['folderDeletion', 'A'],
    ]);
    expect(change.deletedIds.sort()).toEqual([a.id, b.id].sort());
    expect(change.items.map((f) => f.id).sort()).toEqual([f1.id, f2.id].sort());
    expect((await repo.getAll('folder')).map((f) => f.id)).toEqual([other.id]);
    expect(await repo.get(f2.id)).toMatchObject({ parentId: 'trash', trashedAt: 5 });
    expect(await repo.get(f3.id)).toMatchObject({ parentId: other.id });
  });

  it('makes the first recently opened file outside the trash current after a deletion', async () => {
    const { repo, newId, yes } = setup();
    const older = await createFile(repo, newId, { name: 'Older' });
    const current = await createFile(repo, newId, { name: 'Current' });
    await recordOpened(repo, older.id);
    await recordOpened(repo, current.id);
    await deleteNode(repo, current.id, yes, 0);
    expect((await resolveCurrentFile(repo, newId, '')).id).toBe(older.id);
  });
});

describe('trash purge', () => {
  it('deletes files trashed 7 days ago or more and stamps unstamped ones', async () => {
    const { repo, newId } = setup();
    const old = await createFile(repo, newId, { parentId: null });
    const recent = await createFile(repo, newId, { parentId: null });
    const unstamped = await createFile(repo, newId, { parentId: 'trash' });
    const now = 10 * TRASH_CLEANING_DELAY;
    await moveItem(repo, old.id, 'trash', now - TRASH_CLEANING_DELAY);
    await moveItem(repo, recent.id, 'trash', now - TRASH_CLEANING_DELAY + 1);
    const change = await purgeTrash(repo, now);
    expect(change.deletedIds).toEqual([old.id]);
    expect(await repo.get(itemIds.content(old.id))).toBeUndefined();
    expect(await repo.get(recent.id)).toBeDefined();
    expect(await repo.get(unstamped.id)).toMatchObject({ trashedAt: now });
  });
});

describe('deleting files permanently', () => {
  it('deletes the files named with their contents, and skips ids no longer stored', async () => {
    const { repo, newId } = setup();
    const old = await createFile(repo, newId, { parentId: 'temp', text: 'old' });
    const kept = await createFile(repo, newId, { parentId: 'temp', text: 'kept' });
    const change = await deleteFilesPermanently(repo, [old.id, 'id-gone-already']);
    expect(change.deletedIds).toContain(old.id);
    expect(await repo.get(old.id)).toBeUndefined();
    expect(await repo.get(itemIds.content(old.id))).toBeUndefined();
    expect(await repo.get(itemIds.content(kept.id))).toMatchObject({ text: 'kept\n' });
  });
});

describe('search', () => {
  it('matches names and texts case-insensitively, skips the trash, needs a query', async () => {
    const { repo, newId } = setup();
    await createFile(repo, newId, { name: 'Apple pie', text: 'sweet' });
    await createFile(repo, newId, { name: 'Notes', text: 'An APPLE a day' });
    await createFile(repo, newId, { name: 'Other', text: 'pear' });
    await createFile(repo, newId, { name: 'apple', parentId: 'trash' });
    expect((await searchFiles(repo, 'apple')).map((f) => f.name)).toEqual(['Apple pie', 'Notes']);
    expect(await searchFiles(repo, '  ')).toEqual([]);
  });

  it('stops collecting at 50 matches', async () => {
    const { repo, newId } = setup();
    for (let i = 0; i < 70; i += 1) {
      await createFile(repo, newId, { name: `File ${i}`, text: i % 2 === 0 ? 'a needle' : 'hay' });
    }
    expect(await searchFiles(repo, 'NEEDLE')).toHaveLength(35);
    expect(await searchFiles(repo, 'file')).toHaveLength(50);
    expect(await searchFiles(repo, 'a.c(')).toEqual([]);
  });
});

describe('text index', () => {
  it('follows writes made through the observed repository, before and after loading', async () => {
    const { repo: base, newId } = setup();
    const index = new TextIndex();
    const repo = observeWrites(base, (write) => index.written(write));
    const a = await createFile(repo, newId, { name: 'A', text: 'alpha' });
    const loading = index.load(repo);
    const b = await createFile(repo, newId, { name: 'B', text: 'beta' });
    await loading;
    expect((await searchFiles(repo, 'ALPHA', index)).map((f) => f.name)).toEqual(['A']);
    expect((await searchFiles(repo, 'beta', index)).map((f) => f.name)).toEqual(['B']);
    await repo.update<ContentItem>(itemIds.content(a.id), (current) =>
      current ? { ...current, text: 'gamma' } : undefined,
    );
    expect(await searchFiles(repo, 'alpha', index)).toEqual([]);
    expect((await searchFiles(repo, 'gamma', index)).map((f) => f.name)).toEqual(['A']);
    await repo.delete([b.id, itemIds.content(b.id)]);
    expect(index.textOf(b.id)).toBeUndefined();
  });

  it('searches 5,000 files of 10,000 characters once loaded (its speed: the explorer benchmark)', () => {
    const text = 'lorem ipsum '.repeat(833).slice(0, 9990);
    const files = Array.from({ length: 5000 }, (_, i) => ({
      id: `f${i}`,
      type: 'file' as const,
      name: `File ${i}`,
      parentId: null,
      hash: '',
    }));
    expect(matchFiles(files, 'absent', () => text)).toEqual([]);
    expect(matchFiles(files, 'IPSUM', () => text)).toHaveLength(50);
  });
});
