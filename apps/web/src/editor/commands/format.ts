import { type TextEdit } from '@inkstone/core';

/** A selection as the formatting commands take it: `from` ≤ `to`, offsets in the text. */
export interface TextRange {
  from: number;
  to: number;
}

/** What a formatting command does: its edits, in offsets of the text before them (sorted and
 * apart), and the selection afterwards, in offsets of the text after them. */
export interface FormatResult {
  changes: TextEdit[];
  selection: { anchor: number; head: number };
}

/** A formatting command: a pure function of the text and the selection; null when it does not
 * apply there. */
export type Formatter = (text: string, selection: TextRange) => FormatResult | null;

/** One line of the text: where it starts and ends (without its line break), and its text. */
export interface TextLine {
  from: number;
  to: number;
  text: string;
}

/** The lines the selection touches. A selection that ends at the very start of a line leaves
 * that line out (as when whole lines were selected by dragging). */
export function selectedLines(text: string, { from, to }: TextRange): TextLine[] {
  const start = text.lastIndexOf('\n', from - 1) + 1;
  const last = to > from && (to === 0 || text[to - 1] === '\n') ? to - 1 : to;
  const lines: TextLine[] = [];
  let lineFrom = start;
  for (;;) {
    const end = text.indexOf('\n', lineFrom);
    const lineTo = end < 0 ? text.length : end;
    lines.push({ from: lineFrom, to: lineTo, text: text.slice(lineFrom, lineTo) });
    if (end < 0 || lineTo >= last) break;
    lineFrom = lineTo + 1;
  }
  return lines;
}

/** Where `pos` (in the text before `changes`) is after them; at an insertion point, after the
 * inserted text when `after` is set. */
export function mapPos(changes: readonly TextEdit[], pos: number, after = true): number {
  let delta = 0;
  for (const change of changes) {
    if (change.from > pos || (change.from === pos && change.to === pos && !after)) break;
    if (change.to > pos) return change.from + delta + (after ? change.insert.length : 0);
    delta += change.insert.length - (change.to - change.from);
  }
  return pos + delta;
}

/** The result of replacing `range` with `insert`, selecting `select` (offsets inside `insert`). */
export function replaceRange(
  range: TextRange,
  insert: string,
  select: [number, number] = [insert.length, insert.length],
): FormatResult {
  return {
    changes: [{ from: range.from, to: range.to, insert }],
    selection: { anchor: range.from + select[0], head: range.from + select[1] },
  };
}
