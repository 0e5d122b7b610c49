import { describe, expect, it } from 'vitest';
import { MAX_TEXT_LENGTH } from '../constants.js';
import { isTextTooLong, sanitizeText, truncate } from './text.js';

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

describe('V1 sanitizeText (core §5: cut at 250000 characters, exactly one final newline)', () => {
  it('uses the spec limit of 250,000 characters', () => {
    expect(MAX_TEXT_LENGTH).toBe(250_000);
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

  it('keeps a text of exactly 250,000 characters that ends with its newline', () => {
    const text = 'a'.repeat(249_999) + '\n';
    expect(sanitizeText(text)).toBe(text);
    expect(isTextTooLong(text)).toBe(false);
  });

  it('cuts one character when 250,000 characters leave no room for the newline', () => {
    const text = 'a'.repeat(250_000);
    const sanitized = sanitizeText(text);
    expect(sanitized).toHaveLength(250_000);
    expect(sanitized).toBe('a'.repeat(249_999) + '\n');
    expect(isTextTooLong(text)).toBe(true);
  });

  it('cuts a text one over the limit back to 250,000 characters', () => {
    const text = 'a'.repeat(250_000) + '\n';
    expect(sanitizeText(text)).toHaveLength(250_000);
    expect(isTextTooLong(text)).toBe(true);
  });

  it('does not count trailing newlines against the limit', () => {
    const text = 'a'.repeat(249_999) + '\n'.repeat(10);
    expect(isTextTooLong(text)).toBe(false);
    expect(sanitizeText(text)).toBe('a'.repeat(249_999) + '\n');
  });

  it('drops a whole emoji rather than half of it at the cut', () => {
    const text = 'a'.repeat(249_998) + '😀' + 'tail';
    const sanitized = sanitizeText(text);
    expect(sanitized).toBe('a'.repeat(249_998) + '\n');
    expect(sanitized).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('ends with one newline even when the cut lands in a run of newlines', () => {
    const text = 'a'.repeat(249_990) + '\n'.repeat(20) + 'b';
    expect(sanitizeText(text)).toBe('a'.repeat(249_990) + '\n');
  });

  it('is idempotent', () => {
    for (const text of ['', 'x\n\n', 'a'.repeat(300_000), 'a'.repeat(249_998) + '😀!']) {
      const once = sanitizeText(text);
      expect(sanitizeText(once)).toBe(once);
      expect(isTextTooLong(once)).toBe(false);
    }
  });

  it('handles a long run of newlines in linear time', () => {
    const text = '\n'.repeat(1_000_000) + 'x';
    const start = performance.now();
    // The cut keeps only newlines, which collapse to the one final newline.
    expect(sanitizeText(text)).toBe('\n');
    expect(performance.now() - start).toBeLessThan(1_000);
  });
});
