import type { StateBlock } from 'markdown-it';

/** Token type of a display math block (`$$` … `$$` on lines of their own). */
export const MATH_BLOCK = 'math_block';

// Offset of an unescaped `$$` closing `line` (ignoring trailing spaces), or -1.
function closingOffset(line: string): number {
  const trimmed = line.trimEnd();
  if (!trimmed.endsWith('$$')) return -1;
  const at = trimmed.length - 2;
  let backslashes = 0;
  while (at - backslashes - 1 >= 0 && trimmed.charCodeAt(at - backslashes - 1) === 0x5c) {
    backslashes++;
  }
  return backslashes % 2 === 0 ? at : -1;
}

// The line closing a block opened at `startLine`, and where its `$$` starts; when the container
// (or the text) ends first, the line where it ends and an offset of -1.
function findClosingLine(
  state: StateBlock,
  startLine: number,
  endLine: number,
): { line: number; offset: number } {
  let line = startLine + 1;
  for (; line < endLine; line++) {
    const lineStart = state.bMarks[line]! + state.tShift[line]!;
    const lineEnd = state.eMarks[line]!;
    // A non-blank line indented less than the container ends it (list item, footnote).
    if (lineStart < lineEnd && state.sCount[line]! < state.blkIndent) break;
    const offset = closingOffset(state.src.slice(lineStart, lineEnd));
    if (offset !== -1) return { line, offset };
  }
  return { line, offset: -1 };
}

/**
 * Display math as a block: a line starting with `$$`, up to a line ending with `$$` (the same
 * line for `$$ x^2 $$`). Like a fence, it may interrupt a paragraph, and when no closing line
 * follows it runs to the end of its container (or of the text): it is then shown as written,
 * not typeset, marked unclosed (`meta.unclosed`), so what the writer still has to close is
 * visible. That also keeps how far a block reaches decided by the lines it covers, which lets
 * the document re-parse only the blocks around a change. Text after a `$$` that does not end
 * its line (`$$a$$ b`) is inline math instead.
 */
export function mathBlock(
  state: StateBlock,
  startLine: number,
  endLine: number,
  silent: boolean,
): boolean {
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
  const start = state.bMarks[startLine]! + state.tShift[startLine]!;
  const end = state.eMarks[startLine]!;
  if (state.src.slice(start, start + 2) !== '$$') return false;

  const first = state.src.slice(start + 2, end);
  let closeLine = startLine;
  let tex: string;
  const sameLine = closingOffset(first);
  if (first.trim() !== '' && sameLine !== -1) {
    tex = first.slice(0, sameLine);
    if (tex.trim() === '') return false;
  } else {
    // Text after a `$$` that does not end its line (`$$a$$ b`) is inline math, not a block.
    if (first.includes('$$')) return false;
    const closing = findClosingLine(state, startLine, endLine);
    if (closing.offset === -1) {
      if (silent) return true;
      state.line = closing.line;
      const token = state.push(MATH_BLOCK, 'math', 0);
      token.block = true;
      token.content = state.getLines(startLine, closing.line, state.sCount[startLine]!, false);
      token.markup = '$$';
      token.meta = { unclosed: true };
      token.attrSet('class', 'math-block math-block--unclosed');
      token.map = [startLine, state.line];
      return true;
    }
    closeLine = closing.line;
    const closeStart = state.bMarks[closeLine]! + state.tShift[closeLine]!;
    const last = state.src.slice(closeStart, closeStart + closing.offset);
    const middle = state.getLines(startLine + 1, closeLine, state.sCount[startLine]!, false);
    // An empty block is still a block: whether these lines are math must not depend on what
    // follows them (the document re-parses blocks on their own).
    tex = [first, middle, last].filter((part) => part.trim() !== '').join('\n');
  }
  if (silent) return true;

  state.line = closeLine + 1;
  const token = state.push(MATH_BLOCK, 'math', 0);
  token.block = true;
  token.content = tex;
  token.markup = '$$';
  token.attrSet('class', 'math-block');
  token.map = [startLine, state.line];
  return true;
}
