import { type FileItem, type FolderItem } from '@inkstone/core';
import { describe, expect, it } from 'vitest';
import { ancestors, indexTree, visibleRows } from './tree-rows';

const folder = (id: string, name: string, parentId: string | null = null): FolderItem => ({
  id,
  type: 'folder',
  name,
  parentId,
  hash: '',
});
const file = (id: string, name: string, parentId: string | null = null): FileItem => ({
  id,
  type: 'file',
  name,
  parentId,
  hash: '',
});
const byId = <T extends { id: string }>(...items: T[]) =>
  Object.fromEntries(items.map((item) => [item.id, item]));

describe('explorer rows', () => {
  const folders = byId(folder('a', 'Beta'), folder('b', 'alpha'), folder('c', 'Inner', 'a'));
  const files = byId(
    file('1', 'Note 10'),
    file('2', 'Note 2'),
    file('3', 'Deep', 'c'),
    file('4', 'Old', 'trash'),
    file('5', 'Lost', 'missing'),
  );
  const index = indexTree(files, folders);

  it('lists folders before files by name, a lost parent at the root, and Trash last', () => {
    const rows = visibleRows(index, new Set());
    expect(rows.map((row) => row.name)).toEqual([
      'alpha',
      'Beta',
      'Lost',
      'Note 2',
      'Note 10',
      'Trash',
    ]);
    expect(rows.every((row) => row.level === 1)).toBe(true);
    expect(rows.find((row) => row.id === 'a')?.expanded).toBe(false);
    expect(rows.map((row) => `${row.posInSet}/${row.setSize}`)).toEqual([
      '1/6',
      '2/6',
      '3/6',
      '4/6',
      '5/6',
      '6/6',
    ]);
  });

  it('shows the children of open nodes one level deeper, and Temp only when it holds files', () => {
    const rows = visibleRows(index, new Set(['a', 'c', 'trash']));
    expect(rows.map((row) => [row.name, row.level])).toEqual([
      ['alpha', 1],
      ['Beta', 1],
      ['Inner', 2],
      ['Deep', 3],
      ['Lost', 1],
      ['Note 2', 1],
      ['Note 10', 1],
      ['Trash', 1],
      ['Old', 2],
    ]);
    expect(rows.find((row) => row.name === 'Deep')).toMatchObject({ posInSet: 1, setSize: 1 });
    expect(rows.find((row) => row.name === 'Trash')).toMatchObject({ posInSet: 6, setSize: 6 });
    const withTemp = indexTree(byId(file('t', 'Scratch', 'temp')), {});
    expect(visibleRows(withTemp, new Set()).map((row) => row.name)).toEqual(['Temp', 'Trash']);
  });

  it('puts a draft row first in its folder, opening it when its parents are open', () => {
    const rows = visibleRows(index, new Set(), { kind: 'file', parentId: 'c' });
    expect(rows.filter((row) => row.kind === 'draft')).toHaveLength(0);
    const open = visibleRows(index, new Set(['a']), { kind: 'file', parentId: 'c' });
    const at = open.findIndex((row) => row.kind === 'draft');
    expect(open[at - 1]?.name).toBe('Inner');
    expect(open[at]?.level).toBe(3);
  });

  it('finds the folders holding an item', () => {
    expect(ancestors('3', files, folders)).toEqual(['c', 'a']);
    expect(ancestors('4', files, folders)).toEqual(['trash']);
    expect(ancestors('1', files, folders)).toEqual([]);
  });
});
