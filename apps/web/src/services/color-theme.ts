/** The localStorage key that remembers the last colour theme of this browser, so the next
 * start paints dark at once, before the workspace (and its settings) is open. */
export const COLOR_THEME_KEY = 'inkstone.colorTheme';

/** A light or dark colour theme (the colorTheme setting, spec interface §3). */
export type ColorTheme = 'light' | 'dark';

/** The script the root layout runs in <head>, before the page paints: it sets the colour theme
 * remembered by `applyColorTheme`. It is inline and tiny on purpose: the static export has no
 * server to read a cookie, and a script file would be fetched after the first paint. */
export const COLOR_THEME_SCRIPT = `try{if(localStorage.getItem(${JSON.stringify(COLOR_THEME_KEY)})==='dark')document.documentElement.setAttribute('data-color-theme','dark')}catch(e){}`;

/** Shows the interface in a colour theme, and remembers it for the next start. */
export function applyColorTheme(theme: ColorTheme): void {
  document.documentElement.setAttribute('data-color-theme', theme);
  try {
    localStorage.setItem(COLOR_THEME_KEY, theme);
  } catch {
    // Not remembered: the next start paints light until the settings are read.
  }
}
