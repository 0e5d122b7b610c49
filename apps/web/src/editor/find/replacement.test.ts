import { describe, expect, it } from 'vitest';
import { findMatches } from './matches';
import { compileQuery } from './query';
import { replacementFor } from './replacement';

const first = (text: string, pattern: string) =>
  findMatches(text, compileQuery({ text: pattern, regexp: true, caseSensitive: true }))[0]!;

describe('replacementFor', () => {
  const match = first('bob@example.com', '(\\w+)@(example)\\.(?<tld>com)');

  it('fills in groups, the whole match and dollar signs as String.replace does', () => {
    expect(replacementFor(match, '$1 at $2', true)).toBe('bob at example');
    expect(replacementFor(match, '[$&]', true)).toBe('[bob@example.com]');
    expect(replacementFor(match, '$$1 costs $', true)).toBe('$1 costs $');
    expect(replacementFor(match, '$<tld>!', true)).toBe('com!');
    // No group 12: group 1 then "2". No group 9: left as written.
    expect(replacementFor(match, '$12 $9 $0', true)).toBe('bob2 $9 $0');
  });

  it('agrees with String.prototype.replace', () => {
    const text = 'x-12-y';
    const pattern = '(\\d)(\\d)?';
    for (const template of ['$2$1', '<$&>', '$$$1', '$3', '$10']) {
      const expected = text.replace(new RegExp(pattern), template);
      const found = first(text, pattern);
      const replaced =
        text.slice(0, found.from) + replacementFor(found, template, true) + text.slice(found.to);
      expect(replaced).toBe(expected);
    }
  });

  it('gives an unmatched optional group as nothing', () => {
    expect(replacementFor(first('a', 'a(b)?'), '[$1]', true)).toBe('[]');
  });

  it('takes the replacement literally without a regular expression', () => {
    expect(replacementFor(match, '$1 & $&', false)).toBe('$1 & $&');
  });
});
