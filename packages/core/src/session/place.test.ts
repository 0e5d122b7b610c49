import { describe, expect, it } from 'vitest';
import { MemoryDatabase } from '../db/memory-repository.js';
import { itemIds } from '../items/item-ids.js';
import { diffEdits } from '../merge/text-edit.js';
import { contentStateItem, mapPlace, saveContentState } from './place.js';

const place = (start: number, end = start, top: number | null = null) => ({
  selectionStart: start,
  selectionEnd: end,
  scrollPosition: top === null ? null : { pos: top, offset: 7 },
});

describe('the place (selection and scroll position)', () => {
  it('is kept in the file’s content state item', () => {
    const item = contentStateItem('f1', place(3, 9, 40));
    expect(item).toMatchObject({ id: itemIds.contentState('f1'), type: 'contentState' });
    expect(item).toMatchObject(place(3, 9, 40));
    expect(item.hash).toBe(contentStateItem('f1', place(3, 9, 40)).hash);
    expect(item.hash).not.toBe(contentStateItem('f1', place(3, 10, 40)).hash);
  });

  it('moves with the words another tab added before it, and not with those after', () => {
    const before = 'Alpha beta.\nGamma delta.\n';
    const caret = before.indexOf('delta');
    const after = 'New first line.\nAlpha beta.\nGamma delta, and more.\n';
    const moved = mapPlace(
      place(caret, caret + 5, before.indexOf('Gamma')),
      diffEdits(before, after),
    );
    expect(after.slice(moved.selectionStart, moved.selectionEnd)).toBe('delta');
    expect(after.slice(moved.scrollPosition!.pos)).toMatch(/^Gamma/);
    expect(moved.scrollPosition!.offset).toBe(7);
  });

  it('goes to the end of what replaced the words it was in, and stays before words inserted at it', () => {
    expect(mapPlace(place(5), [{ from: 2, to: 8, insert: 'xy' }])).toEqual(place(4));
    expect(mapPlace(place(5), [{ from: 5, to: 5, insert: 'xy' }])).toEqual(place(5));
    expect(mapPlace(place(5), [{ from: 1, to: 5, insert: '' }])).toEqual(place(1));
    expect(mapPlace(place(5), [])).toEqual(place(5));
  });

  it('is saved alone only when it changed', async () => {
    const repo = new MemoryDatabase('inkstone-db').connect();
    await saveContentState(repo, 'f1', place(3, 7, 120));
    const tx = await repo.currentTx();
    await saveContentState(repo, 'f1', place(3, 7, 120));
    expect(await repo.currentTx()).toBe(tx);
    expect(await repo.get(itemIds.contentState('f1'))).toMatchObject(place(3, 7, 120));
    await saveContentState(repo, 'f1', place(4));
    expect(await repo.currentTx()).toBe(tx + 1);
  });
});
