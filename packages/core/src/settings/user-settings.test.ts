import { describe, expect, it } from 'vitest';
import { readSettings } from './read-settings.js';
import {
  CUSTOM_SETTINGS_TEMPLATE,
  DEFAULT_SETTINGS_YAML,
  defaultSettings,
  isBlankYaml,
} from './user-settings.js';
import { parseYamlObject } from '../properties/yaml.js';

describe('user settings', () => {
  it('has the defaults of the spec', () => {
    const settings = defaultSettings();
    // The spec's default is light; since issue 24 the colours follow the system's setting until
    // the user picks light or dark (docs/concepts/themes.md).
    expect(settings.colorTheme).toBe('system');
    expect(settings.autoSyncEvery).toBe(90000);
    expect(settings.editor.inlineImages).toBe(true);
    expect(settings.extensions).toEqual({ preset: 'default' });
    expect(settings.turndown).toMatchObject({ headingStyle: 'atx', hr: '---', fence: '```' });
  });

  it('has the commit messages, the PDF page and the pandoc options of the spec', () => {
    const settings = defaultSettings();
    expect(settings.wkhtmltopdf).toEqual({
      pageSize: 'A4',
      marginTop: 25,
      marginRight: 25,
      marginBottom: 25,
      marginLeft: 25,
    });
    expect(settings.pandoc).toEqual({ highlightStyle: 'kate', toc: true, tocDepth: 3 });
    expect(settings.git.updateFileMessage).toContain('{{path}}');
    const custom = readSettings(
      'git:\n  updateFileMessage: Edit {{path}}\npandoc:\n  tocDepth: 2\n',
    );
    expect(custom.settings.git.updateFileMessage).toBe('Edit {{path}}');
    expect(custom.settings.git.createFileMessage).toContain('created');
    expect(custom.settings.pandoc.tocDepth).toBe(2);
  });

  it('reads turndown options of the custom settings', () => {
    const { settings } = readSettings('turndown:\n  headingStyle: setext\n  emDelimiter: "*"\n');
    expect(settings.turndown).toMatchObject({ headingStyle: 'setext', emDelimiter: '*' });
    expect(settings.turndown.strongDelimiter).toBe('**');
  });

  it('merges custom settings over the defaults, key by key', () => {
    const { settings, error } = readSettings(
      'colorTheme: dark\neditor:\n  inlineImages: false\nextensions:\n  preset: gfm\n  katex: true\n',
    );
    expect(error).toBeUndefined();
    expect(settings.colorTheme).toBe('dark');
    expect(settings.editor).toMatchObject({ inlineImages: false, listAutoNumber: true });
    expect(settings.extensions).toEqual({ preset: 'gfm', katex: true });
  });

  it('takes light or dark as chosen, and follows the system otherwise', () => {
    expect(readSettings('colorTheme: light\n').settings.colorTheme).toBe('light');
    expect(readSettings('colorTheme: dark\n').settings.colorTheme).toBe('dark');
    expect(readSettings('colorTheme: system\n').settings.colorTheme).toBe('system');
    expect(readSettings('fontSizeFactor: 2\n').settings.colorTheme).toBe('system');
    expect(readSettings('colorTheme: purple\n').settings.colorTheme).toBe('system');
    expect(readSettings('colorTheme: [dark]\n').settings.colorTheme).toBe('system');
  });

  it('lets custom shortcuts replace the keys of their commands only', () => {
    expect(defaultSettings().shortcuts).toMatchObject({
      bold: 'Mod-b',
      redo: ['Mod-Shift-z', 'Mod-y'],
    });
    expect(defaultSettings().editor.vimMode).toBe(false);
    const { settings } = readSettings('shortcuts:\n  bold: Mod-Alt-b\n  italic:\n  mine: x\n');
    expect(settings.shortcuts).toMatchObject({
      bold: 'Mod-Alt-b',
      italic: null,
      mine: 'x',
      code: 'Mod-e',
    });
    expect(readSettings('shortcuts: none\n').settings.shortcuts).toEqual(
      defaultSettings().shortcuts,
    );
  });

  it('starts from comments only, which change nothing', () => {
    expect(readSettings(CUSTOM_SETTINGS_TEMPLATE)).toEqual({ settings: defaultSettings() });
  });

  it('keeps defaults for values of the wrong type, and enforces the sync minimum', () => {
    const { settings } = readSettings(
      'editor:\n  inlineImages: maybe\nautoSyncEvery: 1000\nunknown: 1\n',
    );
    expect(settings.editor.inlineImages).toBe(true);
    expect(settings.autoSyncEvery).toBe(60000);
    expect(settings).not.toHaveProperty('unknown');
  });

  it('reports invalid YAML and falls back to the defaults', () => {
    const { settings, error } = readSettings('editor: [');
    expect(error).toBeDefined();
    expect(settings).toEqual(defaultSettings());
  });

  it('gives the defaults that DEFAULT_SETTINGS_YAML, the text the settings dialog shows, says', () => {
    const parsed = parseYamlObject(DEFAULT_SETTINGS_YAML);
    expect(parsed.ok).toBe(true);
    expect(parsed.ok && parsed.value).toEqual(defaultSettings());
  });

  it('tells a text of blank lines and comments only from one that holds a value', () => {
    expect(isBlankYaml(CUSTOM_SETTINGS_TEMPLATE)).toBe(true);
    expect(isBlankYaml('')).toBe(true);
    expect(isBlankYaml('  # indented comment\r\n\n\t\n')).toBe(true);
    expect(isBlankYaml('# comment\ncolorTheme: dark\n')).toBe(false);
    expect(isBlankYaml('  colorTheme: dark # a comment after a value\n')).toBe(false);
    expect(isBlankYaml('---\n')).toBe(false);
    expect(isBlankYaml('{}')).toBe(false);
    // What the app reads without the parser is what the parser reads: the defaults.
    for (const text of [CUSTOM_SETTINGS_TEMPLATE, '', '  # indented comment\r\n\n']) {
      expect(readSettings(text)).toEqual({ settings: defaultSettings() });
    }
  });
});
