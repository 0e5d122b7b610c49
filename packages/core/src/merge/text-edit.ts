import DiffMatchPatch from 'diff-match-patch';

/** A replacement of `text.slice(from, to)` by `insert`, positions in the original text. */
export interface TextEdit {
  from: number;
  to: number;
  insert: string;
}

const dmp = new DiffMatchPatch();
// A diff gives up refining after this long and returns a correct but coarser answer.
dmp.Diff_Timeout = 0.5;

/** The edits that turn `a` into `b`, sorted and non-overlapping, grouped into human-sized hunks
 * (semantic clean-up) so that merges and cursors behave as a reader would expect. */
export function diffEdits(a: string, b: string): TextEdit[] {
  if (a === b) return [];
  const diffs = dmp.diff_main(a, b);
  dmp.diff_cleanupSemantic(diffs);
  const edits: TextEdit[] = [];
  let pos = 0;
  let pending: TextEdit | undefined;
  for (const [op, text] of diffs) {
    if (op === DiffMatchPatch.DIFF_EQUAL) {
      if (pending) edits.push(pending);
      pending = undefined;
      pos += text.length;
    } else if (op === DiffMatchPatch.DIFF_DELETE) {
      pending ??= { from: pos, to: pos, insert: '' };
      pending.to += text.length;
      pos += text.length;
    } else {
      pending ??= { from: pos, to: pos, insert: '' };
      pending.insert += text;
    }
  }
  if (pending) edits.push(pending);
  return edits;
}

/** Applies sorted, non-overlapping edits (positions in `text`). */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  let result = '';
  let pos = 0;
  for (const edit of edits) {
    result += text.slice(pos, edit.from) + edit.insert;
    pos = edit.to;
  }
  return result + text.slice(pos);
}
