import { markdown, markdownLanguage } from '@codemirror/lang-markdown';
import { html } from '@codemirror/lang-html';
import { languages } from '@codemirror/language-data';
import { codeLanguageLookup } from './code-languages';
import type { MarkdownNesting } from './markdown-language';

/** What the editor's markdown gains once the editor is editable (markdown-language.ts): the
 * parser of the HTML inside markdown, the code blocks' languages (`@codemirror/language-data`,
 * each loaded when a block of it shows, found by name through a map rather than a scan of the
 * list: code-languages.ts), and the rest of `markdown()`'s support (HTML tag completion and
 * closing, a URL pasted over a selection made a link, folding under headings). `markdown()`'s
 * own language is not used: the editor keeps its first one. Its Enter and Backspace stay off:
 * the list options bring them (lists.ts). */
export function markdownNesting(): MarkdownNesting {
  const htmlTags = html({ matchClosingTags: false });
  return {
    html: htmlTags.language.parser,
    codeLanguage: codeLanguageLookup(languages),
    support: markdown({ base: markdownLanguage, htmlTagLanguage: htmlTags, addKeymap: false })
      .support,
  };
}
