import { describe, expect, it } from 'vitest';
import {
  archivePathSegments,
  hiddenPath,
  importKind,
  isHiddenName,
  isSystemFile,
} from './import-paths.js';

describe('what an imported file becomes', () => {
  it('goes by the extension, in any case', () => {
    expect(importKind('a.md')).toBe('markdown');
    expect(importKind('A.MARKDOWN')).toBe('markdown');
    expect(importKind('notes.txt')).toBe('markdown');
    expect(importKind('page.HTM')).toBe('html');
    expect(importKind('page.v2.html')).toBe('html');
    expect(importKind('photo.JPEG')).toBe('image');
    expect(importKind('drawing.svg')).toBe('image');
    expect(importKind('export.zip')).toBe('zip');
    expect(importKind('report.pdf')).toBe('unsupported');
    expect(importKind('README')).toBe('unsupported');
    // A leading dot starts a name, not an extension.
    expect(importKind('.md')).toBe('unsupported');
  });
});

describe('paths inside a zip or a folder', () => {
  it('are split on slashes, without empty or . segments', () => {
    expect(archivePathSegments('Notes/./Old//a.md')).toEqual(['Notes', 'Old', 'a.md']);
    expect(archivePathSegments('/Notes/')).toEqual(['Notes']);
    expect(archivePathSegments('a\\b.md')).toEqual(['a\\b.md']);
  });

  it('never climb above the place the import goes to', () => {
    expect(archivePathSegments('Notes/../a.md')).toEqual(['a.md']);
    expect(archivePathSegments('../../../etc/passwd.md')).toEqual(['etc', 'passwd.md']);
  });

  it('pass over what the system leaves beside the files', () => {
    expect(isSystemFile(['__MACOSX', 'Notes', '._a.md'])).toBe(true);
    expect(isSystemFile(['Notes', '.DS_Store'])).toBe(true);
    expect(isSystemFile(['Thumbs.db'])).toBe(true);
    expect(isSystemFile(['Notes', 'a.md'])).toBe(false);
    expect(isSystemFile(['.notes', 'a.md'])).toBe(false);
  });
});

describe('hidden files and folders', () => {
  it('are dot names and node_modules', () => {
    for (const name of ['.git', '.obsidian', '.trash', '.gitignore', '.env', 'node_modules']) {
      expect(isHiddenName(name), name).toBe(true);
    }
    for (const name of ['notes.md', 'Notes', 'modules', 'a.b']) {
      expect(isHiddenName(name), name).toBe(false);
    }
  });

  it('hide what is inside them, from the first one on the path', () => {
    expect(hiddenPath(['Vault', '.obsidian', 'plugins', 'x.json'])).toBe('Vault/.obsidian');
    expect(hiddenPath(['.git', 'objects', 'ab', 'cdef'])).toBe('.git');
    expect(hiddenPath(['web', 'node_modules', '.bin', 'x'])).toBe('web/node_modules');
    expect(hiddenPath(['Vault', 'a.md'])).toBeNull();
    // What the user chose or dropped itself is spared when told so: only its inside is hidden.
    expect(hiddenPath(['.notes', 'a.md'], 1)).toBeNull();
    expect(hiddenPath(['.notes', '.git', 'HEAD'], 1)).toBe('.notes/.git');
    expect(hiddenPath(['.hidden.md'], 1)).toBeNull();
  });
});
