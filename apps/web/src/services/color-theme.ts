import { type ColorThemeSetting } from '@inkstone/core';

/** The localStorage key that remembers this browser's last colorTheme setting (light, dark or
 * system), so that the next start paints in the right colours at once, before the workspace
 * (and its settings) is open. */
export const COLOR_THEME_KEY = 'inkstone.colorTheme';

/** A light or dark colour theme, as shown. */
export type ColorTheme = 'light' | 'dark';

/** The media query of a system set to dark colours. */
export const SYSTEM_DARK_QUERY = '(prefers-color-scheme: dark)';

/** The script the root layout runs in <head>, before the page paints: it sets the colour theme
 * the remembered setting gives, the system's when the user has not picked one (or on a first
 * visit). It is inline and tiny on purpose: the static export has no server to read a cookie,
 * and a script file would be fetched after the first paint. */
export const COLOR_THEME_SCRIPT = `try{var t=localStorage.getItem(${JSON.stringify(COLOR_THEME_KEY)});if(t==='dark'||t!=='light'&&matchMedia(${JSON.stringify(SYSTEM_DARK_QUERY)}).matches)document.documentElement.setAttribute('data-color-theme','dark')}catch(e){}`;

/** The colour theme a setting gives, `system` the system's. */
export function resolveColorTheme(setting: ColorThemeSetting, system: ColorTheme): ColorTheme {
  return setting === 'system' ? system : setting;
}

/** The system's colour theme now: dark when it prefers dark colours, else light (also where
 * the browser cannot say). */
export function systemColorTheme(): ColorTheme {
  if (typeof matchMedia !== 'function') return 'light';
  return matchMedia(SYSTEM_DARK_QUERY).matches ? 'dark' : 'light';
}

/** Calls `listener` whenever the system's colour theme changes; returns what stops it. */
export function onSystemColorThemeChange(listener: () => void): () => void {
  if (typeof matchMedia !== 'function') return () => {};
  const query = matchMedia(SYSTEM_DARK_QUERY);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

/** Shows the interface in `theme`, and remembers the setting that gave it for the next start. */
export function applyColorTheme(theme: ColorTheme, setting: ColorThemeSetting): void {
  document.documentElement.setAttribute('data-color-theme', theme);
  try {
    localStorage.setItem(COLOR_THEME_KEY, setting);
  } catch {
    // Not remembered: the next start paints as the system says until the settings are read.
  }
}
