import type MarkdownIt from 'markdown-it';
import type { RendererRule } from 'markdown-it';

/** Fence languages drawn as diagrams in the preview, when their switch is on. */
export type DiagramKind = 'mermaid' | 'abc';

/** Highlights code of a language: the HTML of the code's content (escaped, in spans), or null
 * to show it plain (an unknown language, or one not loaded yet). */
export type Highlighter = (code: string, language: string) => string | null;

/** The language a fence's info string names (its first word, lower case). */
export function fenceLanguage(info: string): string {
  return (info.trim().split(/\s+/)[0] ?? '').toLowerCase();
}

/**
 * Renderer for fenced code: `<pre data-line="…"><code class="language-xxx">` with the code
 * escaped. The source line sits on `<pre>`, the block the preview scrolls to (markdown-it's
 * own rule puts attributes on `<code>`).
 *
 * A fence whose language is a switched-on diagram kind becomes a placeholder the preview
 * replaces with the drawing, and which shows the source until then:
 * `<div class="diagram" data-diagram="mermaid" data-line="…"><pre class="diagram__source"><code>…`.
 */
export function createFenceRenderer(
  md: MarkdownIt,
  diagrams: ReadonlySet<DiagramKind> = new Set(),
  highlight?: Highlighter,
): RendererRule {
  const { escapeHtml, unescapeAll } = md.utils;
  return (tokens, idx, _options, _env, self) => {
    const token = tokens[idx]!;
    const info = token.info ? unescapeAll(token.info).trim() : '';
    const language = info.split(/\s+/)[0] ?? '';
    const code = escapeHtml(token.content);
    if ((diagrams as ReadonlySet<string>).has(language)) {
      return `<div class="diagram" data-diagram="${language}"${self.renderAttrs(token)}><pre class="diagram__source"><code>${code}</code></pre></div>\n`;
    }
    const highlighted =
      language && highlight ? highlight(token.content, fenceLanguage(language)) : null;
    const classes = [language && `language-${escapeHtml(language)}`, highlighted !== null && 'hljs']
      .filter(Boolean)
      .join(' ');
    const classAttr = classes ? ` class="${classes}"` : '';
    return `<pre${self.renderAttrs(token)}><code${classAttr}>${highlighted ?? code}</code></pre>\n`;
  };
}
