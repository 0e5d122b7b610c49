import { type Discussion } from '../items/types.js';
import { diffWordEdits, type TextEdit } from '../merge/text-edit.js';

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
 * diff-match-patch, edits never cutting a word. */
export function remapDiscussions(
  discussions: Record<string, Discussion>,
  from: string,
  to: string,
): Record<string, Discussion> {
  if (from === to || Object.keys(discussions).length === 0) return discussions;
  return mapDiscussions(discussions, diffWordEdits(from, to));
}
