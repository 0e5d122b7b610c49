import type { Token } from 'markdown-it';
import { SOURCE_LINE_ATTRIBUTE } from '../constants.js';
import { plainText } from '../rules/heading-text.js';
import { isInlineFootnote } from './plugins/footnotes.js';
import { type UnitPart } from './unit.js';

/**
 * Takes a part's tokens in, after inline parsing: notes the tokens carrying a source line (their
 * line relative to the part), its headings (each with an empty anchor, worked out across the
 * document later), its footnote references and definitions (taken out of the tokens to render:
 * they show in the footnotes section) and whether it holds a table of contents. `definitions`
 * is the key of the document's definitions it was parsed with. Returns `part`.
 */
export function collectPart(part: UnitPart, tokens: Token[], definitions: string): UnitPart {
  let footnote: { label: string; tokens: Token[]; depth: number } | null = null;
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]!;
    // The anchor goes first, as the heading's own attribute; its value comes later.
    if (token.type === 'heading_open') token.attrSet('id', '');
    if (token.map && token.nesting !== -1 && token.type !== 'inline') {
      token.attrSet(SOURCE_LINE_ATTRIBUTE, String(token.map[0]));
    }
    for (const child of [token, ...(token.children ?? [])]) {
      const line = child.attrGet(SOURCE_LINE_ATTRIBUTE);
      if (line !== null) part.lineTokens.push([child, Number(line)]);
      if (child.type === 'footnote_ref') {
        const { label } = child.meta as { label: string };
        part.refLabels.push(label);
        // An inline footnote brings its own content.
        if (isInlineFootnote(label)) part.footnotes.push({ label, tokens: [child] });
      }
    }
    // A table of contents anywhere, footnotes included, follows the headings.
    if (token.type === 'toc') part.hasToc = true;
    if (footnote) {
      if (token.type === 'footnote_def_open') footnote.depth += 1;
      if (token.type === 'footnote_def_close' && (footnote.depth -= 1) === 0) {
        part.footnotes.push({ label: footnote.label, tokens: footnote.tokens });
        footnote = null;
      } else footnote.tokens.push(token);
      continue;
    }
    if (token.type === 'footnote_def_open') {
      footnote = { label: (token.meta as { label: string }).label, tokens: [], depth: 1 };
      continue;
    }
    if (token.type === 'heading_open') {
      const text = plainText(tokens[i + 1]?.children ?? []).trim();
      part.headings.push({
        level: Number(token.tag.slice(1)),
        text,
        line: token.map?.[0] ?? 0,
        token,
        part,
      });
    }
    part.tokens.push(token);
  }
  part.definitions = definitions;
  return part;
}
