import hljs from 'highlight.js/lib/core';
import { describe, expect, it } from 'vitest';
import { EMBEDDED, LANGUAGES, createHighlighter, withEmbedded } from './highlighter';

// Every `subLanguage` a definition names, wherever it is in its modes.
const embeddedIn = (definition: unknown): string[] => {
  const found = new Set<string>();
  const seen = new Set<unknown>();
  const walk = (mode: unknown) => {
    if (!mode || typeof mode !== 'object' || seen.has(mode)) return;
    seen.add(mode);
    const { subLanguage, contains, variants, starts } = mode as Record<string, unknown>;
    for (const name of [subLanguage ?? []].flat()) found.add(name as string);
    for (const child of [contains ?? [], variants ?? [], starts ?? []].flat()) walk(child);
  };
  walk(definition);
  return [...found].sort();
};

describe('createHighlighter', () => {
  it('knows every language each definition hands code to', async () => {
    for (const name of LANGUAGES) {
      const module = (await import(`highlight.js/lib/languages/${name}`)) as {
        default: (api: typeof hljs) => unknown;
      };
      const named = embeddedIn(module.default(hljs)).filter((language) =>
        LANGUAGES.includes(language),
      );
      expect([...(EMBEDDED[name] ?? [])].sort(), name).toEqual(named);
    }
    expect(withEmbedded('markdown').sort()).toEqual(
      ['css', 'graphql', 'javascript', 'markdown', 'xml'].sort(),
    );
    expect(withEmbedded('no-such-language')).toEqual([]);
  });

  it('colours the script inside an HTML block, whichever block loaded first', async () => {
    let told: string[] = [];
    let arrived: () => void = () => undefined;
    const waited = new Promise<void>((resolve) => (arrived = resolve));
    const highlight = createHighlighter((languages) => {
      told = languages;
      arrived();
    });
    const html = '<p>hi</p>\n<script>const answer = 42;</script>\n<style>p { color: red }</style>';
    // Plain until the language is there; asked twice, loaded once.
    expect(highlight(html, 'html')).toBeNull();
    expect(highlight(html, 'svg')).toBeNull();
    await waited;
    expect(told.sort()).toEqual(['html', 'svg']);
    const coloured = highlight(html, 'html')!;
    // The script is JavaScript's colours, the style CSS's, not plain text.
    expect(coloured).toContain('<span class="hljs-keyword">const</span>');
    expect(coloured).toContain('<span class="hljs-number">42</span>');
    expect(coloured).toContain('<span class="hljs-attribute">color</span>');
    // And the languages it brought are there for blocks of their own at once.
    expect(highlight('let x = 1', 'js')).toContain('hljs-keyword');
    expect(highlight('p { color: red }', 'css')).toContain('hljs-attribute');
  });

  it('gives nothing for a language it does not know, and asks for nothing', () => {
    const told: string[][] = [];
    const highlight = createHighlighter((languages) => told.push(languages));
    expect(highlight('x', 'klingon')).toBeNull();
    expect(told).toEqual([]);
  });
});
