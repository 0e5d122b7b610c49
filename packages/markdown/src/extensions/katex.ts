import { type MarkdownExtension } from './extension.js';
import { MATH_BLOCK, mathBlock } from './math-block.js';
import { MATH_INLINE, mathInline } from './math-inline.js';
import { createMathRenderer } from './math-renderer.js';

/**
 * TeX math typeset by KaTeX (HTML for display plus MathML for accessibility and copying):
 * inline `$…$`, display `$$…$$` within a line, and display blocks between `$$` lines, rendered
 * as `<div class="math-block" data-line="…">`. Math never starts inside code.
 */
export const katexExtension: MarkdownExtension = {
  name: 'katex',
  apply(md) {
    const typeset = createMathRenderer(md.utils.escapeHtml);
    // After `escape`, so `\$` is already a literal dollar when this rule could see it.
    md.inline.ruler.after('escape', MATH_INLINE, mathInline);
    md.block.ruler.after('fence', MATH_BLOCK, mathBlock, {
      alt: ['paragraph', 'reference', 'blockquote', 'list'],
    });
    md.renderer.rules[MATH_INLINE] = (tokens, idx) => {
      const token = tokens[idx]!;
      return typeset(token.content, token.markup === '$$');
    };
    md.renderer.rules[MATH_BLOCK] = (tokens, idx, _options, _env, self) => {
      const token = tokens[idx]!;
      if ((token.meta as { unclosed?: boolean } | null)?.unclosed) {
        const source = md.utils.escapeHtml(token.content);
        return `<div${self.renderAttrs(token)}><pre><code>${source}</code></pre></div>\n`;
      }
      return `<div${self.renderAttrs(token)}>${typeset(token.content, true)}</div>\n`;
    };
  },
};
