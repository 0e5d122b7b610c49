import type { PluginSimple } from 'markdown-it';
import footnotePlugin from 'markdown-it-footnote';
import { type MarkdownExtension } from './extension.js';

// @types/markdown-it-footnote describes the plugin against markdown-it's CommonJS typings;
// this package uses the ES module typings, so the same function is retyped, not converted.
const footnote = footnotePlugin as unknown as PluginSimple;

/**
 * Footnotes (`text[^1]` … `[^1]: note`, and inline `^[note]`) with markdown-it-footnote: the
 * notes are gathered in a `<section class="footnotes">` at the end of the document.
 */
export const footnoteExtension: MarkdownExtension = {
  name: 'footnote',
  apply(md) {
    md.use(footnote);
  },
};
