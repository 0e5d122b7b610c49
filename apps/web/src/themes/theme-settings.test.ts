import { describe, expect, it } from 'vitest';
import { isStylesheetTheme, themeStyleId, themeUrl } from './catalogue';
import { DEFAULT_THEME_SETTINGS, needsCustomStyle, readThemeSettings } from './theme-settings';

describe('theme settings', () => {
  it('reads the chosen themes and custom styles, keeping defaults for anything else', () => {
    expect(readThemeSettings(undefined)).toEqual(DEFAULT_THEME_SETTINGS);
    expect(
      readThemeSettings({
        editTheme: 'carbonight',
        previewTheme: 'no-such-theme',
        customPreviewThemeStyle: '.preview { color: red }',
        customEditThemeStyle: 42,
        syncSub: 'kept elsewhere',
      }),
    ).toEqual({
      editTheme: 'carbonight',
      previewTheme: 'default',
      customPreviewThemeStyle: '.preview { color: red }',
    });
  });

  it('asks for a custom style only when custom is chosen without one', () => {
    expect(needsCustomStyle(DEFAULT_THEME_SETTINGS, 'edit', 'custom')).toBe(true);
    expect(needsCustomStyle(DEFAULT_THEME_SETTINGS, 'edit', 'azure')).toBe(false);
    const saved = { ...DEFAULT_THEME_SETTINGS, customEditThemeStyle: '' };
    expect(needsCustomStyle(saved, 'edit', 'custom')).toBe(false);
    expect(needsCustomStyle(saved, 'preview', 'custom')).toBe(true);
  });

  it('loads only real themes from stylesheets named and identified by the theme', () => {
    expect(isStylesheetTheme('edit', 'azure')).toBe(true);
    expect(isStylesheetTheme('edit', 'default')).toBe(false);
    expect(isStylesheetTheme('preview', 'custom')).toBe(false);
    expect(isStylesheetTheme('preview', '../secrets')).toBe(false);
    expect(themeUrl('preview', 'smart-blue')).toBe('/themes/preview-theme-smart-blue.css');
    expect(themeStyleId('edit', 'azure')).toBe('azure-edit-theme');
  });
});
