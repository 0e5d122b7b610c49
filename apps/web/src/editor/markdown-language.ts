import { markdownLanguage } from '@codemirror/lang-markdown/base';
import { Language, LanguageSupport } from '@codemirror/language';
import type { LanguageDescription } from '@codemirror/language';
import type { Extension } from '@codemirror/state';
import type { Parser } from '@lezer/common';
import { MarkdownParser, parseCode } from '@lezer/markdown';
import { codeLanguageParser } from './code-languages';
import { DeferredParser } from './deferred-parser';
import { longParagraphs } from './long-paragraphs';
import { longTables } from './long-tables';
import { nestedInView } from './nested-in-view';

/** The editor's own additions to the markdown parser: long paragraphs and tables cut into runs
 * (long-paragraphs.ts, long-tables.ts). */
export const MARKDOWN_PARSER_EXTENSIONS = [longParagraphs, longTables];

/** What the full markdown support brings once the editor is editable (markdown-full.ts). */
export interface MarkdownNesting {
  /** The parser of the HTML inside markdown. */
  html: Parser;
  /** The language a code block's info string names, if any. */
  codeLanguage(info: string): LanguageDescription | null;
  /** The rest: HTML tag completion and closing, a URL pasted over a selection made a link,
   * folding of sections under a heading. */
  support: Extension;
}

/** The editor's markdown: one `Language` for the editor's whole life, and the support around it
 * as it loads. */
export interface EditorMarkdown {
  /** CommonMark and GFM with the editor's additions; the HTML inside it and its code blocks are
   * parsed (highlighted) once `load` has brought their parsers, and then only in or near view
   * (nested-in-view.ts). */
  language: Language;
  /** The markdown support new editor states get: with the full support once it has loaded. */
  support(): LanguageSupport;
  /** Brings the nested parsers and the rest of the full support, once; a failed load may be
   * tried again. Resolves to the full support, whose language is `language`. */
  load(): Promise<LanguageSupport>;
}

/**
 * The editor's markdown, its nested parsers and the rest of its support brought by `loadNesting`.
 *
 * `@codemirror/lang-markdown`'s `markdown()` brings HTML (`@codemirror/lang-html`, its CSS,
 * JavaScript and autocompletion, about 70 KB gzip) and the list of code languages, all before
 * the editor could take a keystroke; they follow once it does. They used to come as a second
 * language swapped in through a Compartment, and CodeMirror throws the syntax tree away when the
 * language changes: a long text was parsed twice from its start, the second time while the
 * user typed. Here the language stays: its nested parsers skip their regions until they arrive
 * (deferred-parser.ts), and only those regions are parsed again then (ADR 0003, "A big paste").
 */
export function createEditorMarkdown(loadNesting: () => Promise<MarkdownNesting>): EditorMarkdown {
  const base = markdownLanguage.parser;
  if (!(base instanceof MarkdownParser)) throw new Error('GFM markdown has no markdown parser.');
  const html = new DeferredParser();
  let nesting: MarkdownNesting | undefined;
  const codeParsers = new Map<LanguageDescription, Parser>();
  const codeParser = (info: string): Parser | null => {
    // (As lang-markdown reads it: the info string up to its first space.)
    const name = /\S*/.exec(info)?.[0] ?? '';
    if (!name) return null;
    if (!nesting) return html.skipping(); // (the code languages arrive with the HTML)
    const description = nesting.codeLanguage(name);
    if (!description) return null;
    let parser = codeParsers.get(description);
    if (!parser)
      codeParsers.set(description, (parser = nestedInView(codeLanguageParser(description))));
    return parser;
  };
  const language = new Language(
    markdownLanguage.data,
    base.configure([
      ...MARKDOWN_PARSER_EXTENSIONS,
      parseCode({ codeParser, htmlParser: nestedInView(html) }),
    ]),
    [],
    'markdown',
  );
  const first = new LanguageSupport(language);
  let full: LanguageSupport | undefined;
  let loading: Promise<LanguageSupport> | undefined;
  return {
    language,
    support: () => full ?? first,
    load() {
      loading ??= loadNesting().then(
        (loaded) => {
          nesting = loaded;
          full = new LanguageSupport(language, loaded.support);
          html.arrive(loaded.html);
          return full;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
  };
}

let editorMarkdown: EditorMarkdown | undefined;

/** The editor's markdown, one for the page. */
function theMarkdown(): EditorMarkdown {
  return (editorMarkdown ??= createEditorMarkdown(() =>
    import('./markdown-full').then(({ markdownNesting }) => markdownNesting()),
  ));
}

/** The markdown support while the page loads: the editor's markdown language alone, its HTML
 * and code blocks not yet highlighted. */
export function firstMarkdown(): LanguageSupport {
  return new LanguageSupport(theMarkdown().language);
}

/** The markdown support new editor states get: the full one once it has loaded, else the
 * first one. */
export function markdownSupport(): LanguageSupport {
  return theMarkdown().support();
}

/** Loads the full markdown support (HTML inside markdown, the code blocks' languages, a URL
 * pasted over a selection becoming a link), once; a failed load may be tried again. Its language
 * is the first support's: an editor given it keeps its syntax tree. */
export function loadFullMarkdown(): Promise<LanguageSupport> {
  return theMarkdown().load();
}
