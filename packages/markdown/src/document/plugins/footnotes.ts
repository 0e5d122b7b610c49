import type MarkdownIt from 'markdown-it';
import type { StateBlock, StateInline, Token } from 'markdown-it';

/** Token types of footnotes. */
export const FOOTNOTE_DEF_OPEN = 'footnote_def_open';
export const FOOTNOTE_DEF_CLOSE = 'footnote_def_close';
export const FOOTNOTE_REF = 'footnote_ref';

/** What a footnote reference renders with: its number, and which reference to that footnote it
 * is (0 for the first). */
export interface FootnoteNumber {
  n: number;
  sub: number;
}

/** The render environment footnotes read: the numbers of a block's references, in order, and
 * the labels defined anywhere in the document. */
export interface FootnoteEnv {
  footnoteLabels?: ReadonlySet<string>;
  footnoteNumbers?: readonly FootnoteNumber[];
  footnoteRefCount?: number;
  /** Makes the labels of inline footnotes unique in the document: `\0{prefix}:{n}`. */
  inlineFootnotePrefix?: string;
}

/** Whether a footnote label is that of an inline footnote (`^[…]`). */
export const isInlineFootnote = (label: string): boolean => label.startsWith('\0');

/**
 * Footnotes, `Text[^note]` with `[^note]: The note.` anywhere in the document (indented lines
 * continue it). Unlike a plugin that numbers references while parsing, references are numbered
 * by the document afterwards (in order of first reference), so that each block can be parsed on
 * its own and only changed blocks re-rendered. The markup matches markdown-it-footnote's.
 */
export function footnotes(md: MarkdownIt): void {
  md.block.ruler.before('reference', 'footnote_def', footnoteDefinition, {
    alt: ['paragraph', 'reference'],
  });
  md.inline.ruler.before('link', 'footnote_ref', footnoteReference);
  md.inline.ruler.after('link', 'footnote_inline', inlineFootnote);
  md.renderer.rules[FOOTNOTE_REF] = (tokens, idx, _options, env: FootnoteEnv) => {
    const index = (tokens[idx]!.meta as { index: number }).index;
    const number = env.footnoteNumbers?.[index] ?? { n: index + 1, sub: 0 };
    const id = `fnref${number.n}${number.sub > 0 ? `:${number.sub}` : ''}`;
    return `<sup class="footnote-ref"><a href="#fn${number.n}" id="${id}">[${number.n}]</a></sup>`;
  };
  // Definitions show in the footnotes section, not where they are written.
  md.renderer.rules[FOOTNOTE_DEF_OPEN] = () => '';
  md.renderer.rules[FOOTNOTE_DEF_CLOSE] = () => '';
}

function footnoteDefinition(
  state: StateBlock,
  startLine: number,
  endLine: number,
  silent: boolean,
): boolean {
  const start = state.bMarks[startLine]! + state.tShift[startLine]!;
  const max = state.eMarks[startLine]!;
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
  if (start + 4 > max || state.src.charCodeAt(start) !== 0x5b) return false; // [
  if (state.src.charCodeAt(start + 1) !== 0x5e) return false; // ^
  let pos = start + 2;
  while (pos < max) {
    const code = state.src.charCodeAt(pos);
    if (code === 0x20 || code === 0x09) return false;
    if (code === 0x5d) break; // ]
    pos += 1;
  }
  if (pos === start + 2 || pos + 1 >= max || state.src.charCodeAt(pos + 1) !== 0x3a) return false;
  if (silent) return true;
  const label = state.src.slice(start + 2, pos);
  pos += 2;

  const open = state.push(FOOTNOTE_DEF_OPEN, '', 1);
  open.meta = { label };
  open.map = [startLine, startLine];

  // Parse the content as a container whose first line starts after "]:".
  const saved = {
    bMark: state.bMarks[startLine]!,
    tShift: state.tShift[startLine]!,
    sCount: state.sCount[startLine]!,
    parentType: state.parentType,
    blkIndent: state.blkIndent,
  };
  // The content's first line starts after the colon; its indent is the spaces that follow,
  // on top of the container's own indent of 4.
  const contentStart = pos;
  const initial = state.sCount[startLine]! + pos - start;
  let column = initial;
  while (pos < max) {
    const code = state.src.charCodeAt(pos);
    if (code === 0x09) column += 4 - (column % 4);
    else if (code === 0x20) column += 1;
    else break;
    pos += 1;
  }
  state.bMarks[startLine] = contentStart;
  state.tShift[startLine] = pos - contentStart;
  state.sCount[startLine] = column - initial;
  state.blkIndent += 4;
  state.parentType = 'footnote' as typeof state.parentType;
  if (state.sCount[startLine]! < state.blkIndent) state.sCount[startLine]! += state.blkIndent;
  state.md.block.tokenize(state, startLine, endLine);
  state.parentType = saved.parentType;
  state.blkIndent = saved.blkIndent;
  state.tShift[startLine] = saved.tShift;
  state.sCount[startLine] = saved.sCount;
  state.bMarks[startLine] = saved.bMark;

  open.map[1] = state.line;
  state.push(FOOTNOTE_DEF_CLOSE, '', -1);
  return true;
}

function footnoteReference(state: StateInline, silent: boolean): boolean {
  const max = state.posMax;
  const start = state.pos;
  if (start + 3 > max) return false;
  if (state.src.charCodeAt(start) !== 0x5b || state.src.charCodeAt(start + 1) !== 0x5e) {
    return false;
  }
  let pos = start + 2;
  while (pos < max) {
    const code = state.src.charCodeAt(pos);
    if (code === 0x20 || code === 0x0a) return false;
    if (code === 0x5d) break;
    pos += 1;
  }
  if (pos === start + 2 || pos >= max) return false;
  const label = state.src.slice(start + 2, pos);
  const env = state.env as FootnoteEnv;
  if (!env.footnoteLabels?.has(label)) return false;
  if (!silent) {
    const index = env.footnoteRefCount ?? 0;
    env.footnoteRefCount = index + 1;
    const token = state.push(FOOTNOTE_REF, '', 0);
    token.meta = { label, index };
  }
  state.pos = pos + 1;
  return true;
}

// `^[Some note]`: a footnote written in place, numbered with the others.
function inlineFootnote(state: StateInline, silent: boolean): boolean {
  const start = state.pos;
  if (start + 2 >= state.posMax) return false;
  if (state.src.charCodeAt(start) !== 0x5e || state.src.charCodeAt(start + 1) !== 0x5b) {
    return false;
  }
  const end = state.md.helpers.parseLinkLabel(state, start + 1);
  if (end < 0) return false;
  if (!silent) {
    const env = state.env as FootnoteEnv;
    const index = env.footnoteRefCount ?? 0;
    env.footnoteRefCount = index + 1;
    const children: Token[] = [];
    state.md.inline.parse(state.src.slice(start + 2, end), state.md, state.env, children);
    const token = state.push(FOOTNOTE_REF, '', 0);
    token.meta = { label: `\0${env.inlineFootnotePrefix ?? ''}:${index}`, index };
    token.children = children;
  }
  state.pos = end + 1;
  return true;
}
