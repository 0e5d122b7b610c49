import { truncate } from '../validation/text.js';
import { type Comment, type Discussion } from '../items/types.js';
import { type Talk } from './merge-talk.js';

/** Longest comment, in characters (spec interface §9). */
export const COMMENT_MAX_LENGTH = 2000;
/** Longest discussion text and gutter comment before an ellipsis (spec interface §9). */
export const DISCUSSION_TEXT_LENGTH = 80;
/** Said of a comment over {@link COMMENT_MAX_LENGTH} characters (spec interface §8). */
export const COMMENT_TOO_LONG = 'Comment is too long.';
/** The author's name when their user info has none (spec interface §3). */
export const UNKNOWN_AUTHOR = 'Someone';

/** `text` cut to `length` characters, an ellipsis in place of the rest. */
export function ellipsize(text: string, length = DISCUSSION_TEXT_LENGTH): string {
  return text.length <= length ? text : `${truncate(text, length)}…`;
}

/** A new comment's text checked (spec interface §5): trimmed; null when blank (the comment is
 * ignored); an error over {@link COMMENT_MAX_LENGTH} characters. */
export function checkComment(text: string): { text: string } | { error: string } | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (trimmed.length > COMMENT_MAX_LENGTH) return { error: COMMENT_TOO_LONG };
  return { text: trimmed };
}

/** A discussion on `selection` of the text, from `start` to `end`: its text the selection
 * trimmed and cut to 80 characters with an ellipsis. */
export function newDiscussion(selection: string, start: number, end: number): Discussion {
  return { text: ellipsize(selection.trim().replace(/\s+/g, ' ')), start, end };
}

/** The comments of one discussion, oldest first, with their ids. */
export function discussionComments(talk: Talk, discussionId: string): (Comment & { id: string })[] {
  return Object.entries(talk.comments)
    .filter(([, comment]) => comment.discussionId === discussionId)
    .map(([id, comment]) => ({ ...comment, id }))
    .sort((a, b) => a.created - b.created || (a.id < b.id ? -1 : 1));
}

/** The discussions in the order of the text (not locatable ones last), with their ids. */
export function orderedDiscussions(talk: Talk): (Discussion & { id: string })[] {
  const key = (d: Discussion) => (d.start < d.end ? d.start : Number.MAX_SAFE_INTEGER);
  return Object.entries(talk.discussions)
    .map(([id, discussion]) => ({ ...discussion, id }))
    .sort((a, b) => key(a) - key(b) || (a.id < b.id ? -1 : 1));
}

/** Who may remove what (the spec leaves it open; docs/how-to/discussions.md): a comment, its
 * author; a discussion, anyone once it has no comments, else the author of every comment in it
 * (removing it removes them). */
export function canRemoveComment(comment: Comment, sub: string | undefined): boolean {
  return sub !== undefined && comment.sub === sub;
}

/** See {@link canRemoveComment}. */
export function canRemoveDiscussion(talk: Talk, discussionId: string, sub: string | undefined) {
  return discussionComments(talk, discussionId).every((comment) => canRemoveComment(comment, sub));
}

/** `talk` without a comment. */
export function withoutComment(talk: Talk, commentId: string): Talk {
  const { [commentId]: _removed, ...comments } = talk.comments;
  return { discussions: talk.discussions, comments };
}

/** `talk` without a discussion and its comments. */
export function withoutDiscussion(talk: Talk, discussionId: string): Talk {
  const { [discussionId]: _removed, ...discussions } = talk.discussions;
  const comments = Object.fromEntries(
    Object.entries(talk.comments).filter(([, c]) => c.discussionId !== discussionId),
  );
  return { discussions, comments };
}
