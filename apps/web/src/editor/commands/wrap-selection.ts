import { type Formatter, type FormatResult, type TextRange } from './format';

/**
 * A command that wraps the selection in `marker` (`**` for bold…), or unwraps it when it is
 * wrapped already, inside or just around the selection. Spaces at the ends of the selection
 * stay outside. With nothing selected, `placeholder` is inserted, wrapped and selected.
 */
export function wrapSelection(marker: string, placeholder: string): Formatter {
  return (text, selection) => {
    const range = trimmed(text, selection);
    const inner = text.slice(range.from, range.to);
    const m = marker.length;
    const c = marker[0]!;
    const before = trailing(text.slice(Math.max(0, range.from - 3), range.from), c);
    const after = leading(text.slice(range.to, range.to + 3), c);
    if (isMarked(before, after, marker)) {
      const from = range.from - m;
      return edit(from, range.to + m, inner, from, from + inner.length);
    }
    if (inner.length === 0) {
      const insert = marker + placeholder + marker;
      return edit(
        range.from,
        range.to,
        insert,
        range.from + m,
        range.from + m + placeholder.length,
      );
    }
    if (inner.length >= 2 * m && isMarked(leading(inner, c), trailing(inner, c), marker)) {
      const content = inner.slice(m, -m);
      return edit(range.from, range.to, content, range.from, range.from + content.length);
    }
    const from = range.from;
    return edit(from, range.to, marker + inner + marker, from + m, from + m + inner.length);
  };
}

// Whether runs of `lead` and `trail` marker characters make `marker` around a text: a `*` run
// of 1 or 3 is italic (3 is bold italic), a `**` needs 2 or more.
function isMarked(lead: number, trail: number, marker: string): boolean {
  const fits = (count: number) => count >= marker.length && (marker.length > 1 || count % 2 === 1);
  return fits(lead) && fits(trail);
}

// How many `char`s `text` starts with.
function leading(text: string, char: string): number {
  let count = 0;
  while (text[count] === char) count += 1;
  return count;
}

// How many `char`s `text` ends with.
function trailing(text: string, char: string): number {
  let count = 0;
  while (text[text.length - 1 - count] === char) count += 1;
  return count;
}

// The selection without the spaces at its ends.
function trimmed(text: string, { from, to }: TextRange): TextRange {
  while (from < to && /\s/.test(text[from]!)) from += 1;
  while (to > from && /\s/.test(text[to - 1]!)) to -= 1;
  return { from, to };
}

function edit(
  from: number,
  to: number,
  insert: string,
  anchor: number,
  head: number,
): FormatResult {
  return { changes: [{ from, to, insert }], selection: { anchor, head } };
}
