import { describe, expect, it } from 'vitest';
import {
  canRemoveComment,
  canRemoveDiscussion,
  checkComment,
  ellipsize,
  newDiscussion,
  withoutDiscussion,
} from './talk.js';

describe('comments and discussions', () => {
  it('trims a comment, ignores a blank one and refuses one over 2,000 characters', () => {
    expect(checkComment('  Why?\n')).toEqual({ text: 'Why?' });
    expect(checkComment(' \n\t ')).toBeNull();
    expect(checkComment('x'.repeat(2000))).toEqual({ text: 'x'.repeat(2000) });
    expect(checkComment('x'.repeat(2001))).toEqual({ error: 'Comment is too long.' });
  });

  it('names a discussion by its selection, trimmed, 80 characters with an ellipsis', () => {
    expect(newDiscussion('  brown fox ', 4, 16)).toEqual({ text: 'brown fox', start: 4, end: 16 });
    const long = newDiscussion('a'.repeat(100), 0, 100).text;
    expect(long).toBe(`${'a'.repeat(80)}…`);
    expect(ellipsize('short')).toBe('short');
  });

  it('lets the author remove a comment, and anyone an empty discussion', () => {
    const talk = {
      discussions: { d: { text: 'x', start: 0, end: 1 }, e: { text: 'y', start: 2, end: 3 } },
      comments: { c: { discussionId: 'd', sub: 'ann', text: 'hi', created: 1 } },
    };
    expect(canRemoveComment(talk.comments.c, 'ann')).toBe(true);
    expect(canRemoveComment(talk.comments.c, 'bob')).toBe(false);
    expect(canRemoveComment(talk.comments.c, undefined)).toBe(false);
    expect(canRemoveDiscussion(talk, 'd', 'bob')).toBe(false);
    expect(canRemoveDiscussion(talk, 'd', 'ann')).toBe(true);
    expect(canRemoveDiscussion(talk, 'e', 'bob')).toBe(true);
    expect(withoutDiscussion(talk, 'd')).toEqual({
      discussions: { e: talk.discussions.e },
      comments: {},
    });
  });
});
