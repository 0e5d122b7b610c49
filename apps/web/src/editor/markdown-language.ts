import { markdownLanguage } from '@codemirror/lang-markdown/base';
import { Language, LanguageSupport } from '@codemirror/language';
import { MarkdownParser } from '@lezer/markdown';
import { longParagraphs } from './long-paragraphs';
import { longTables } from './long-tables';

/** The editor's own additions to the markdown parser: long paragraphs and tables cut into runs
 * (long-paragraphs.ts, long-tables.ts). */
export const MARKDOWN_PARSER_EXTENSIONS = [longParagraphs, longTables];

/**
 * Markdown as the editor highlights it while the page loads: CommonMark and GFM with the
 * editor's additions, but no highlighting of the HTML inside markdown nor of the code blocks'
 * languages. `@codemirror/lang-markdown`'s `markdown()` brings those with `@codemirror/lang-html`
 * (and its CSS, JavaScript and autocompletion, about 70 KB gzip) and the list of code languages,
 * all before the editor could take a keystroke; they follow once it does (`loadFullMarkdown`).
 *
 * The same language data (`markdownLanguage.data`: comment tokens) and the same parser as the
 * full support, less its nested parsers, so the text reads the same either way.
 */
export function firstMarkdown(): LanguageSupport {
  if (first) return first;
  const parser = markdownLanguage.parser;
  if (!(parser instanceof MarkdownParser)) throw new Error('GFM markdown has no markdown parser.');
  first = new LanguageSupport(
    new Language(
      markdownLanguage.data,
      parser.configure(MARKDOWN_PARSER_EXTENSIONS),
      [],
      'markdown',
    ),
  );
  return first;
}
let first: LanguageSupport | undefined;

let full: LanguageSupport | undefined;
let loading: Promise<LanguageSupport> | undefined;

/** The markdown support new editor states get: the full one once it has loaded, else the
 * first one. */
export function markdownSupport(): LanguageSupport {
  return full ?? firstMarkdown();
}

/** Loads the full markdown support (HTML inside markdown, the code blocks' languages, a URL
 * pasted over a selection becoming a link), once; a failed load may be tried again. */
export function loadFullMarkdown(): Promise<LanguageSupport> {
  loading ??= import('./markdown-full').then(
    ({ fullMarkdown }) => (full = fullMarkdown(MARKDOWN_PARSER_EXTENSIONS)),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
