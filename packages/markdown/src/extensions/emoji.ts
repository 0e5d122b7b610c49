import type MarkdownIt from 'markdown-it';
import { full as emojiPlugin } from 'markdown-it-emoji';
import { type MarkdownExtension } from './extension.js';

/**
 * Emoji by name (markdown-it-emoji, GitHub's names): `:smile:` renders 😄, as the Unicode
 * character. Emoticon shortcuts (`:)`, `:D`, `:/`, `:s`, `:*`, `:|`, `<3`…) are not converted:
 * they occur in code-like text (`:s/a/b/`, `x :| y`, `*:*`), where an emoji would change what
 * was written. Code spans, fences and autolinks are never touched.
 *
 * The plugin looks for names with one regular expression of all 1,800 of them, tried on every
 * text of every block; on a pasted manuscript that was most of the preview's parse time in
 * Chromium. Its rule now runs only on a block holding something shaped like a name, a colon, a
 * run without spaces or colons, a colon: every name is one, so what renders is the same.
 */
export const emojiExtension: MarkdownExtension = {
  name: 'emoji',
  apply(md) {
    withGuardedEmojiRule(md, () => md.use(emojiPlugin, { shortcuts: {} }));
  },
};

/** Something shaped like an emoji name: `:` a run of characters that are neither spaces nor
 * colons `:`. Every name of the plugin's (without shortcuts) has that shape. */
export const NAME_SHAPE = /:[^\s:]+:/;

type CoreRule = Parameters<MarkdownIt['core']['ruler']['after']>[2];
type CoreState = Parameters<CoreRule>[0];

// Whether a block's inline texts hold a name's shape anywhere.
function mayHoldNames(state: CoreState): boolean {
  for (const block of state.tokens) {
    if (block.type !== 'inline' || !block.children) continue;
    for (const token of block.children) {
      if (token.type === 'text' && NAME_SHAPE.test(token.content)) return true;
    }
  }
  return false;
}

// Installs the plugin (`install`) with its core rule `emoji` run only where `mayHoldNames`.
function withGuardedEmojiRule(md: MarkdownIt, install: () => void): void {
  const ruler = md.core.ruler;
  const after = ruler.after;
  ruler.after = function (this: typeof ruler, afterName, ruleName, fn, options) {
    const rule: CoreRule =
      ruleName === 'emoji'
        ? (state) => {
            if (mayHoldNames(state)) fn(state);
          }
        : fn;
    after.call(this, afterName, ruleName, rule, options);
  };
  try {
    install();
  } finally {
    ruler.after = after;
  }
}
