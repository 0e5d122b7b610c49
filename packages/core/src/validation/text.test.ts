import { describe, expect, it, vi } from 'vitest';
import { MAX_TEXT_LENGTH } from '../constants.js';
import { isSanitized, isTextTooLong, sanitizeText, truncate } from './text.js';

describe('truncate', () => {
  it('leaves a string within the limit alone, up to exactly the limit', () => {
    expect(truncate('abc', 3)).toBe('abc');
    expect(truncate('abc', 2)).toBe('ab');
    expect(truncate('abc', 0)).toBe('');
  });

  it('never cuts a surrogate pair in half', () => {
    const text = 'ab😀c'; // '😀' is two code units, at 2 and 3
    expect(truncate(text, 3)).toBe('ab');
    expect(truncate(text, 4)).toBe('ab😀');
    expect(truncate('😀😀', 1)).toBe('');
  });
});

const MAX = MAX_TEXT_LENGTH;

describe('V1 sanitizeText (core §5, raised by ADR 0006: at most 10,000,000 characters, exactly one final newline)', () => {
  it("holds ten million characters (ADR 0006), not the spec's 250,000", () => {
    expect(MAX_TEXT_LENGTH).toBe(10_000_000);
  });

  it.each([
    ['', '\n'],
    ['\n', '\n'],
    ['\n\n\n', '\n'],
    ['abc', 'abc\n'],
    ['abc\n', 'abc\n'],
    ['abc\n\n\n', 'abc\n'],
    ['\nabc', '\nabc\n'],
    ['a\n\nb', 'a\n\nb\n'],
    ['abc \n', 'abc \n'],
    ['abc\r\n', 'abc\r\n'],
  ])('sanitizes %j to %j', (text, expected) => {
    expect(sanitizeText(text)).toBe(expected);
  });

  it('keeps 2,000,000 characters whole: ASCII, CJK (6 MB of UTF-8) and emoji', () => {
    const ascii = 'The quick brown fox. '.repeat(100_000).slice(0, 1_999_999) + '\n';
    const cjk = '長い原稿の文字。'.repeat(250_000).slice(0, 1_999_999) + '\n';
    // 1,999,998 code units of emoji (999,999 astral characters), then a newline: 1,999,999.
    const emoji = '😀🚀'.repeat(499_999) + '😀' + 'x\n';
    for (const text of [ascii, cjk, emoji]) {
      expect(isTextTooLong(text)).toBe(false);
      const sanitized = sanitizeText(text);
      expect(sanitized.length).toBe(text.length);
      expect(sanitized === text).toBe(true);
    }
    expect(cjk).toHaveLength(2_000_000);
    expect(new TextEncoder().encode(cjk).length).toBe(1_999_999 * 3 + 1);
  });

  it('keeps a text of exactly 10,000,000 characters that ends with its newline', () => {
    const text = 'a'.repeat(MAX - 1) + '\n';
    expect(sanitizeText(text) === text).toBe(true);
    expect(isTextTooLong(text)).toBe(false);
  });

  it('cuts one character when 10,000,000 characters leave no room for the newline, and says it is too long', () => {
    const text = 'a'.repeat(MAX);
    const sanitized = sanitizeText(text);
    expect(sanitized).toHaveLength(MAX);
    expect(sanitized.endsWith('aa\n')).toBe(true);
    expect(isTextTooLong(text)).toBe(true);
  });

  it('cuts a text one over the limit back to 10,000,000 characters, and says it is too long', () => {
    const text = 'a'.repeat(MAX) + '\n';
    expect(sanitizeText(text)).toHaveLength(MAX);
    expect(isTextTooLong(text)).toBe(true);
  });

  it('does not count trailing newlines against the limit', () => {
    const text = 'a'.repeat(MAX - 1) + '\n'.repeat(10);
    expect(isTextTooLong(text)).toBe(false);
    expect(sanitizeText(text)).toHaveLength(MAX);
  });

  it('drops a whole emoji rather than half of it at the cut', () => {
    const text = 'a'.repeat(MAX - 2) + '😀' + 'tail';
    const sanitized = sanitizeText(text);
    expect(sanitized).toHaveLength(MAX - 1);
    expect(sanitized.endsWith('aa\n')).toBe(true);
  });

  it('ends with one newline even when the cut lands in a run of newlines', () => {
    const text = 'a'.repeat(MAX - 10) + '\n'.repeat(20) + 'b';
    const sanitized = sanitizeText(text);
    expect(sanitized).toHaveLength(MAX - 9);
    expect(sanitized.endsWith('a\n')).toBe(true);
  });

  it('gives back a storable text itself, without copying it (each save of a long manuscript)', () => {
    const text = 'The quick brown fox. '.repeat(100_000).slice(0, 1_999_999) + '\n';
    const slice = vi.spyOn(String.prototype, 'slice');
    const concat = vi.spyOn(String.prototype, 'concat');
    try {
      expect(sanitizeText(text)).toBe(text);
      expect(slice).not.toHaveBeenCalled();
      expect(concat).not.toHaveBeenCalled();
      // A text that needs its end mended is still mended (and copied, as it must be).
      expect(sanitizeText(`${text}\n\n`)).toBe(text);
      expect(slice).toHaveBeenCalled();
    } finally {
      slice.mockRestore();
      concat.mockRestore();
    }
  });

  it.each([
    ['\n', true],
    ['abc\n', true],
    ['abc\r\n', true],
    ['a\n\nb\n', true],
    ['', false],
    ['abc', false],
    ['abc\n\n', false],
    ['\n\n', false],
  ])('says whether %j is storable as it is (%s)', (text, storable) => {
    expect(isSanitized(text)).toBe(storable);
    expect(sanitizeText(text) === text).toBe(storable);
  });

  it('says a text of exactly 10,000,000 characters is storable, and one more is not', () => {
    expect(isSanitized('a'.repeat(MAX - 1) + '\n')).toBe(true);
    expect(isSanitized('a'.repeat(MAX) + '\n')).toBe(false);
  });

  it('is idempotent', () => {
    for (const text of ['', 'x\n\n', 'a'.repeat(MAX + 5), 'a'.repeat(MAX - 2) + '😀!']) {
      const once = sanitizeText(text);
      expect(sanitizeText(once) === once).toBe(true);
      expect(isTextTooLong(once)).toBe(false);
    }
  });

  it('cuts a run of 10,000,001 newlines to the one final newline (a cut that went back over the run for each newline would not end within the test’s time limit)', () => {
    const text = '\n'.repeat(MAX + 1) + 'x';
    // The cut keeps only newlines, which collapse to the one final newline.
    expect(sanitizeText(text)).toBe('\n');
  });
});
