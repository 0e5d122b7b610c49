import { describe, expect, it } from 'vitest';
import {
  findMatches,
  type FindMatch,
  matchIndexAt,
  nextMatchIndex,
  previousMatchIndex,
} from './matches';
import { compileQuery } from './query';

const find = (text: string, query: string, regexp = false, caseSensitive = false) =>
  findMatches(text, compileQuery({ text: query, regexp, caseSensitive }));
const spans = (matches: FindMatch[]) => matches.map(({ from, to }) => [from, to]);

describe('findMatches', () => {
  it('finds every occurrence, with or without case', () => {
    expect(spans(find('Cat cat CAT', 'cat'))).toEqual([
      [0, 3],
      [4, 7],
      [8, 11],
    ]);
    expect(spans(find('Cat cat CAT', 'cat', false, true))).toEqual([[4, 7]]);
  });

  it('keeps the groups of a regular expression', () => {
    const [match] = find('mail ann@example.com now', '(\\w+)@example\\.com', true);
    expect(match).toMatchObject({ from: 5, to: 20, groups: ['ann@example.com', 'ann'] });
  });

  it('goes on after an empty match instead of looping', () => {
    expect(spans(find('ab\ncd', '^', true))).toEqual([
      [0, 0],
      [3, 3],
    ]);
    expect(find('aaa', 'x*', true)).toHaveLength(4);
    // A surrogate pair is one character: no match between its halves.
    expect(spans(find('😀', '', true))).toEqual([]);
    expect(spans(find('😀', 'x?', true))).toEqual([
      [0, 0],
      [2, 2],
    ]);
  });

  it('finds nothing for an invalid regular expression or an empty text', () => {
    expect(find('a(b', '(', true)).toEqual([]);
    expect(find('abc', '')).toEqual([]);
  });
});

describe('moving between matches', () => {
  const matches = find('one two one two one', 'one');
  // one at 0, 8 and 16.

  it('goes forward from the caret or the selected match, wrapping at the end', () => {
    expect(nextMatchIndex(matches, { from: 0, to: 0 })).toBe(0);
    expect(nextMatchIndex(matches, { from: 0, to: 3 })).toBe(1);
    expect(nextMatchIndex(matches, { from: 5, to: 5 })).toBe(1);
    expect(nextMatchIndex(matches, { from: 16, to: 19 })).toBe(0);
  });

  it('goes backward, wrapping at the start', () => {
    expect(previousMatchIndex(matches, { from: 8, to: 11 })).toBe(0);
    expect(previousMatchIndex(matches, { from: 12, to: 12 })).toBe(1);
    expect(previousMatchIndex(matches, { from: 0, to: 3 })).toBe(2);
    expect(previousMatchIndex(matches, { from: 2, to: 2 })).toBe(2);
  });

  it('moves between empty matches too', () => {
    const lines = find('a\nb\nc', '^', true);
    expect(nextMatchIndex(lines, { from: 0, to: 0 })).toBe(1);
    expect(previousMatchIndex(lines, { from: 2, to: 2 })).toBe(0);
  });

  it('tells which match the selection is', () => {
    expect(matchIndexAt(matches, { from: 8, to: 11 })).toBe(1);
    expect(matchIndexAt(matches, { from: 8, to: 10 })).toBe(-1);
    expect(nextMatchIndex([], { from: 0, to: 0 })).toBe(-1);
  });
});
