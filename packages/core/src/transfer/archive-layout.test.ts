import { describe, expect, it } from 'vitest';
import { withHash } from '../items/hash.js';
import { type FileItem, type FolderItem } from '../items/types.js';
import { archiveLayout, uniquePath } from './archive-layout.js';

const folder = (id: string, name: string, parentId: string | null = null) =>
  withHash<FolderItem>({ id, type: 'folder', name, parentId });
const file = (id: string, name: string, parentId: string | null = null) =>
  withHash<FileItem>({ id, type: 'file', name, parentId });

describe('the layout of a workspace zip', () => {
  it('puts files at their folder path with .md, and lists every folder, empty ones too', () => {
    const layout = archiveLayout(
      [file('f1', 'Plan', 'notes'), file('f2', 'Welcome file'), file('f3', 'Old', 'old')],
      [folder('notes', 'Notes'), folder('old', 'Old', 'notes'), folder('empty', 'Empty')],
      [],
    );
    expect(layout.folders).toEqual(['Empty/', 'Notes/', 'Notes/Old/']);
    expect(layout.files).toEqual([
      { fileId: 'f3', path: 'Notes/Old/Old.md' },
      { fileId: 'f1', path: 'Notes/Plan.md' },
      { fileId: 'f2', path: 'Welcome file.md' },
    ]);
  });

  it('leaves out the trash and the temp area', () => {
    const layout = archiveLayout(
      [file('kept', 'Kept'), file('trashed', 'Gone', 'trash'), file('temp', 'Scratch', 'temp')],
      [],
      [],
    );
    expect(layout.files.map((entry) => entry.path)).toEqual(['Kept.md']);
  });

  it('tells apart two files of one name in a folder as the app makes paths unique', () => {
    const layout = archiveLayout(
      [file('b', 'Notes'), file('a', 'Notes'), file('c', 'Notes.1')],
      [folder('d1', 'Box'), folder('d2', 'Box')],
      [],
    );
    // The smallest id keeps the name; the next free suffix is taken by the others. (Paths
    // sort by code units.)
    expect(layout.files).toEqual([
      { fileId: 'c', path: 'Notes.1.md' },
      { fileId: 'b', path: 'Notes.2.md' },
      { fileId: 'a', path: 'Notes.md' },
    ]);
    expect(layout.folders).toEqual(['Box.1/', 'Box/']);
  });

  it('never writes a folder named . or .. into the archive', () => {
    const layout = archiveLayout(
      [file('f', 'Inside', 'up')],
      [folder('up', '..'), folder('here', '.')],
      [],
    );
    expect(layout.folders).toEqual(['...1/', '..1/']);
    expect(layout.files).toEqual([{ fileId: 'f', path: '...1/Inside.md' }]);
  });

  it('puts images at their own path, safely, and never over another entry', () => {
    const layout = archiveLayout(
      [file('f', 'a.png', 'imgs')],
      [folder('imgs', 'imgs')],
      [
        { id: 'i1', path: '/imgs/2026-01-02/photo.png' },
        { id: 'i2', path: '/../../etc/./x.png' },
        { id: 'i3', path: '/imgs/2026-01-02/photo.png' },
        { id: 'i4', path: '/imgs/a.png.md' },
        { id: 'i5', path: '' },
      ],
    );
    expect(layout.images).toEqual(
      [
        { imageId: 'i5', path: 'i5' },
        { imageId: 'i2', path: 'etc/x.png' },
        { imageId: 'i4', path: 'imgs/a.png.1.md' },
        { imageId: 'i3', path: 'imgs/2026-01-02/photo.1.png' },
        { imageId: 'i1', path: 'imgs/2026-01-02/photo.png' },
      ].sort((a, b) => (a.path < b.path ? -1 : 1)),
    );
  });
});

describe('a free path', () => {
  it('adds .1, .2… before the extension', () => {
    expect(uniquePath('a/b.png', new Set())).toBe('a/b.png');
    expect(uniquePath('a/b.png', new Set(['a/b.png', 'a/b.1.png']))).toBe('a/b.2.png');
    expect(uniquePath('a.d/readme', new Set(['a.d/readme']))).toBe('a.d/readme.1');
    expect(uniquePath('a/.hidden', new Set(['a/.hidden']))).toBe('a/.hidden.1');
  });
});
