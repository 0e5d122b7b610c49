import { type Formatter, replaceRange, selectedLines } from './format';
import { wrapSelection } from './wrap-selection';

const inlineCode = wrapSelection('`', 'code');
const FENCE = /^(`{3,}|~{3,})/;

/** Code: inline backticks around a selection on one line (or a placeholder); a fenced block
 * around the whole lines of a selection over several, or the fences taken away when the
 * selected lines are a fenced block already. */
export const code: Formatter = (text, selection) => {
  const lines = selectedLines(text, selection);
  if (lines.length === 1) return inlineCode(text, selection);
  const first = lines[0]!;
  const last = lines.at(-1)!;
  if (FENCE.test(first.text) && FENCE.test(last.text) && lines.length >= 2) {
    const inner = text.slice(lines[1]!.from, Math.max(lines[1]!.from, last.from - 1));
    return replaceRange({ from: first.from, to: last.to }, inner, [0, inner.length]);
  }
  const body = text.slice(first.from, last.to);
  return replaceRange({ from: first.from, to: last.to }, '```\n' + body + '\n```', [
    4,
    4 + body.length,
  ]);
};

const TABLE_HEAD = '| Column 1 | Column 2 |\n| -------- | -------- |\n';
const TABLE_ROW = '| Text     | Text     |';

/** Table: a two-column table template on lines of its own, after the selected lines, with a
 * blank line on either side; the first header cell is selected to be typed over. */
export const table: Formatter = (text, selection) => {
  const last = selectedLines(text, selection).at(-1)!;
  const blankLine = last.text.trim() === '';
  const before = blankLine
    ? last.from > 0 && !text.endsWith('\n\n', last.from)
      ? '\n'
      : ''
    : '\n\n';
  const after = text.length > last.to + 1 && text[last.to + 1] !== '\n' ? '\n' : '';
  const from = blankLine ? last.from : last.to;
  const insert = before + TABLE_HEAD + TABLE_ROW + after;
  const head = before.length + 2;
  return replaceRange({ from, to: last.to }, insert, [head, head + 'Column 1'.length]);
};
