import { type TextEdit } from '@inkstone/core';

// A task list item's marker: list bullet or number, then `[ ]`, `[x]` or `[X]`. Block quote
// markers may come first.
const TASK = /^((?:[ \t]*>)*[ \t]*(?:[-+*]|\d{1,9}[.)])[ \t]+\[)([ xX])\]/;

/**
 * Toggles the task marker of the list item on a line (`[ ]` ↔ `[x]`), as a click on its box in
 * the preview asks. `lineText` is the line's text and `lineStart` its offset in the document.
 * Returns the edit, or null when the line holds no task item.
 */
export function toggleTask(lineText: string, lineStart: number): TextEdit | null {
  const match = TASK.exec(lineText);
  if (!match) return null;
  const at = lineStart + match[1]!.length;
  return { from: at, to: at + 1, insert: match[2] === ' ' ? 'x' : ' ' };
}
