import { type MarkdownExtension } from './extension.js';

// markdown-it ships these rules; the `commonmark` base preset leaves them off.

/** `~~strikethrough~~` as `<del>`, as GFM renders it (markdown-it's `strikethrough` rule, which
 * emits `<s>`, with its tokens retagged). */
export const delExtension: MarkdownExtension = {
  name: 'del',
  apply(md) {
    md.enable('strikethrough');
    md.core.ruler.push('del_tag', (state) => {
      for (const block of state.tokens) {
        for (const token of block.children ?? []) {
          if (token.type === 's_open' || token.type === 's_close') token.tag = 'del';
        }
      }
    });
  },
};

/** GFM pipe tables, column alignment as `style="text-align:…"` (markdown-it's `table` rule). */
export const tableExtension: MarkdownExtension = {
  name: 'table',
  apply(md) {
    md.enable('table');
  },
};
