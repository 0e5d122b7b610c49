import type MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';
import { SOURCE_LINE_ATTRIBUTE } from '../constants.js';
import { type Heading } from '../types.js';
import { renderEnv } from './block-render.js';
import { cloneToken, isFencePart } from './split.js';
import { type Unit } from './unit.js';

/**
 * The HTML of a document's blocks (parsed, anchors and numbers worked out) as one string, for
 * exports: `data-line` absolute, and each split block one block again (its parts joined, without
 * the classes that join them on screen; split code highlighted at once). `headings` are the
 * document's, for a table of contents. The footnotes section is not included.
 */
export function renderWhole(md: MarkdownIt, units: readonly Unit[], headings: Heading[]): string {
  let html = '';
  for (const unit of units) {
    const last = unit.parts.length - 1;
    // Split fenced code, in one piece: its first part's token holds the whole code.
    const code = last > 0 ? unit.parts.flatMap((part) => part.tokens.filter(isFencePart)) : [];
    unit.parts.forEach((part, index) => {
      const start = unit.start + part.offset;
      for (const [token, line] of part.lineTokens) {
        token.attrSet(SOURCE_LINE_ATTRIBUTE, String(start + line));
      }
      // A split block is one block here (exports): its parts joined again.
      let tokens = part.tokens;
      if (last > 0) {
        const [lead, tail] = part.wrap;
        tokens = tokens.slice(
          index > 0 ? lead : 0,
          index < last ? tokens.length - tail : undefined,
        );
        if (index === 0) tokens = tokens.map(unsplit);
      }
      if (code.length > 0) {
        // (Highlighted at once, without lead-ins.)
        tokens =
          index > 0
            ? tokens.filter((token) => !isFencePart(token))
            : tokens.map((token) => (isFencePart(token) ? joinedFence(token, code) : token));
      }
      html += md.renderer.render(tokens, md.options, renderEnv(part, headings));
      for (const [token, line] of part.lineTokens) {
        token.attrSet(SOURCE_LINE_ATTRIBUTE, String(line));
      }
    });
  }
  return html;
}

// The first part's token of split fenced code holding all of its code (`parts`).
function joinedFence(first: Token, parts: readonly Token[]): Token {
  const joined = cloneToken(first);
  joined.content = parts.map((part) => part.content).join('');
  joined.meta = null;
  return joined;
}

// A token of a split block's first part without the classes that join it to the next part.
function unsplit(token: Token): Token {
  const classes = token.attrGet('class');
  if (classes === null || !classes.includes('split-')) return token;
  const kept = classes
    .split(' ')
    .filter((name) => !name.startsWith('split-'))
    .join(' ');
  const copy = cloneToken(token);
  copy.attrs = (token.attrs ?? []).filter(([name]) => name !== 'class');
  if (kept) copy.attrs.unshift(['class', kept]);
  return copy;
}
