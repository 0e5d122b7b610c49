import { describe, expect, it } from 'vitest';
import { DATA_FOLDER_NAME, TRASH_FOLDER_NAME } from '../constants.js';
import {
  assertFolderNameAllowed,
  isFolderNameAllowed,
  UNAUTHORIZED_NAME_MESSAGE,
  UnauthorizedNameError,
} from './folder-name.js';

describe('V3 folder names (core §5: data and trash folder names, .md, .sync, .publish refused)', () => {
  it.each([
    DATA_FOLDER_NAME,
    TRASH_FOLDER_NAME,
    '.inkstone-data',
    '.inkstone-trash',
    '.stackedit-data',
    '.stackedit-trash',
    'notes.md',
    '.md',
    'a.sync',
    'a.publish',
    'archive.2024.md',
  ])('refuses %j with the error "Unauthorized name."', (name) => {
    expect(isFolderNameAllowed(name)).toBe(false);
    expect(() => assertFolderNameAllowed(name)).toThrow(UnauthorizedNameError);
    expect(() => assertFolderNameAllowed(name)).toThrow(/^Unauthorized name\.$/);
  });

  it.each([
    'Notes',
    'Untitled',
    'inkstone-data',
    '.inkstone-data2',
    'x.inkstone-trash',
    'notes.markdown',
    'md',
    'a.md.d',
    'sync',
    'a.publishing',
    'Notes.MD',
  ])('accepts %j', (name) => {
    expect(isFolderNameAllowed(name)).toBe(true);
    expect(() => assertFolderNameAllowed(name)).not.toThrow();
  });

  it('raises an Error whose message is the spec text exactly and which names the folder', () => {
    expect(UNAUTHORIZED_NAME_MESSAGE).toBe('Unauthorized name.');
    let caught: unknown;
    try {
      assertFolderNameAllowed('x.md');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(Error);
    expect(caught).toBeInstanceOf(UnauthorizedNameError);
    expect((caught as UnauthorizedNameError).message).toBe('Unauthorized name.');
    expect((caught as UnauthorizedNameError).name).toBe('UnauthorizedNameError');
    expect((caught as UnauthorizedNameError).folderName).toBe('x.md');
  });
});
