// Spec providers §7 and §9 for cloud drive D: the path rule, the default paths, and the JSON
// Dropbox takes in a header.
import { describe, expect, it } from 'vitest';
import { DROPBOX_PATH_ERROR, restrictedFolder } from './constants.js';
import {
  defaultPublishPath,
  defaultSyncPath,
  DropboxFieldError,
  headerSafeJson,
  readDropboxPath,
  shownPath,
} from './dropbox-path.js';

describe('readDropboxPath', () => {
  it('takes a path that starts with a slash, trimmed', () => {
    expect(readDropboxPath('  /Notes/Chapter 1.md ')).toBe('/Notes/Chapter 1.md');
    expect(readDropboxPath('/Café & co (draft).md')).toBe('/Café & co (draft).md');
  });

  it.each([
    ['Notes/a.md', 'no leading slash'],
    ['', 'empty'],
    ['/', 'only the slash'],
    ['/Notes/', 'a folder'],
    ['/a\\b.md', 'a backslash'],
    ['/a<b.md', 'an angle bracket'],
    ['/a>b.md', 'an angle bracket'],
    ['/a:b.md', 'a colon'],
    ['/a"b.md', 'a quote'],
    ['/a|b.md', 'a pipe'],
    ['/a?.md', 'a question mark'],
    ['/*.md', 'an asterisk'],
  ])('refuses %j (%s) on the path field, saying the rule', (value) => {
    let thrown: unknown;
    try {
      readDropboxPath(value);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DropboxFieldError);
    expect(thrown).toMatchObject({ field: 'path', message: DROPBOX_PATH_ERROR });
  });
});

describe('the default paths', () => {
  it('name the file after the document, .html to publish and .md to sync', () => {
    expect(defaultPublishPath('My notes')).toBe('/My notes.html');
    expect(defaultSyncPath('My notes')).toBe('/My notes.md');
  });

  it('make a path the rule takes of any file name', () => {
    for (const name of ['What? Why: a <draft>', 'a|b*c"d\\e', '???', '']) {
      expect(() => readDropboxPath(defaultPublishPath(name))).not.toThrow();
    }
    expect(defaultPublishPath('What? Why: a <draft>')).toBe('/What Why a draft.html');
    expect(defaultPublishPath('???')).toBe('/Untitled.html');
  });

  it('show an app folder path under the restricted folder', () => {
    expect(shownPath('/a.md', restrictedFolder('Inkstone'))).toBe(
      '/Applications/Inkstone (restricted)/a.md',
    );
    expect(shownPath('/a.md')).toBe('/a.md');
  });
});

describe('headerSafeJson', () => {
  it('writes every character from U+007F up as an escape, and reads back the same value', () => {
    const arg = { path: '/Café – 日本語 😀\u007f.md', mode: { '.tag': 'overwrite' } };
    const header = headerSafeJson(arg);
    expect(header).toMatch(/^[\u0020-\u007e]*$/);
    expect(header).toContain('Caf\\u00e9');
    expect(header).toContain('\\ud83d\\ude00');
    expect(JSON.parse(header)).toEqual(arg);
  });
});
