import { type MarkdownExtension } from './extension.js';

// markdown-it ships these rules; the `commonmark` base preset leaves them off.

/** `~~strikethrough~~` as `<s>` (markdown-it's `strikethrough` rule). */
export const delExtension: MarkdownExtension = {
  name: 'del',
  apply(md) {
    md.enable('strikethrough');
  },
};

/** GFM pipe tables, column alignment as `style="text-align:…"` (markdown-it's `table` rule). */
export const tableExtension: MarkdownExtension = {
  name: 'table',
  apply(md) {
    md.enable('table');
  },
};
