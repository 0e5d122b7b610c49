/** Which pane a theme styles: the editing area or the preview area (spec interface §2). */
export type ThemeKind = 'edit' | 'preview';

/** A theme the user can choose: its id (in file names and style ids) and its name as shown. */
export interface ThemeEntry {
  id: string;
  label: string;
}

/** The theme with no extra styles: the pane follows the light or dark colour theme. */
export const DEFAULT_THEME = 'default';
/** The theme whose style the user writes and saves. */
export const CUSTOM_THEME = 'custom';

/** The editor themes, in the spec's order and by the spec's names. */
export const EDIT_THEMES: readonly ThemeEntry[] = [
  'default',
  'azure',
  'iceberg_contrast',
  'dawn',
  'peacock',
  'mintchoc',
  'spearmint',
  'slate',
  'carbonight',
  'solarized_light',
  'espresso_libre',
  'lavender',
  'solarflare',
  'clouds',
  'clouds_midnight',
  'github',
  'custom',
].map((id) => ({ id, label: id }));

/** The preview themes, in the spec's order; the names as the spec gives them. */
export const PREVIEW_THEMES: readonly ThemeEntry[] = [
  { id: 'default', label: 'Default' },
  { id: 'curdled-night-violet', label: 'Curdled night violet' },
  { id: 'grassland-green', label: 'Grassland green' },
  { id: 'yanqi-lake', label: 'Yanqi Lake' },
  { id: 'smart-blue', label: 'Smart Blue' },
  { id: 'geek-black', label: 'Geek Black' },
  { id: 'minimalist-black', label: 'Minimalist black' },
  { id: 'full-stack-blue', label: 'Full stack blue' },
  { id: 'custom', label: 'Custom' },
];

/** The themes of a pane. */
export function themesOf(kind: ThemeKind): readonly ThemeEntry[] {
  return kind === 'edit' ? EDIT_THEMES : PREVIEW_THEMES;
}

/** Whether a theme comes from a stylesheet of public/themes/ (all but default and custom). */
export function isStylesheetTheme(kind: ThemeKind, id: string): boolean {
  return id !== DEFAULT_THEME && id !== CUSTOM_THEME && themesOf(kind).some((t) => t.id === id);
}

/** Where a theme's stylesheet is served (spec interface §2: /themes/{kind}-theme-{name}). */
export function themeUrl(kind: ThemeKind, id: string): string {
  return `/themes/${kind}-theme-${id}.css`;
}

/** The id of the style element of a theme: prefixed by the theme's name (spec interface §2). */
export function themeStyleId(kind: ThemeKind, id: string): string {
  return `${id}-${kind}-theme`;
}

/** The side bar panel of a pane's themes (spec interface §2). */
export function themePanel(kind: ThemeKind): 'editTheme' | 'previewTheme' {
  return kind === 'edit' ? 'editTheme' : 'previewTheme';
}

/** The info shown once a custom theme style is saved (spec interface §2, exactly). */
export const CUSTOM_THEME_SAVED = 'Successfully saved the custom theme style!';

/** The error shown when a theme's stylesheet cannot be loaded. */
export function themeLoadFailed(kind: ThemeKind, label: string): string {
  const area = kind === 'edit' ? 'edit area' : 'preview area';
  return `The ${area} theme “${label}” could not be loaded. Check your connection and choose it again.`;
}
