import { describe, expect, it } from 'vitest';
import { blockquote, checkList, heading, orderedList, unorderedList } from './line-prefix';
import { apply } from './test-helpers';

describe('list and quote commands', () => {
  it('prefix every selected line, leaving blank lines alone', () => {
    expect(apply(unorderedList, '«one\ntwo»')).toBe('- «one\n- two»');
    expect(apply(orderedList, '«one\n\ntwo\nthree»')).toBe('1. «one\n\n2. two\n3. three»');
    expect(apply(checkList, 'a «word» here')).toBe('- [ ] a «word» here');
    expect(apply(blockquote, '«one\ntwo»')).toBe('> «one\n> two»');
  });

  it('prefix the line of a cursor, even an empty one', () => {
    expect(apply(unorderedList, 'wo|rd')).toBe('- wo|rd');
    expect(apply(orderedList, '|')).toBe('1. |');
  });

  it('toggle off when every line has the prefix', () => {
    expect(apply(unorderedList, '- «one\n- two»')).toBe('«one\ntwo»');
    expect(apply(orderedList, '1. «one\n2. two»')).toBe('«one\ntwo»');
    expect(apply(checkList, '- [x] «done»')).toBe('«done»');
    expect(apply(blockquote, '> «quoted»')).toBe('«quoted»');
  });

  it('replace another kind of list marker, keeping the indentation', () => {
    expect(apply(orderedList, '«- one\n  - two»')).toBe('1. «one\n  2. two»');
    expect(apply(unorderedList, '- [ ] «task»')).toBe('- «task»');
    expect(apply(checkList, '«1. one\n- two»')).toBe('- [ ] «one\n- [ ] two»');
  });

  it('leaves a line the selection ends at the start of', () => {
    expect(apply(unorderedList, '«one\n»two')).toBe('- «one\n»two');
  });
});

describe('heading', () => {
  it('adds a level 1 heading, then cycles the level', () => {
    expect(apply(heading, 'Ti|tle')).toBe('# Ti|tle');
    expect(apply(heading, '# Ti|tle')).toBe('## Ti|tle');
    expect(apply(heading, '##### «Title»')).toBe('###### «Title»');
    expect(apply(heading, '###### «Title»')).toBe('«Title»');
  });
});
