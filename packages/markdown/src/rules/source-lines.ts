import type { StateCore } from 'markdown-it';
import { SOURCE_LINE_ATTRIBUTE } from '../constants.js';

/**
 * Core rule: writes `data-line="<0-based start line>"` on every block element that has a
 * source map (paragraphs, headings, lists and items, quotes, tables and rows, code, rules,
 * math). The preview's scroll sync maps lines to elements with it. Raw HTML blocks have no
 * element of ours to carry it.
 */
export function sourceLines(state: StateCore): void {
  for (const token of state.tokens) {
    if (token.map !== null && token.nesting !== -1 && token.type !== 'inline') {
      token.attrSet(SOURCE_LINE_ATTRIBUTE, String(token.map[0]));
    }
  }
}
