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
 * (semantic clean-up) so that merges and cursors behave as a reader would expect. With
 * `semantic` false, the smallest edits, with no clean-up: what moving a position needs (a
 * clean-up swallows a few unchanged words between two edits into one hunk, and a discussion on
 * them would lose its text). */
export function diffEdits(a: string, b: string, semantic = true): TextEdit[] {
  if (a === b) return [];
  const diffs = dmp.diff_main(a, b);
  if (semantic) dmp.diff_cleanupSemantic(diffs);
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

// A word, a line break, a run of other white space, or one other character: the units
// `diffWordEdits` never splits. Line breaks stand alone, so spaces typed at the end of a line do
// not change the line break after them.
const TOKEN = /\n|[^\S\n]+|[\p{L}\p{N}\p{M}_]+|[^\s\p{L}\p{N}\p{M}_]/gu;
// Tokens are diffed as one UTF-16 unit each, outside the surrogate range.
const MAX_TOKENS = 0xffff - 0x800;
const tokenChar = (index: number) => String.fromCharCode(index < 0xd800 ? index : index + 0x800);

/** Like {@link diffEdits}, but every edit starts and ends at a word boundary: a word is never
 * split between an edit and unchanged text. Three-way merges use it, so that two edits near each
 * other cannot interleave the letters of their words. Falls back to {@link diffEdits} on texts
 * with more distinct words than it can encode. */
export function diffWordEdits(a: string, b: string): TextEdit[] {
  if (a === b) return [];
  const tokens: string[] = [];
  const index = new Map<string, number>();
  const encode = (text: string) => {
    let encoded = '';
    for (const token of text.match(TOKEN) ?? []) {
      let i = index.get(token);
      if (i === undefined) {
        i = tokens.length;
        tokens.push(token);
        index.set(token, i);
      }
      encoded += tokenChar(i);
    }
    return encoded;
  };
  const encodedA = encode(a);
  const encodedB = encode(b);
  if (tokens.length > MAX_TOKENS) return diffEdits(a, b);
  const tokenAt = (char: string) => {
    const code = char.charCodeAt(0);
    return tokens[code < 0xd800 ? code : code - 0x800]!;
  };
  // offsets[i]: where the i-th token of `a` starts in `a`.
  const offsets = [0];
  for (const char of encodedA) offsets.push(offsets[offsets.length - 1]! + tokenAt(char).length);
  return diffEdits(encodedA, encodedB).map((edit) => ({
    from: offsets[edit.from]!,
    to: offsets[edit.to]!,
    insert: [...edit.insert].map(tokenAt).join(''),
  }));
}
