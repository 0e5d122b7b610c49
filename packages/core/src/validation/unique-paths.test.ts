import { describe, expect, it } from 'vitest';
import { hashItem, withHash } from '../items/hash.js';
import { type FileItem, type FolderItem } from '../items/types.js';
import { computePaths } from './paths.js';
import { findPathConflict, makePathsUnique } from './unique-paths.js';

const folder = (id: string, parentId: string | null, name = id): FolderItem =>
  withHash<FolderItem>({ id, type: 'folder', name, parentId });
const file = (id: string, parentId: string | null, name = id): FileItem =>
  withHash<FileItem>({ id, type: 'file', name, parentId });

const renames = (...args: Parameters<typeof makePathsUnique>) =>
  Object.fromEntries(makePathsUnique(...args).map((item) => [item.id, item.name]));

/** Applies the renames and returns the paths, which must all differ. */
function pathsAfter(files: FileItem[], folders: FolderItem[]): string[] {
  const renamed = new Map(makePathsUnique(files, folders).map((item) => [item.id, item]));
  const apply = <T extends FileItem | FolderItem>(item: T) => (renamed.get(item.id) as T) ?? item;
  const paths = [...computePaths(files.map(apply), folders.map(apply)).values()];
  expect(new Set(paths).size).toBe(paths.length);
  return paths.sort();
}

describe('V4 makePathsUnique (core §5: duplicates made unique by appending .1, .2 and so on)', () => {
  it('renames nothing when paths are unique', () => {
    const files = [file('f1', null, 'x'), file('f2', 'd', 'x')];
    expect(makePathsUnique(files, [folder('d', null, 'x')])).toEqual([]);
  });

  it('keeps the name of the smallest id and appends .1 to the other', () => {
    expect(renames([file('b', null, 'x'), file('a', null, 'x')], [])).toEqual({ b: 'x.1' });
  });

  it('gives three clashing names .1 and .2', () => {
    const files = [file('c', null, 'x'), file('a', null, 'x'), file('b', null, 'x')];
    expect(renames(files, [])).toEqual({ b: 'x.1', c: 'x.2' });
  });

  it('skips to the next number when x.1 already exists', () => {
    const files = [file('a', null, 'x'), file('b', null, 'x'), file('c', null, 'x.1')];
    expect(renames(files, [])).toEqual({ b: 'x.2' });
    // Even when the item named x.1 sorts after the ones being renamed.
    const later = [file('z', null, 'x.1'), file('a', null, 'x'), file('b', null, 'x')];
    expect(renames(later, [])).toEqual({ b: 'x.2' });
  });

  it('does not count a file and a folder of one name as a clash', () => {
    expect(renames([file('f', null, 'x')], [folder('d', null, 'x')])).toEqual({});
  });

  it('renames a clashing folder and lets its contents keep their names', () => {
    const folders = [folder('d1', null, 'Docs'), folder('d2', null, 'Docs')];
    const files = [file('f1', 'd1', 'Plan'), file('f2', 'd2', 'Plan')];
    expect(renames(files, folders)).toEqual({ d2: 'Docs.1' });
    expect(pathsAfter(files, folders)).toEqual([
      'Docs.1/',
      'Docs.1/Plan.md',
      'Docs/',
      'Docs/Plan.md',
    ]);
  });

  it('makes paths unique inside the trash too, apart from the same names outside it', () => {
    const files = [file('a', 'trash', 'x'), file('b', 'trash', 'x'), file('c', null, 'x')];
    expect(renames(files, [])).toEqual({ b: 'x.1' });
  });

  it('never renames temp items', () => {
    expect(renames([file('a', 'temp', 'x'), file('b', 'temp', 'x')], [])).toEqual({});
  });

  it('lets the items of keepIds keep their name', () => {
    const files = [file('a', null, 'x'), file('b', null, 'x')];
    expect(renames(files, [], { keepIds: ['b'] })).toEqual({ a: 'x.1' });
  });

  it('makes the same choice whatever the order of the lists', () => {
    const files = [file('q', null, 'x'), file('p', null, 'x'), file('r', null, 'x')];
    expect(renames([...files].reverse(), [])).toEqual(renames(files, []));
  });

  it('returns renamed items with a fresh hash and everything else kept', () => {
    const [renamed] = makePathsUnique(
      [file('a', 'd', 'x'), file('b', 'd', 'x')],
      [folder('d', null)],
    );
    expect(renamed).toMatchObject({ id: 'b', type: 'file', name: 'x.1', parentId: 'd' });
    expect(renamed!.hash).toBe(hashItem(renamed!));
  });

  it('settles a tree with clashes at several levels', () => {
    const folders = [
      folder('d1', null, 'A'),
      folder('d2', null, 'A'),
      folder('d3', 'd1', 'B'),
      folder('d4', 'd1', 'B'),
      folder('d5', 'loop', 'C'),
      folder('loop', 'd5', 'C'),
    ];
    const files = [file('f1', 'd3', 'n'), file('f2', 'd4', 'n'), file('f3', 'd4', 'n')];
    expect(pathsAfter(files, folders)).toEqual([
      'A.1/',
      'A/',
      'A/B.1/',
      'A/B.1/n.1.md',
      'A/B.1/n.md',
      'A/B/',
      'A/B/n.md',
      'C/',
      'C/C/',
    ]);
  });
});

describe('findPathConflict (core §5: a clash opens pathConflict)', () => {
  const folders = [folder('d', null, 'Docs')];
  const files = [file('f1', 'd', 'Plan'), file('f2', null, 'Plan')];

  it('finds the item that already has the path', () => {
    expect(findPathConflict(file('new', 'd', 'Plan'), files, folders)?.id).toBe('f1');
    expect(findPathConflict(folder('new', null, 'Docs'), files, folders)?.id).toBe('d');
  });

  it('finds a clash caused by renaming or moving an existing item', () => {
    expect(findPathConflict({ ...files[1]!, parentId: 'd' }, files, folders)?.id).toBe('f1');
    expect(findPathConflict({ ...files[0]!, name: 'Other' }, files, folders)).toBeUndefined();
  });

  it('does not take an item for its own former self', () => {
    expect(findPathConflict(files[0]!, files, folders)).toBeUndefined();
  });

  it('finds no clash for a temp item', () => {
    expect(findPathConflict(file('new', 'temp', 'Plan'), files, folders)).toBeUndefined();
  });
});
