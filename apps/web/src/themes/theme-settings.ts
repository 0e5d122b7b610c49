import { CUSTOM_THEME, DEFAULT_THEME, type ThemeKind, themesOf } from './catalogue';

/** The chosen themes and the custom styles, kept in the workspace's `localSettings` data item
 * (fields `editTheme`, `previewTheme`, `customEditThemeStyle`, `customPreviewThemeStyle`) beside
 * whatever else that item holds. A custom style is undefined until the user first saves one. */
export interface ThemeSettings {
  editTheme: string;
  previewTheme: string;
  customEditThemeStyle?: string;
  customPreviewThemeStyle?: string;
}

/** The theme settings before the user chooses any: default themes, no custom styles. */
export const DEFAULT_THEME_SETTINGS: Readonly<ThemeSettings> = Object.freeze({
  editTheme: DEFAULT_THEME,
  previewTheme: DEFAULT_THEME,
});

/** The field of ThemeSettings holding a pane's chosen theme. */
export function chosenKey(kind: ThemeKind): 'editTheme' | 'previewTheme' {
  return kind === 'edit' ? 'editTheme' : 'previewTheme';
}

/** The field of ThemeSettings holding a pane's custom style. */
export function customKey(kind: ThemeKind): 'customEditThemeStyle' | 'customPreviewThemeStyle' {
  return kind === 'edit' ? 'customEditThemeStyle' : 'customPreviewThemeStyle';
}

/** Reads the theme settings of a stored `localSettings` data: an unknown theme (a damaged
 * record, a theme of a later version) is the default one, a custom style must be text. */
export function readThemeSettings(stored: unknown): ThemeSettings {
  const record = typeof stored === 'object' && stored !== null ? stored : {};
  const fields = record as Record<string, unknown>;
  const result: ThemeSettings = { ...DEFAULT_THEME_SETTINGS };
  for (const kind of ['edit', 'preview'] as const) {
    const chosen = fields[chosenKey(kind)];
    if (typeof chosen === 'string' && themesOf(kind).some((theme) => theme.id === chosen)) {
      result[chosenKey(kind)] = chosen;
    }
    const custom = fields[customKey(kind)];
    if (typeof custom === 'string') result[customKey(kind)] = custom;
  }
  return result;
}

/** Whether choosing a theme needs its custom style written first: custom with none stored
 * (spec interface §2: the side bar then opens on the theme panel). */
export function needsCustomStyle(settings: ThemeSettings, kind: ThemeKind, id: string): boolean {
  return id === CUSTOM_THEME && settings[customKey(kind)] === undefined;
}
