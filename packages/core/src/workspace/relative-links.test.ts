import { describe, expect, it } from 'vitest';
import { type FileItem, type FolderItem } from '../items/types.js';
import { findLinkedFile, isRelativeLink, resolveLinkPath } from './relative-links.js';

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

describe('relative links between files (spec core §2)', () => {
  it('tells workspace links from external and hash links', () => {
    for (const href of ['notes.md', './a/b.md', '../up.md', 'my%20file.md', 'x.md#part']) {
      expect(isRelativeLink(href), href).toBe(true);
    }
    for (const href of ['https://x.org', 'mailto:a@b.c', '#part', '//cdn.org/x', '/abs', '']) {
      expect(isRelativeLink(href), href).toBe(false);
    }
  });

  it("resolves against the linking file's folder", () => {
    expect(resolveLinkPath('docs/guide.md', 'intro.md')).toBe('docs/intro.md');
    expect(resolveLinkPath('docs/guide.md', '../README.md#top')).toBe('README.md');
    expect(resolveLinkPath('docs/guide.md', './sub/a%20b.md?x=1')).toBe('docs/sub/a b.md');
    expect(resolveLinkPath('guide.md', '../escape.md')).toBeNull();
  });

  it('finds the file, with or without .md, never in the trash', () => {
    const folders = [folder('d', 'docs')];
    const files = [
      file('g', 'guide', 'd'),
      file('i', 'intro', 'd'),
      file('r', 'README'),
      file('t', 'trashed', 'trash'),
    ];
    expect(findLinkedFile(files, folders, 'g', 'intro.md')?.id).toBe('i');
    expect(findLinkedFile(files, folders, 'g', 'intro')?.id).toBe('i');
    expect(findLinkedFile(files, folders, 'g', '../README.md')?.id).toBe('r');
    expect(findLinkedFile(files, folders, 'g', 'missing.md')).toBeUndefined();
    expect(findLinkedFile(files, folders, 'r', '.inkstone-trash/trashed.md')).toBeUndefined();
    expect(findLinkedFile(files, folders, 'g', 'https://x.org/intro.md')).toBeUndefined();
  });
});
