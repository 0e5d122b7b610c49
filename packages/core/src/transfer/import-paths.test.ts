import { describe, expect, it } from 'vitest';
import {
  archivePathSegments,
  hiddenPath,
  importKind,
  isHiddenFile,
  isHiddenFolder,
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
  it('are the folders tools keep beside the notes, a fixed list, and nothing else', () => {
    for (const name of ['.git', '.hg', '.svn', '.obsidian', '.trash', '.Trash', '.vscode']) {
      expect(isHiddenFolder(name), name).toBe(true);
    }
    for (const name of ['.idea', 'node_modules', '$RECYCLE.BIN', '.stversions']) {
      expect(isHiddenFolder(name), name).toBe(true);
    }
    // A folder of the user's that begins with a dot, or one archiveLayout names so, is not.
    for (const name of ['.drafts', '.notes', '..1', '...1', '.', 'Notes', '.GIT', 'git']) {
      expect(isHiddenFolder(name), name).toBe(false);
    }
  });

  it('are dot-named files the import would not take anyway, never a dot-named note', () => {
    for (const name of ['.gitignore', '.editorconfig', '.env', '.md', '.git']) {
      expect(isHiddenFile(name), name).toBe(true);
    }
    for (const name of ['.plan.md', '.Draft.markdown', '.page.html', '.a.png', '.x.zip']) {
      expect(isHiddenFile(name), name).toBe(false);
    }
    // Not dot-named: listed as not imported, not hidden.
    expect(isHiddenFile('slides.pdf')).toBe(false);
  });

  it('hide what is inside them, from the first one on the path', () => {
    expect(hiddenPath(['Vault', '.obsidian', 'plugins', 'x.json'])).toBe('Vault/.obsidian');
    expect(hiddenPath(['.git', 'objects', 'ab', 'cdef'])).toBe('.git');
    expect(hiddenPath(['web', 'node_modules', '.bin', 'x'])).toBe('web/node_modules');
    expect(hiddenPath(['Vault', '.gitignore'])).toBe('Vault/.gitignore');
    expect(hiddenPath(['Vault', 'a.md'])).toBeNull();
    // A folder is told from a file by where it is, or by `folder` for the last segment.
    expect(hiddenPath(['Vault', '.git'])).toBe('Vault/.git');
    expect(hiddenPath(['Vault', '.git'], 0, true)).toBe('Vault/.git');
    expect(hiddenPath(['Vault', '.obsidian'], 0, true)).toBe('Vault/.obsidian');
    expect(hiddenPath(['Vault', '.obsidian'])).toBe('Vault/.obsidian');
    // What the user chose or dropped itself is spared when told so: only its inside is hidden.
    expect(hiddenPath(['.git', 'a.md'], 1)).toBeNull();
    expect(hiddenPath(['.notes', '.git', 'HEAD'], 1)).toBe('.notes/.git');
    expect(hiddenPath(['.env'], 1)).toBeNull();
  });

  it('are not the dot-named folders and notes of a workspace', () => {
    expect(hiddenPath(['.drafts'], 0, true)).toBeNull();
    expect(hiddenPath(['.drafts', 'Plan.md'])).toBeNull();
    expect(hiddenPath(['.plan.md'])).toBeNull();
    expect(hiddenPath(['..1', '.hidden.md'])).toBeNull();
  });
});
