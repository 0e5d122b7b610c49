import { describe, expect, it } from 'vitest';
import { compileQuery, INVALID_REGEXP_MESSAGE } from './query';

describe('compileQuery', () => {
  it('takes plain text literally, ignoring case unless asked', () => {
    const loose = compileQuery({ text: 'a.b(c)', caseSensitive: false, regexp: false });
    expect(loose.kind === 'ok' && loose.pattern.test('xA.B(C)')).toBe(true);
    const strict = compileQuery({ text: 'a.b(c)', caseSensitive: true, regexp: false });
    expect(strict.kind === 'ok' && strict.pattern.test('A.B(C)')).toBe(false);
    const dot = compileQuery({ text: 'a.b', caseSensitive: false, regexp: false });
    expect(dot.kind === 'ok' && dot.pattern.test('axb')).toBe(false);
  });

  it('reads a regular expression whose ^ and $ match at each line', () => {
    const query = compileQuery({ text: '^b$', caseSensitive: true, regexp: true });
    expect(query.kind === 'ok' && query.pattern.test('a\nb\nc')).toBe(true);
  });

  it('explains an invalid regular expression instead of throwing', () => {
    const query = compileQuery({ text: '(unclosed', caseSensitive: false, regexp: true });
    expect(query.kind).toBe('invalid');
    expect(query.kind === 'invalid' && query.message).toBe(
      `${INVALID_REGEXP_MESSAGE}: Unterminated group`,
    );
    // The same text is fine when not a regular expression.
    expect(compileQuery({ text: '(unclosed', caseSensitive: false, regexp: false }).kind).toBe(
      'ok',
    );
  });

  it('has nothing to look for when the text is empty', () => {
    expect(compileQuery({ text: '', caseSensitive: false, regexp: true })).toEqual({
      kind: 'empty',
    });
  });
});
