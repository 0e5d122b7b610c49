import { full as emojiPlugin } from 'markdown-it-emoji';
import { type MarkdownExtension } from './extension.js';

/**
 * Emoji by name (markdown-it-emoji, GitHub's names): `:smile:` renders 😄, as the Unicode
 * character. Emoticon shortcuts (`:)`, `:D`, `:/`, `:s`, `:*`, `:|`, `<3`…) are not converted:
 * they occur in code-like text (`:s/a/b/`, `x :| y`, `*:*`), where an emoji would change what
 * was written. Code spans, fences and autolinks are never touched.
 */
export const emojiExtension: MarkdownExtension = {
  name: 'emoji',
  apply(md) {
    md.use(emojiPlugin, { shortcuts: {} });
  },
};
