import type { StateBlock } from 'markdown-it';

/** Token type of a display math block (`$$` … `$$` on lines of their own). */
export const MATH_BLOCK = 'math_block';

// Where a scan for a closing line already failed: a later opener in the same container
// (same end line, indent and nesting level) scans a subset of those lines and fails too.
// Remembering it keeps a document full of unclosed `$$` lines linear instead of quadratic.
const unclosed = new WeakMap<StateBlock, { container: string; from: number; until: number }>();

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

// The line closing a block opened at `startLine`, and where its `$$` starts; null when the
// container ends first.
function findClosingLine(
  state: StateBlock,
  startLine: number,
  endLine: number,
): { line: number; offset: number } | null {
  const container = `${endLine}:${state.blkIndent}:${state.level}`;
  const known = unclosed.get(state);
  if (known?.container === container && startLine >= known.from && startLine < known.until) {
    return null;
  }
  let line = startLine + 1;
  for (; line < endLine; line++) {
    const lineStart = state.bMarks[line]! + state.tShift[line]!;
    const lineEnd = state.eMarks[line]!;
    // A non-blank line indented less than the container ends it (list item, footnote).
    if (lineStart < lineEnd && state.sCount[line]! < state.blkIndent) break;
    const offset = closingOffset(state.src.slice(lineStart, lineEnd));
    if (offset !== -1) return { line, offset };
  }
  unclosed.set(state, { container, from: startLine, until: line });
  return null;
}

/**
 * Display math as a block: a line starting with `$$`, up to a line ending with `$$` (the same
 * line for `$$ x^2 $$`). When no closing line follows inside the current container, or text
 * follows the closing `$$`, it is not a block and the inline rule reads the `$$` instead.
 * It may interrupt a paragraph, like a fence.
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
    if (closing === null) return false;
    closeLine = closing.line;
    const closeStart = state.bMarks[closeLine]! + state.tShift[closeLine]!;
    const last = state.src.slice(closeStart, closeStart + closing.offset);
    const middle = state.getLines(startLine + 1, closeLine, state.sCount[startLine]!, false);
    tex = [first, middle, last].filter((part) => part.trim() !== '').join('\n');
    if (tex.trim() === '') return false;
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
