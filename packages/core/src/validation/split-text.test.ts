import { describe, expect, it } from 'vitest';
import { MAX_TEXT_LENGTH } from '../constants.js';
import { splitText } from './split-text.js';
import { isTextTooLong, sanitizeText } from './text.js';

describe('splitText (ADR 0006: a text over the limit is split, never cut)', () => {
  it('keeps a text that fits as its one part', () => {
    expect(splitText('abc\n', 10)).toEqual(['abc\n']);
    const text = 'a'.repeat(2_000_000);
    expect(splitText(text)).toEqual([text]);
  });

  it('ends each part after the last line of a paragraph in its second half', () => {
    const text = 'aaa\nbbb\n\n\ncc\ndddd';
    // Room of 9 characters: after "aaa\nbbb\n" (the run of blank lines is not split).
    expect(splitText(text, 10)).toEqual(['aaa\nbbb\n', '\n\ncc\ndddd']);
  });

  it('cuts at the room when there is no line break, never inside an emoji', () => {
    expect(splitText('abcdefghij', 5)).toEqual(['abcd', 'efgh', 'ij']);
    // '😀' is two code units: a cut after "abc" would take its first half.
    expect(splitText('abc😀defg', 5)).toEqual(['abc', '😀de', 'fg']);
  });

  it('splits a text over ten million characters into parts that each fit, losing nothing', () => {
    const line = '長い原稿の一行 with emoji 🚀 and words.\n';
    const text = line.repeat(Math.ceil((MAX_TEXT_LENGTH * 1.5) / line.length));
    const parts = splitText(text);
    expect(parts).toHaveLength(2);
    expect(parts.join('') === text).toBe(true);
    for (const part of parts) {
      expect(isTextTooLong(part)).toBe(false);
      expect(sanitizeText(part) === part).toBe(true);
    }
  });
});
