import type { StateCore } from 'markdown-it';
import deflistPlugin from 'markdown-it-deflist';
import { type MarkdownExtension } from './extension.js';

/**
 * Definition lists (markdown-it-deflist, PHP Markdown Extra syntax): a term on its own line,
 * then one or more definitions starting with `:` or `~` and spaces, rendered as
 * `<dl><dt>term</dt><dd>definition</dd></dl>`. Each element carries its `data-line`.
 */
export const deflistExtension: MarkdownExtension = {
  name: 'deflist',
  apply(md) {
    md.use(deflistPlugin);
    md.core.ruler.push('deflist_lines', definitionLines);
  },
};

// markdown-it-deflist maps the first definition of every term after the first to the term's
// line. A definition starts where its first block does: scroll sync needs the true line.
function definitionLines(state: StateCore): void {
  const tokens = state.tokens;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const first = tokens[i + 1]?.map;
    if (token.type === 'dd_open' && token.map && first) token.map[0] = first[0];
  }
}
