import { describe, expect, it } from 'vitest';
import { hashItem, withHash } from '../items/hash.js';
import { type FolderItem } from '../items/types.js';
import { breakFolderCycles, repairFolderParents } from './folder-cycles.js';

const folder = (id: string, parentId: string | null, name = id): FolderItem =>
  withHash<FolderItem>({ id, type: 'folder', name, parentId });

const movedIds = (folders: FolderItem[]) => breakFolderCycles(folders).map((f) => f.id);

describe('V5 breakFolderCycles (core §5: circular parentage broken by moving the folder to root)', () => {
  it('changes nothing in a sound tree', () => {
    const folders = [folder('a', null), folder('b', 'a'), folder('c', 'b'), folder('t', 'trash')];
    expect(breakFolderCycles(folders)).toEqual([]);
  });

  it('moves a folder that is its own parent to root', () => {
    const moved = breakFolderCycles([folder('a', 'a')]);
    expect(moved).toEqual([{ ...folder('a', null) }]);
  });

  it('moves one folder of a two-folder cycle', () => {
    expect(movedIds([folder('a', 'b'), folder('b', 'a')])).toEqual(['a']);
  });

  it('breaks a→b→c→a at the smallest id, whatever the order of the list', () => {
    const cycle = [folder('b', 'c'), folder('c', 'a'), folder('a', 'b')];
    expect(movedIds(cycle)).toEqual(['a']);
    expect(movedIds([...cycle].reverse())).toEqual(['a']);
    expect(movedIds([cycle[1]!, cycle[2]!, cycle[0]!])).toEqual(['a']);
  });

  it('compares ids by code unit, not by locale', () => {
    expect(movedIds([folder('b', 'Z'), folder('Z', 'b')])).toEqual(['Z']);
  });

  it('breaks every cycle, one folder each, and leaves their branches alone', () => {
    const folders = [
      folder('p', 'q'),
      folder('q', 'r'),
      folder('r', 'p'),
      folder('x', 'y'),
      folder('y', 'x'),
      folder('branch', 'q'),
      folder('leaf', 'branch'),
      folder('root', null),
    ];
    expect(movedIds(folders)).toEqual(['p', 'x']);
    const parents = repairFolderParents(folders);
    expect(parents.get('branch')).toBe('q');
    expect(parents.get('leaf')).toBe('branch');
    expect(parents.get('q')).toBe('r');
    expect(parents.get('r')).toBe('p');
  });

  it('moves a folder whose parent does not exist to root', () => {
    expect(movedIds([folder('a', 'gone'), folder('b', 'a')])).toEqual(['a']);
  });

  it('keeps the trash and temp parents, which are special values, not folders', () => {
    expect(movedIds([folder('a', 'trash'), folder('b', 'temp'), folder('c', 'b')])).toEqual([]);
  });

  it('returns the moved folders with parentId null and a fresh hash', () => {
    const [moved] = breakFolderCycles([folder('a', 'b', 'Docs'), folder('b', 'a')]);
    expect(moved).toMatchObject({ id: 'a', name: 'Docs', parentId: null });
    expect(moved!.hash).toBe(hashItem(moved!));
    expect(moved!.hash).not.toBe(folder('a', 'b', 'Docs').hash);
  });

  it('leaves its input untouched', () => {
    const folders = [folder('a', 'a')];
    breakFolderCycles(folders);
    expect(folders[0]!.parentId).toBe('a');
  });

  it('handles a deep chain and a long cycle without recursion', () => {
    const depth = 20_000;
    const chain = Array.from({ length: depth }, (_, i) =>
      folder(
        `f${String(i).padStart(5, '0')}`,
        i === 0 ? null : `f${String(i - 1).padStart(5, '0')}`,
      ),
    );
    expect(breakFolderCycles(chain)).toEqual([]);
    chain[0] = folder('f00000', `f${depth - 1}`);
    expect(movedIds(chain)).toEqual(['f00000']);
  });
});
