import { describe, expect, it } from 'vitest';
import { withHash } from '../items/hash.js';
import { type FileItem, type FolderItem } from '../items/types.js';
import { childPath, computePaths, TRASH_PATH } from './paths.js';

const folder = (id: string, parentId: string | null, name = id): FolderItem =>
  withHash<FolderItem>({ id, type: 'folder', name, parentId });
const file = (id: string, parentId: string | null, name = id): FileItem =>
  withHash<FileItem>({ id, type: 'file', name, parentId });

describe('computePaths (core §3: paths built from names, trailing slash for folders)', () => {
  it('ends folder paths with / and file paths with .md', () => {
    expect(childPath('', { type: 'folder', name: 'Docs' })).toBe('Docs/');
    expect(childPath('Docs/', { type: 'file', name: 'Notes' })).toBe('Docs/Notes.md');
  });

  it('builds nested paths from the names', () => {
    const folders = [folder('d1', null, 'Docs'), folder('d2', 'd1', 'Drafts')];
    const files = [file('f1', null, 'Readme'), file('f2', 'd2', 'Plan'), file('f3', 'd1', 'Plan')];
    expect(Object.fromEntries(computePaths(files, folders))).toEqual({
      d1: 'Docs/',
      d2: 'Docs/Drafts/',
      f1: 'Readme.md',
      f2: 'Docs/Drafts/Plan.md',
      f3: 'Docs/Plan.md',
    });
  });

  it("puts trashed items under the hidden trash folder '.inkstone-trash/'", () => {
    expect(TRASH_PATH).toBe('.inkstone-trash/');
    const paths = computePaths([file('f', 'trash', 'Old')], [folder('d', 'trash', 'Gone')]);
    expect(paths.get('f')).toBe('.inkstone-trash/Old.md');
    expect(paths.get('d')).toBe('.inkstone-trash/Gone/');
  });

  it('gives temp items, and what a temp folder holds, no path', () => {
    const paths = computePaths(
      [file('f', 'temp', 'Scratch'), file('g', 'd', 'Inner')],
      [folder('d', 'temp', 'TempDir')],
    );
    expect(paths.size).toBe(0);
  });

  it('places items whose parent does not exist at root', () => {
    const paths = computePaths(
      [file('f', 'gone', 'Lost'), file('g', 'f', 'Under a file')],
      [folder('d', 'gone', 'Orphan')],
    );
    expect(paths.get('f')).toBe('Lost.md');
    expect(paths.get('g')).toBe('Under a file.md');
    expect(paths.get('d')).toBe('Orphan/');
  });

  it('reads cycles as broken at the smallest id, without looping', () => {
    const folders = [folder('b', 'a', 'B'), folder('a', 'c', 'A'), folder('c', 'b', 'C')];
    const paths = computePaths([file('f', 'c', 'F')], folders);
    expect(paths.get('a')).toBe('A/');
    expect(paths.get('b')).toBe('A/B/');
    expect(paths.get('c')).toBe('A/B/C/');
    expect(paths.get('f')).toBe('A/B/C/F.md');
    expect(computePaths([], [folder('s', 's', 'Self')]).get('s')).toBe('Self/');
  });

  it('builds paths of a deep tree without recursion', () => {
    const folders = Array.from({ length: 20_000 }, (_, i) =>
      folder(`d${i}`, i === 0 ? null : `d${i - 1}`, 'x'),
    );
    const paths = computePaths([file('f', 'd19999', 'y')], folders);
    expect(paths.get('f')).toBe('x/'.repeat(20_000) + 'y.md');
  });
});
