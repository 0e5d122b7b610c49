import { describe, expect, it } from 'vitest';
import { LineIndex } from './line-index.js';

const linesOf = (index: LineIndex) =>
  Array.from({ length: index.lineCount }, (_, i) => index.lines(i, i + 1));

describe('LineIndex', () => {
  it('indexes the lines of a text', () => {
    const index = new LineIndex();
    index.reset('a\nbb\n\nccc');
    expect(index.lineCount).toBe(4);
    expect(linesOf(index)).toEqual(['a\n', 'bb\n', '\n', 'ccc']);
    expect(index.lineOf(0)).toBe(0);
    expect(index.lineOf(2)).toBe(1);
    expect(index.lineOf(5)).toBe(2);
    expect(index.lineOf(9)).toBe(3);
  });

  it('keeps line starts right through random changes', () => {
    let seed = 3;
    const random = (n: number) => {
      seed = (seed * 16807) % 2147483647;
      return seed % n;
    };
    const index = new LineIndex();
    let text = 'one\ntwo\nthree\n';
    index.reset(text);
    for (let i = 0; i < 2000; i += 1) {
      const from = random(text.length + 1);
      const to = from + random(Math.min(6, text.length - from + 1));
      const insert = ['', 'x', '\n', 'a\nb', '\n\n', 'word '][random(6)]!;
      const before = text.slice(0, from).split('\n').length - 1;
      const change = index.apply({ from, to, insert });
      text = text.slice(0, from) + insert + text.slice(to);
      expect(change.startLine).toBe(before);
      expect(index.text).toBe(text);
      const fresh = new LineIndex();
      fresh.reset(text);
      expect(linesOf(index)).toEqual(linesOf(fresh));
    }
  });

  it('refuses a change outside the text', () => {
    const index = new LineIndex();
    index.reset('abc');
    expect(() => index.apply({ from: 2, to: 9, insert: '' })).toThrow(RangeError);
  });
});
