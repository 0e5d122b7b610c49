import katex from 'katex';
import { KATEX_OPTIONS, MATH_CACHE_SIZE } from '../constants.js';

/** Renders TeX to KaTeX markup (HTML and MathML), remembering recent results. */
export type MathRenderer = (tex: string, displayMode: boolean) => string;

/**
 * A KaTeX renderer with a small least-recently-used cache, one per converter: re-rendering a
 * document after an edit re-typesets only the formulas that changed.
 */
export function createMathRenderer(escapeHtml: (text: string) => string): MathRenderer {
  const cache = new Map<string, string>();
  return (tex, displayMode) => {
    const key = (displayMode ? 'D' : 'I') + tex;
    const cached = cache.get(key);
    if (cached !== undefined) {
      cache.delete(key);
      cache.set(key, cached);
      return cached;
    }
    const html = typeset(tex, displayMode, escapeHtml);
    cache.set(key, html);
    if (cache.size > MATH_CACHE_SIZE) {
      const oldest = cache.keys().next();
      if (oldest.done !== true) cache.delete(oldest.value);
    }
    return html;
  };
}

function typeset(tex: string, displayMode: boolean, escapeHtml: (text: string) => string): string {
  try {
    return katex.renderToString(tex, { ...KATEX_OPTIONS, displayMode });
  } catch (error) {
    // Parse errors render in red (throwOnError is off); anything else KaTeX throws still must
    // not break the whole preview.
    const message = error instanceof Error ? error.message : String(error);
    return `<code class="katex-error" title="${escapeHtml(message)}">${escapeHtml(tex)}</code>`;
  }
}
