import { markdown, markdownLanguage } from '@codemirror/lang-markdown';
import { languages } from '@codemirror/language-data';
import type { MarkdownExtension } from '@lezer/markdown';
import { codeLanguageLookup } from './code-languages';

/** The editor's full markdown support, loaded once the editor is editable
 * (markdown-language.ts): GFM with HTML inside markdown highlighted and the code blocks'
 * languages (`@codemirror/language-data`, each loaded when a block of it shows, found by name
 * through a map rather than a scan of the list: code-languages.ts). Its own Enter and Backspace
 * stay off: the list options bring them (lists.ts). */
export function fullMarkdown(extensions: MarkdownExtension[]) {
  return markdown({
    base: markdownLanguage,
    codeLanguages: codeLanguageLookup(languages),
    addKeymap: false,
    extensions,
  });
}
