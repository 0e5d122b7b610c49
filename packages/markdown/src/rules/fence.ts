import type MarkdownIt from 'markdown-it';
import type { RendererRule, Token } from 'markdown-it';
import type { FencePartMeta } from '../document/split.js';

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
    const highlighted = highlight ? highlightFence(highlight, token, unescapeAll) : null;
    const classes = [language && `language-${escapeHtml(language)}`, highlighted !== null && 'hljs']
      .filter(Boolean)
      .join(' ');
    const classAttr = classes ? ` class="${classes}"` : '';
    return `<pre${self.renderAttrs(token)}><code${classAttr}>${highlighted ?? code}</code></pre>\n`;
  };
}

/** What the highlighter is asked for a fence's code: its text and language. */
export interface FenceCode {
  code: string;
  language: string;
}

/**
 * What the fence renderer asks the highlighter for a fence token (see `createFenceRenderer`):
 * the code, after its lead-in for a part of split code, and the language its info string names;
 * null when it names none. `unescapeAll` is markdown-it's (`md.utils`). A caller that
 * highlights ahead (elsewhere) gets the very input the renderer will ask for.
 */
export function fenceCode(token: Token, unescapeAll: (text: string) => string): FenceCode | null {
  const info = token.info ? unescapeAll(token.info).trim() : '';
  const written = info.split(/\s+/)[0] ?? '';
  if (!written) return null;
  return { code: leadInOf(token) + token.content, language: fenceLanguage(written) };
}

// The lines of code above a part of split code, highlighted with it (see planParts).
function leadInOf(token: Token): string {
  const leadIn = (token.meta as Partial<FencePartMeta> | null)?.leadIn;
  return typeof leadIn === 'string' ? leadIn : '';
}

// The fence's code highlighted, as `fenceCode` gives it. A part of split code (see planParts)
// is highlighted after its lead-in, the lines just above it, which are then dropped from the
// HTML: a comment or string opened there is still one.
function highlightFence(
  highlight: Highlighter,
  token: Token,
  unescapeAll: (text: string) => string,
): string | null {
  const input = fenceCode(token, unescapeAll);
  const html = input ? highlight(input.code, input.language) : null;
  const leadIn = leadInOf(token);
  return html === null || leadIn === '' ? html : dropLines(html, leadIn.split('\n').length - 1);
}

/** Drops the first `count` lines of highlighted code (text with `<span …>` and `</span>`
 * around parts of it): the spans still open where the kept text starts are opened again
 * before it, so it stays coloured as it was. */
export function dropLines(html: string, count: number): string {
  const open: string[] = [];
  let seen = 0;
  let at = 0;
  while (seen < count) {
    const tag = html.indexOf('<', at);
    const newline = html.indexOf('\n', at);
    if (newline === -1) return '';
    if (tag !== -1 && tag < newline) {
      const end = html.indexOf('>', tag);
      if (end === -1) return '';
      const markup = html.slice(tag, end + 1);
      if (markup.startsWith('</')) open.pop();
      else if (!markup.endsWith('/>')) open.push(markup);
      at = end + 1;
    } else {
      seen += 1;
      at = newline + 1;
    }
  }
  return open.join('') + html.slice(at);
}
