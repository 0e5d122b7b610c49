import { type Discussion } from '../items/types.js';
import { diffEdits, type TextEdit } from '../merge/text-edit.js';

/** Shown where a discussion's text is gone (spec interface §8). */
export const DISCUSSION_NOT_LOCATABLE = "Discussion can't be located in the file.";

/** Whether a discussion's range still covers some text of `text` (one of `length` characters):
 * a range whose text was deleted has collapsed to an empty one. Such a discussion stays listed,
 * marked with {@link DISCUSSION_NOT_LOCATABLE}; it is never dropped. */
export function isLocatable(discussion: Discussion, length: number): boolean {
  return discussion.start < discussion.end && discussion.end <= length;
}

/** Where `pos` of a text goes once sorted, non-overlapping `edits` (positions in that text) are
 * applied. A range's start (`side` 'start') goes after text inserted at it and an end ('end')
 * before: text typed at a range's edge stays out of it. A position in deleted text goes to the
 * same side of the replacement, so a range whose text was all replaced collapses. */
export function mapOffset(pos: number, edits: readonly TextEdit[], side: 'start' | 'end'): number {
  let shift = 0;
  for (const edit of edits) {
    if (edit.from > pos) break;
    if (edit.to >= pos) {
      return side === 'start' ? edit.from + shift + edit.insert.length : edit.from + shift;
    }
    shift += edit.insert.length - (edit.to - edit.from);
  }
  return pos + shift;
}

/** A discussion's range moved through `edits`: what is left of its text, or an empty range where
 * its text was deleted. The same object when nothing moved. */
export function mapDiscussion(discussion: Discussion, edits: readonly TextEdit[]): Discussion {
  const start = mapOffset(discussion.start, edits, 'start');
  const end = Math.max(start, mapOffset(discussion.end, edits, 'end'));
  if (start === discussion.start && end === discussion.end) return discussion;
  return { ...discussion, start, end };
}

/** Every discussion's range moved through `edits` (see {@link mapDiscussion}); the same record
 * when none moved. */
export function mapDiscussions(
  discussions: Record<string, Discussion>,
  edits: readonly TextEdit[],
): Record<string, Discussion> {
  if (edits.length === 0) return discussions;
  let changed = false;
  const mapped: Record<string, Discussion> = {};
  for (const [id, discussion] of Object.entries(discussions)) {
    mapped[id] = mapDiscussion(discussion, edits);
    if (mapped[id] !== discussion) changed = true;
  }
  return changed ? mapped : discussions;
}

/** Moves discussions anchored in `from` to the same words of `to`, when no change set is known
 * (a merge's result, a restored revision): the words' differences are found with
 * diff-match-patch, edits never cutting a word, with no semantic clean-up (which would swallow
 * a few unchanged words between two edits, and a discussion on them). */
export function remapDiscussions(
  discussions: Record<string, Discussion>,
  from: string,
  to: string,
): Record<string, Discussion> {
  if (from === to || Object.keys(discussions).length === 0) return discussions;
  return mapDiscussions(discussions, wordEdits(from, to));
}

// A word with the spaces after it, a line break, or one other character with the spaces after
// it: the units of `wordEdits`. (With spaces apart, a diff with no clean-up matches the spaces
// between words and replaces each word by another in place of deleting and inserting runs.)
const UNIT = /[\p{L}\p{N}\p{M}_]+[^\S\n]*|\n|[^\S\n]+|[^\s\p{L}\p{N}\p{M}_][^\S\n]*/gu;
const MAX_UNITS = 0xffff - 0x800;

// The smallest edits, whole units at a time, that turn `a` into `b` (no semantic clean-up, which
// would swallow a few unchanged words between two edits, and a discussion on them).
function wordEdits(a: string, b: string): TextEdit[] {
  const ids = new Map<string, number>();
  const units: string[] = [];
  const encode = (text: string) => {
    let encoded = '';
    for (const unit of text.match(UNIT) ?? []) {
      let id = ids.get(unit);
      if (id === undefined) {
        id = units.length;
        units.push(unit);
        ids.set(unit, id);
      }
      encoded += String.fromCharCode(id < 0xd800 ? id : id + 0x800);
    }
    return encoded;
  };
  const encodedA = encode(a);
  const encodedB = encode(b);
  if (units.length > MAX_UNITS) return diffEdits(a, b, false);
  const unitOf = (char: string) => {
    const code = char.charCodeAt(0);
    return units[code < 0xd800 ? code : code - 0x800]!;
  };
  const offsets = [0];
  for (const char of encodedA) offsets.push(offsets[offsets.length - 1]! + unitOf(char).length);
  return diffEdits(encodedA, encodedB, false).map((edit) => ({
    from: offsets[edit.from]!,
    to: offsets[edit.to]!,
    insert: [...edit.insert].map(unitOf).join(''),
  }));
}
