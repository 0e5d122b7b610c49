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

describe('statistics of a long text keep no copy of it behind them', () => {
  const legacy = RegExp as unknown as { input: string; lastMatch: string };

  it('counts paragraphs as the non-empty lines of the rendered text, whatever ends them', () => {
    const cases = [
      'One\r\nTwo\rThree\u2028Four\u2029Five',
      '\u00a0\n\t \n\u3000x\n \n',
      '',
      '\n\n\n',
      'last line without a newline',
    ];
    for (const text of cases) {
      const expected = text.match(/\S.*/g)?.length ?? 0;
      expect(asRecord(previewStatistics(text)).Paragraphs).toBe(expected);
    }
    expect(asRecord(previewStatistics('One\r\nTwo\rThree\u2028Four\u2029Five')).Paragraphs).toBe(5);
  });

  it('leaves no regular expression holding the text it counted (RegExp.input)', () => {
    // Chinese runs go through the script tests and the clause splitter, each a regular
    // expression whose last subject would be a slice of the text, keeping all of it alive.
    const text = '今天天气很好，我们去公园散步。Some words here.\n'.repeat(10_000);
    /x/.exec('x marks the spot');
    expect(asRecord(previewStatistics(text)).Paragraphs).toBe(10_000);
    expect(legacy.input).toBe('');
    expect(asRecord(textStatistics(text)).Lines).toBe(10_000);
    expect(legacy.input).toBe('');
  });
});
