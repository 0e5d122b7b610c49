import type MarkdownIt from 'markdown-it';
import { type ConverterOptions } from '../converter-options.js';
import { createMarkdownIt } from '../create-markdown-it.js';
import { type Highlighter } from '../rules/fence.js';
import { recordBreaks } from './break-offsets.js';
import { abbreviations } from './plugins/abbreviations.js';
import { footnotes } from './plugins/footnotes.js';
import { tableOfContents } from './plugins/table-of-contents.js';

/**
 * The markdown-it instance a document works with: the switched-on extensions, plus footnotes,
 * abbreviations and the table of contents in their block-by-block form. Its core chain skips
 * normalising and block parsing, which the document does itself one block at a time; what is
 * left (inline parsing and the rules after it) runs on one block's tokens.
 */
export function createPipeline(options: ConverterOptions, highlight?: Highlighter): MarkdownIt {
  const md = createMarkdownIt({ ...options, footnote: false, abbr: false, toc: false }, highlight);
  if (options.footnote) footnotes(md);
  if (options.abbr) abbreviations(md);
  if (options.toc) tableOfContents(md);
  md.core.ruler.disable(['normalize', 'block']);
  recordBreaks(md);
  return md;
}

/** What markdown-it's `normalize` rule does, for text the document takes in. */
export function normalizeText(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/\0/g, '\uFFFD');
}
