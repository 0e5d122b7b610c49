import markPlugin from 'markdown-it-mark';
import { type MarkdownExtension } from './extension.js';

/** Highlighted text (markdown-it-mark): `==marked==` renders `<mark>marked</mark>`, with inline
 * markup inside, following the flanking rules of emphasis. */
export const markExtension: MarkdownExtension = {
  name: 'mark',
  apply(md) {
    md.use(markPlugin);
  },
};
