import { describe, expect, it } from 'vitest';
import { defaultSettings } from '@inkstone/core';
import { keyLabel, resolveShortcuts } from './shortcuts';
import { COMMANDS } from './registry';

describe('resolveShortcuts', () => {
  it('gives every command its default keys', () => {
    const keys = resolveShortcuts({});
    expect(keys.bold).toEqual(['Mod-b']);
    expect(keys.redo).toEqual(['Mod-Shift-z', 'Mod-y']);
    expect(Object.keys(keys)).toEqual(COMMANDS.map((command) => command.name));
  });

  it('lets the user replace, add and remove keys', () => {
    const keys = resolveShortcuts({
      bold: 'Mod-Alt-b',
      italic: ['Mod-i', ' Alt-i '],
      heading: '',
      table: null,
      unknown: 'Mod-q',
    });
    expect(keys.bold).toEqual(['Mod-Alt-b']);
    expect(keys.italic).toEqual(['Mod-i', 'Alt-i']);
    expect(keys.heading).toEqual([]);
    expect(keys.table).toEqual([]);
    expect(keys.code).toEqual(['Mod-e']);
  });

  it('keeps the default for a value of another type', () => {
    expect(resolveShortcuts({ bold: 42, italic: [1] }).bold).toEqual(['Mod-b']);
    expect(resolveShortcuts({ italic: [1] }).italic).toEqual(['Mod-i']);
  });

  it('are the keys the default settings list', () => {
    expect(resolveShortcuts(defaultSettings().shortcuts)).toEqual(resolveShortcuts({}));
  });

  it('has no key bound to two commands by default', () => {
    const all = Object.values(resolveShortcuts({})).flat();
    expect(new Set(all).size).toBe(all.length);
  });
});

describe('keyLabel', () => {
  it('names keys as a person reads them', () => {
    expect(keyLabel('Mod-Shift-z')).toBe('Ctrl+Shift+Z');
    expect(keyLabel('Mod-b', true)).toBe('⌘+B');
    expect(keyLabel('Mod-Shift-.')).toBe('Ctrl+Shift+.');
    expect(keyLabel('Alt--')).toBe('Alt+-');
  });
});
