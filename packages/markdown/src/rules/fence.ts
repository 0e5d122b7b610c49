import type MarkdownIt from 'markdown-it';
import type { RendererRule } from 'markdown-it';

/**
 * Renderer for fenced code: `<pre data-line="…"><code class="language-xxx">` with the code
 * escaped. The source line sits on `<pre>`, the block the preview scrolls to (markdown-it's
 * own rule puts attributes on `<code>`). Highlighting, and diagrams for `mermaid`/`abc`
 * fences, will hook in here.
 */
export function createFenceRenderer(md: MarkdownIt): RendererRule {
  const { escapeHtml, unescapeAll } = md.utils;
  return (tokens, idx, _options, _env, self) => {
    const token = tokens[idx]!;
    const info = token.info ? unescapeAll(token.info).trim() : '';
    const language = info.split(/\s+/)[0] ?? '';
    const languageClass = language ? ` class="language-${escapeHtml(language)}"` : '';
    const code = escapeHtml(token.content);
    return `<pre${self.renderAttrs(token)}><code${languageClass}>${code}</code></pre>\n`;
  };
}
