import { type TextEdit } from '@inkstone/core';
import { type Formatter, mapPos, selectedLines } from './format';

const ITEM = /^([ \t]*)(?:[-*+]|\d{1,9}[.)])[ \t]+/;
const NUMBER = /^([ \t]*)(\d{1,9})[.)]/;

/**
 * Tab in a list: the selected list items go one level down, under the item before them, indented
 * to where its text starts (so `1. a` takes its sub-items 3 spaces in); a numbered item that
 * starts a sub-list is numbered 1. Null when the first
 * selected line is no list item, or has no item before it to go under.
 */
export const indentListItem: Formatter = (text, selection) => {
  const lines = selectedLines(text, selection);
  const first = ITEM.exec(lines[0]!.text);
  if (!first) return null;
  const parent = itemBefore(text, lines[0]!.from, first[1]!.length);
  if (parent === undefined) return null;
  const add = ' '.repeat(parent - first[1]!.length);
  const changes: TextEdit[] = lines
    .filter((line) => line.text.trim() !== '')
    .map((line) => ({ from: line.from, to: line.from, insert: add }));
  // A numbered item that starts a new sub-list is its number 1.
  const number = NUMBER.exec(lines[0]!.text);
  if (number && number[2] !== '1' && !followsNumberAt(text, lines[0]!.from, parent)) {
    const at = lines[0]!.from + number[1]!.length;
    changes.splice(1, 0, { from: at, to: at + number[2]!.length, insert: '1' });
  }
  return {
    changes,
    selection: { anchor: mapPos(changes, selection.from), head: mapPos(changes, selection.to) },
  };
};

// Whether the last non-blank line before `lineFrom` is a numbered item indented by `column`.
function followsNumberAt(text: string, lineFrom: number, column: number): boolean {
  const above = text.slice(0, Math.max(0, lineFrom - 1)).trimEnd();
  const line = above.slice(above.lastIndexOf('\n') + 1);
  return NUMBER.exec(line)?.[1]!.length === column;
}

// Where the text of the closest item above `lineFrom` at indentation `indent` starts (its
// column), if that item is in the same list block.
function itemBefore(text: string, lineFrom: number, indent: number): number | undefined {
  let end = lineFrom - 1;
  while (end > 0) {
    const start = text.lastIndexOf('\n', end - 1) + 1;
    const line = text.slice(start, end);
    const item = ITEM.exec(line);
    if (item && item[1]!.length === indent) return item[0].length;
    if (item && item[1]!.length < indent) return undefined;
    if (!item && line.trim() !== '' && !/^[ \t]/.test(line)) return undefined;
    end = start - 1;
  }
  return undefined;
}
