import { describe, expect, it } from 'vitest';
import { DEFAULT_NAME, MAX_NAME_LENGTH } from '../constants.js';
import { nameWasStripped, sanitizeFilename, sanitizeName } from './name.js';

describe('V2 sanitizeName (core §5: cut at 250 characters, default Untitled)', () => {
  it('uses the spec values', () => {
    expect(MAX_NAME_LENGTH).toBe(250);
    expect(DEFAULT_NAME).toBe('Untitled');
  });

  it.each([
    ['Notes', 'Notes'],
    ['  Notes  ', 'Notes'],
    ['', 'Untitled'],
    ['   ', 'Untitled'],
    ['\t\n', 'Untitled'],
    ['a/b', 'a/b'],
  ])('sanitizes %j to %j', (name, expected) => {
    expect(sanitizeName(name)).toBe(expected);
  });

  it('keeps a name of exactly 250 characters and cuts one of 251', () => {
    expect(sanitizeName('n'.repeat(250))).toBe('n'.repeat(250));
    expect(sanitizeName('n'.repeat(251))).toBe('n'.repeat(250));
  });

  it('trims after cutting, and cuts after trimming', () => {
    expect(sanitizeName('n'.repeat(249) + ' tail')).toBe('n'.repeat(249));
    expect(sanitizeName('   ' + 'n'.repeat(250))).toBe('n'.repeat(250));
  });

  it('does not cut a surrogate pair in half', () => {
    expect(sanitizeName('n'.repeat(249) + '😀')).toBe('n'.repeat(249));
    expect(sanitizeName('n'.repeat(248) + '😀')).toBe('n'.repeat(248) + '😀');
  });
});

describe('V2 sanitizeFilename (core §5: slashes, control characters and spaces collapsed)', () => {
  it.each([
    ['a//b', 'a b'],
    ['a/b/c', 'a b c'],
    ['/a/', 'a'],
    ['///', 'Untitled'],
    ['a\tb', 'a b'],
    ['a\nb\r\nc', 'a b c'],
    ['a \t/\n b', 'a b'],
    ['a   b', 'a b'],
    ['a\u0000b\u001fc\u007fd', 'a b c d'],
    ['a\u0085b\u009fc', 'a b c'],
    ['a\u00a0b\u2003c\u3000d', 'a b c d'],
    ['\u0000\u0001', 'Untitled'],
    ['back\\slash', 'back\\slash'],
    ['😀 notes', '😀 notes'],
    ['Plan: 2024 (draft).v2', 'Plan: 2024 (draft).v2'],
  ])('sanitizes %j to %j', (name, expected) => {
    expect(sanitizeFilename(name)).toBe(expected);
  });

  it('cuts at 250 characters after collapsing', () => {
    expect(sanitizeFilename('a//' + 'n'.repeat(300))).toBe('a ' + 'n'.repeat(248));
  });

  it('is idempotent', () => {
    for (const name of ['a//b', ' x\t', '///', 'n'.repeat(260), 'a\u0085b']) {
      const once = sanitizeFilename(name);
      expect(sanitizeFilename(once)).toBe(once);
    }
  });
});

describe('nameWasStripped (core §5: a changed name shows the stripName dialog)', () => {
  const check = (name: string) => nameWasStripped(name, sanitizeFilename(name));

  it('is false when the name is kept', () => {
    expect(check('Notes')).toBe(false);
    expect(check('Untitled')).toBe(false);
  });

  it('is false for spaces trimmed at the ends and for a blank name given the default', () => {
    expect(check('  Notes ')).toBe(false);
    expect(check('')).toBe(false);
    expect(check('   ')).toBe(false);
  });

  it('is true when characters were replaced, collapsed or cut', () => {
    expect(check('a//b')).toBe(true);
    expect(check('a\tb')).toBe(true);
    expect(check('a  b')).toBe(true);
    expect(check('n'.repeat(251))).toBe(true);
  });

  it('is true when a name of only slashes became Untitled', () => {
    expect(check('///')).toBe(true);
  });
});
