import { type MarkdownExtension } from './extension.js';

// Switches that turn on what markdown-it ships: an option, a rule, or both. `createMarkdownIt`
// starts with these rules off, whatever the base preset, so each switch alone decides.

/** Every newline in a paragraph is a `<br>` (markdown-it's `breaks` option), not only a line
 * ending in two spaces or a backslash. */
export const breaksExtension: MarkdownExtension = {
  name: 'breaks',
  apply(md) {
    md.set({ breaks: true });
    // The `zero` base has no line-break rule at all: newlines would stay plain text.
    md.enable('newline');
  },
};

/** Fenced code blocks (CommonMark's ``` and ~~~ fences). Off, a fence is a paragraph whose
 * backticks make a code span. */
export const fenceExtension: MarkdownExtension = {
  name: 'fence',
  apply(md) {
    md.enable('fence');
  },
};

/** Autolinks for bare URLs, `www.` addresses and e-mail addresses (markdown-it's `linkify`,
 * backed by linkify-it). Links follow the same URL policy as written links. */
export const linkifyExtension: MarkdownExtension = {
  name: 'linkify',
  apply(md) {
    md.set({ linkify: true });
    md.enable('linkify');
  },
};

/** GFM pipe tables, column alignment as `style="text-align:…"` (markdown-it's `table` rule). */
export const tableExtension: MarkdownExtension = {
  name: 'table',
  apply(md) {
    md.enable('table');
  },
};

/** Typographic replacements (`(c)` ©, `--` –, `---` —, `...` …) and curly quotes
 * (markdown-it's `typographer` option with its `replacements` and `smartquotes` rules). Code is
 * never touched. */
export const typographerExtension: MarkdownExtension = {
  name: 'typographer',
  apply(md) {
    md.set({ typographer: true });
    md.enable(['replacements', 'smartquotes']);
  },
};
