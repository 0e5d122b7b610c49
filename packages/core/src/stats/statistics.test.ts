import { describe, expect, it } from 'vitest';
import { previewStatistics, textStatistics, utf8ByteLength } from './statistics.js';
import { WordCounter } from './word-count.js';

const asRecord = (stats: { name: string; value: number }[]) =>
  Object.fromEntries(stats.map((stat) => [stat.name, stat.value]));

describe('status bar statistics (interface §3)', () => {
  it('counts bytes, words and lines of the text', () => {
    expect(asRecord(textStatistics('# Hello\n\nSome *words* here.\n'))).toEqual({
      Bytes: 28,
      Words: 5,
      Lines: 3,
    });
    expect(asRecord(textStatistics(''))).toEqual({ Bytes: 0, Words: 0, Lines: 0 });
    expect(asRecord(textStatistics('no newline'))).toMatchObject({ Lines: 1 });
  });

  it('takes a word count counted already (in steps) instead of reading the text again', () => {
    const text = '# Hello\n\nSome *words* here.\n';
    const steps = new WordCounter().countInSteps(text);
    let step = steps.next();
    while (!step.done) step = steps.next();
    expect(textStatistics(text, step.value)).toEqual(textStatistics(text));
  });

  it('counts bytes as UTF-8', () => {
    expect(utf8ByteLength('é')).toBe(2);
    expect(utf8ByteLength('€')).toBe(3);
    expect(utf8ByteLength('😀')).toBe(4);
    expect(asRecord(textStatistics('naïve 😀\n')).Bytes).toBe(12);
  });

  it('counts characters, words and paragraphs of the rendered text', () => {
    expect(asRecord(previewStatistics('Hello\n\nSome words here.\n  \nLast one'))).toEqual({
      Characters: 5 + 14 + 7,
      Words: 1 + 3 + 2,
      Paragraphs: 3,
    });
  });
});
