import { type TextEdit } from '@inkstone/core';

/** Lines of a text, read one at a time (a CodeMirror document, or a string in tests). */
export interface Lines {
  readonly count: number;
  /** The text of line `index` (0-based), without its line break. */
  text(index: number): string;
  /** Where line `index` starts in the text. */
  start(index: number): number;
}

/** The lines of a string. */
export function linesOf(text: string): Lines {
  const starts = [0];
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  return {
    count: starts.length,
    text: (index) => text.slice(starts[index], (starts[index + 1] ?? text.length + 1) - 1),
    start: (index) => starts[index]!,
  };
}

const ORDERED = /^([ \t]*)(\d{1,9})([.)])(?:[ \t]|$)/;
const BULLET = /^([ \t]*)[-*+](?:[ \t]|$)/;

interface Level {
  indent: number;
  /** `.` or `)` for a numbered list, `-` for bullets. */
  kind: string;
  next: number;
  /** How many items of the list were seen. */
  items: number;
  /** Numbered `1. 1. 1.` on purpose: left alone. */
  lazy: boolean;
}

/**
 * Renumbers the ordered lists of the list block around line `index` (the lines of list items,
 * of their indented content and blank lines between): in each run of items of the same level
 * the first keeps its number and the others follow it, 1., 2., 3. A list numbered with one
 * number throughout (`1. 1. 1.`) is left as it is. Returns the edits of the numbers.
 */
export function renumberAround(lines: Lines, index: number): TextEdit[] {
  const inList = (i: number) => {
    const text = lines.text(i);
    return text.trim() === '' || /^[ \t]/.test(text) || ORDERED.test(text) || BULLET.test(text);
  };
  if (index < 0 || index >= lines.count || !inList(index)) return [];
  let first = index;
  while (first > 0 && inList(first - 1)) first -= 1;
  let last = index;
  while (last + 1 < lines.count && inList(last + 1)) last += 1;

  const edits: TextEdit[] = [];
  const levels: Level[] = [];
  for (let i = first; i <= last; i += 1) {
    const text = lines.text(i);
    if (text.trim() === '') continue;
    const ordered = ORDERED.exec(text);
    const bullet = ordered ? null : BULLET.exec(text);
    const indent = (ordered ?? bullet)?.[1]!.length ?? /^[ \t]*/.exec(text)![0].length;
    if (!ordered && !bullet) {
      // Content of an item: it ends the lists indented as far as it is or further.
      while (levels.length > 0 && levels.at(-1)!.indent >= indent) levels.pop();
      continue;
    }
    while (levels.length > 0 && levels.at(-1)!.indent > indent) levels.pop();
    const kind = ordered ? ordered[3]! : '-';
    const number = ordered ? Number(ordered[2]) : 0;
    const top = levels.at(-1);
    if (!top || top.indent !== indent || top.kind !== kind) {
      if (top?.indent === indent) levels.pop();
      levels.push({ indent, kind, next: number + 1, items: 1, lazy: false });
      continue;
    }
    if (!ordered) continue;
    // The second item numbered as the first: the list is numbered so on purpose.
    if (top.items === 1 && number === top.next - 1) top.lazy = true;
    top.items += 1;
    if (!top.lazy && number !== top.next) {
      const from = lines.start(i) + indent;
      edits.push({ from, to: from + ordered[2]!.length, insert: String(top.next) });
    }
    top.next += 1;
  }
  return edits;
}
