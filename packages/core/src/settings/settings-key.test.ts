import { describe, expect, it } from 'vitest';
import { setSettingsKey } from './settings-key.js';
import { readSettings } from './read-settings.js';
import { CUSTOM_SETTINGS_TEMPLATE } from './user-settings.js';

describe('setSettingsKey', () => {
  it('replaces a value and keeps the other keys and the comments', () => {
    const text = '# My settings\nfontSizeFactor: 1.2 # bigger\ncolorTheme: light\n# the end\n';
    const result = setSettingsKey(text, ['colorTheme'], 'dark');
    if (!result.ok) throw new Error(result.error);
    expect(result.text).toMatch(
      /^# My settings\nfontSizeFactor: 1\.2 # bigger\ncolorTheme: dark\n/,
    );
    expect(result.text).toContain('# the end');
  });

  it('adds a missing key after the comments-only template', () => {
    const result = setSettingsKey(CUSTOM_SETTINGS_TEMPLATE, ['colorTheme'], 'dark');
    if (!result.ok) throw new Error(result.error);
    expect(result.text.startsWith(CUSTOM_SETTINGS_TEMPLATE)).toBe(true);
    expect(result.text).toMatch(/^colorTheme: dark$/m);
    expect(readSettings(result.text).settings.colorTheme).toBe('dark');
  });

  it('adds a key to an empty text', () => {
    expect(setSettingsKey('', ['colorTheme'], 'light')).toEqual({
      ok: true,
      text: 'colorTheme: light\n',
    });
  });

  it('sets a nested key inside an existing map, keeping its siblings', () => {
    const text = 'editor:\n  # numbering\n  listAutoNumber: false\ncolorTheme: dark\n';
    const result = setSettingsKey(text, ['editor', 'inlineImages'], false);
    expect(result).toEqual({
      ok: true,
      text: 'editor:\n  # numbering\n  listAutoNumber: false\n  inlineImages: false\ncolorTheme: dark\n',
    });
  });

  it('creates the maps of a nested key that is missing', () => {
    const result = setSettingsKey('colorTheme: dark\n', ['editor', 'inlineImages'], false);
    if (!result.ok) throw new Error(result.error);
    expect(readSettings(result.text).settings.editor.inlineImages).toBe(false);
    expect(readSettings(result.text).settings.colorTheme).toBe('dark');
  });

  it('refuses invalid YAML and a text that is not a map', () => {
    expect(setSettingsKey('editor: [', ['colorTheme'], 'dark').ok).toBe(false);
    expect(setSettingsKey('- a\n- b\n', ['colorTheme'], 'dark').ok).toBe(false);
    expect(setSettingsKey('editor: 3\n', ['editor', 'inlineImages'], false).ok).toBe(false);
  });
});
