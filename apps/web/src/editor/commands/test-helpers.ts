import { type Formatter } from './format';

/**
 * Runs `format` on `marked`, a text whose selection is written in it as `«` and `»` (anchor and
 * head; `|` for a cursor), and returns the text afterwards with its selection marked the same
 * way; null when the command does not apply. For the commands' tests.
 */
export function apply(format: Formatter, marked: string): string | null {
  const { text, from, to } = unmark(marked);
  const result = format(text, { from, to });
  if (!result) return null;
  let out = text;
  for (const change of [...result.changes].reverse()) {
    out = out.slice(0, change.from) + change.insert + out.slice(change.to);
  }
  const { anchor, head } = result.selection;
  const start = Math.min(anchor, head);
  const end = Math.max(anchor, head);
  if (start === end && !marked.includes('«')) return out.slice(0, start) + '|' + out.slice(start);
  return out.slice(0, start) + '«' + out.slice(start, end) + '»' + out.slice(end);
}

function unmark(marked: string): { text: string; from: number; to: number } {
  const cursor = marked.indexOf('|');
  if (cursor >= 0) {
    return { text: marked.replace('|', ''), from: cursor, to: cursor };
  }
  const from = marked.indexOf('«');
  const to = marked.indexOf('»') - 1;
  return { text: marked.replace('«', '').replace('»', ''), from, to };
}
