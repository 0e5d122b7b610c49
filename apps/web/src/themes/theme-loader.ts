import { type ThemeKind, themeStyleId, themeUrl } from './catalogue';

const loaded = new Map<string, Promise<string>>();

/** The text of a theme's stylesheet, fetched from public/themes/ the first time it is asked
 * for (a theme is never fetched before the user chooses it or opens its panel). A failed fetch
 * rejects, and is tried again at the next call. */
export function fetchThemeStyle(kind: ThemeKind, id: string): Promise<string> {
  const url = themeUrl(kind, id);
  let text = loaded.get(url);
  if (!text) {
    text = fetch(url).then((response) => {
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      return response.text();
    });
    text.catch(() => loaded.delete(url));
    loaded.set(url, text);
  }
  return text;
}

/** Shows a pane's theme: one style element per pane, with an id prefixed by the theme's name
 * (spec interface §2), replacing the one shown before. No style (`undefined`) shows the pane
 * in the default theme. */
export function showThemeStyle(kind: ThemeKind, id: string, style: string | undefined): void {
  const selector = `style[data-ink-theme="${kind}"]`;
  let element = document.head.querySelector<HTMLStyleElement>(selector);
  if (style === undefined) {
    element?.remove();
    return;
  }
  if (!element) {
    element = document.createElement('style');
    element.dataset.inkTheme = kind;
    // After the app's own stylesheets, so that the theme wins over the defaults.
    document.head.append(element);
  }
  element.id = themeStyleId(kind, id);
  if (element.textContent !== style) element.textContent = style;
}
