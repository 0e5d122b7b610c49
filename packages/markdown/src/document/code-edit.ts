import { type LineChange, type LineIndex } from './line-index.js';
import { cloneToken, isFencePart } from './split.js';
import { createUnit, type Unit } from './unit.js';

/**
 * An edit inside the code lines of long fenced code (most typing in a long listing), which does
 * not close the fence: only the code changed, and the block needs no scan (a scan of a
 * 2,500-line fence took about 5 ms). Given the block the edit starts in and the text after the
 * edit, returns the block that replaces it (its parts to be reused where their key is the same),
 * or null for any other edit.
 */
export function editCode(unit: Unit, lines: LineIndex, change: LineChange): Unit | null {
  const { startLine, oldEndLine, newEndLine } = change;
  const fence = unit.parts[0]?.tokens[0];
  if (unit.needsInline || unit.parts.length < 2 || !fence || !isFencePart(fence)) return null;
  // Between the opening and the closing fence, both at the margin (the code lines are then the
  // source lines as they are).
  const delta = newEndLine - oldEndLine;
  const closingLine = unit.end - 1 + delta;
  if (startLine <= unit.start || oldEndLine >= unit.end - 1) return null;
  if (!unit.source.startsWith(fence.markup)) return null;
  if (!closesFence(lines.line(closingLine), fence.markup)) return null;
  for (let line = startLine; line <= newEndLine; line += 1) {
    if (closesFence(lines.line(line), fence.markup)) return null;
  }
  const end = unit.end + delta;
  const token = cloneToken(fence);
  token.content = lines.lines(unit.start + 1, closingLine);
  token.meta = null;
  token.attrs = null;
  token.map = [0, end - unit.start];
  const code = createUnit(unit.start, end, lines.lines(unit.start, end), [token], unit.env);
  code.pool = new Map(unit.parts.map((part) => [part.key, part]));
  return code;
}

// Whether a line closes a fence opened with `markup` (the same character, at least as many, and
// nothing after but spaces).
function closesFence(line: string, markup: string): boolean {
  const match = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(line);
  return !!match && match[1]![0] === markup[0] && match[1]!.length >= markup.length;
}
