import { describe, expect, it } from 'vitest';
import { MemoryDatabase } from '../db/memory-repository.js';
import { itemIds } from '../items/item-ids.js';
import { type ContentItem, type ContentStateItem, type FileItem } from '../items/types.js';
import {
  createFile,
  readLastOpened,
  recordOpened,
  renameFile,
  resolveCurrentFile,
} from './files.js';

const setup = () => {
  const repo = new MemoryDatabase('inkstone-db').connect();
  let n = 0;
  const newId = () => `id${String((n += 1)).padStart(14, '0')}`;
  return { repo, newId };
};

describe('files of a workspace', () => {
  it('creates a file with its content and content state at once, names and text sanitised', async () => {
    const { repo, newId } = setup();
    const file = await createFile(repo, newId, { name: ' my/notes\t', text: 'Hello' });
    expect(file).toMatchObject({ type: 'file', name: 'my notes', parentId: null });
    const content = await repo.get<ContentItem>(itemIds.content(file.id));
    expect(content?.text).toBe('Hello\n');
    const state = await repo.get<ContentStateItem>(itemIds.contentState(file.id));
    expect(state).toMatchObject({ selectionStart: 0, selectionEnd: 0, scrollPosition: null });
    expect(await repo.currentTx()).toBe(1);
    expect((await createFile(repo, newId)).name).toBe('Untitled');
  });

  it('creates the Welcome file on first start, and reopens the last opened file later', async () => {
    const { repo, newId } = setup();
    const welcome = await resolveCurrentFile(repo, newId, '# Welcome\n');
    expect(welcome.name).toBe('Welcome file');
    expect((await repo.get<ContentItem>(itemIds.content(welcome.id)))?.text).toBe('# Welcome\n');
    const other = await createFile(repo, newId, { name: 'Other' });
    await recordOpened(repo, other.id);
    expect((await resolveCurrentFile(repo, newId, 'unused')).id).toBe(other.id);
    expect(await repo.getAll('file')).toHaveLength(2);
  });

  it('skips recent files that were deleted or trashed', async () => {
    const { repo, newId } = setup();
    const a = await createFile(repo, newId, { name: 'A' });
    const b = await createFile(repo, newId, { name: 'B' });
    await recordOpened(repo, a.id);
    await recordOpened(repo, b.id);
    await repo.put([{ ...b, parentId: 'trash' } as FileItem]);
    expect((await resolveCurrentFile(repo, newId, '')).id).toBe(a.id);
  });

  it('keeps the 20 most recently opened files, newest first, without repeats', async () => {
    const { repo } = setup();
    for (let i = 0; i < 25; i += 1) await recordOpened(repo, `f${i}`);
    await recordOpened(repo, 'f10');
    const recent = await readLastOpened(repo);
    expect(recent).toHaveLength(20);
    expect(recent[0]).toBe('f10');
    expect(recent[1]).toBe('f24');
    expect(new Set(recent).size).toBe(20);
  });

  it('renames with a sanitised name and leaves an unchanged name alone', async () => {
    const { repo, newId } = setup();
    const file = await createFile(repo, newId, { name: 'Draft' });
    expect((await renameFile(repo, file.id, 'Final //  version'))?.name).toBe('Final version');
    const tx = await repo.currentTx();
    await renameFile(repo, file.id, 'Final version');
    expect(await repo.currentTx()).toBe(tx);
  });
});
