import { describe, expect, it } from 'vitest';
import { withHash } from '../../items/hash.js';
import { type ContentItem, type FileItem, type FolderItem, type Item } from '../../items/types.js';
import { contentDataText, contentPaths, derivedId } from './layout.js';

const file = (id: string, name: string, parentId: string | null = null) =>
  withHash<FileItem>({ id, type: 'file', name, parentId });
const folder = (id: string, name: string, parentId: string | null = null) =>
  withHash<FolderItem>({ id, type: 'folder', name, parentId });
const byId = (...items: Item[]) => new Map(items.map((item) => [item.id, item]));

describe('git workspace layout', () => {
  it('puts each text at {folders}/{name}.md, the trash in .inkstone-trash/, a text without its file in .inkstone-data/', () => {
    const items = byId(
      folder('a', 'Book'),
      folder('b', 'Part 1', 'a'),
      file('f1', 'Chapter', 'b'),
      file('f2', 'Intro'),
      { ...file('f3', 'Old', 'trash'), trashedAt: 1 } as Item,
      file('f4', 'Lost', 'no-such-folder'),
    );
    const paths = contentPaths(['f1', 'f2', 'f3', 'f4', 'f5'], items);
    expect(Object.fromEntries(paths)).toEqual({
      f1: 'Book/Part 1/Chapter.md',
      f2: 'Intro.md',
      f3: '.inkstone-trash/Old.md',
      f4: '.inkstone-data/f4.md',
      f5: '.inkstone-data/f5.md',
    });
  });

  it('gives the second of two files that would share a path (in any case) its id, and never a slash in a name', () => {
    const items = byId(file('x1', 'Notes'), file('x2', 'notes'), file('x3', 'a/b'));
    expect(Object.fromEntries(contentPaths(['x2', 'x1', 'x3'], items))).toEqual({
      x1: 'Notes.md',
      x2: 'notes (x2).md',
      x3: 'a_b.md',
    });
  });

  it('makes the same 16-character id from the same path, and another for a folder', () => {
    const id = derivedId('file', 'notes/a.md');
    expect(id).toMatch(/^[0-9a-zA-Z]{16}$/);
    expect(derivedId('file', 'notes/a.md')).toBe(id);
    expect(derivedId('folder', 'notes/a.md')).not.toBe(id);
    expect(derivedId('file', 'notes/b.md')).not.toBe(id);
  });

  it('writes a data file only for content with properties, discussions, comments or history', () => {
    const content = (extra: Partial<ContentItem>) =>
      withHash<ContentItem>({
        id: 'f/content',
        type: 'content',
        text: 'Text',
        properties: '',
        discussions: {},
        comments: {},
        history: [],
        ...extra,
      });
    expect(contentDataText(content({}))).toBeNull();
    const data = JSON.parse(contentDataText(content({ properties: 'title: T\n' }))!) as object;
    expect(data).toEqual({ properties: 'title: T\n' });
    expect(contentDataText(content({ history: ['h'] }))).toContain('"h"');
  });
});
