import supPlugin from 'markdown-it-sup';
import { type MarkdownExtension } from './extension.js';

/**
 * Superscript (markdown-it-sup): `29^th^` renders `29<sup>th</sup>`. The text between the carets
 * has no markup and no unescaped space (`^a\ b^` for a space).
 */
export const superscriptExtension: MarkdownExtension = {
  name: 'sup',
  apply(md) {
    md.use(supPlugin);
  },
};
