import { describe, expect, it } from 'vitest';
import { previewStatistics, textStatistics } from './statistics.js';
import {
  countCharacters,
  mayBeUnspaced,
  segmentedWords,
  UNSPACED,
  WordCounter,
} from './word-count.js';

const words = (text: string) => new WordCounter().count(text);

// How the status bar counted before Chinese and Japanese were segmented: the figures any text
// without them must still give.
const runsOfNonSpace = (text: string) => text.match(/\S+/g)?.length ?? 0;

// A seeded generator (Park–Miller), so that a failure replays.
function random(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 48271) % 2147483647;
    return state % below;
  };
}

// Text from pieces chosen at random.
function randomText(next: (below: number) => number, pieces: readonly string[], length: number) {
  let text = '';
  while (text.length < length) text += pieces[next(pieces.length)];
  return text;
}

/** Latin text, markdown, numbers, every kind of white space, emoji and Korean: no script
 * written without spaces. */
const SPACED_PIECES = [
  'word',
  'Hello,',
  "don't",
  'e-mail',
  '1,250.75',
  '**bold**',
  '`code`',
  '#',
  '##',
  '-',
  '--',
  '[link](https://example.com/a_b)',
  'naïve',
  'Ελληνικά',
  'русский',
  '😀',
  '👩‍💻',
  '한국어는',
  '“quoted”',
  '—',
  '…',
  ' ',
  ' ',
  ' ',
  '\n',
  '\n\n',
  '\t',
  '\r\n',
  '\u00a0',
  '\u2003',
  '\u3000',
  '\u2028',
  '\u200b',
  '\ufeff',
  '\u000b',
  '\u001c',
];

describe('words of text without unspaced scripts: the figures of before', () => {
  it('counts runs of non-space characters, whatever the punctuation and white space', () => {
    const next = random(24);
    for (let round = 0; round < 300; round += 1) {
      const text = randomText(next, SPACED_PIECES, next(400));
      expect(words(text), JSON.stringify(text)).toBe(runsOfNonSpace(text));
    }
  });

  it('gives the status bar the same figures for English markdown', () => {
    const text = "# Title\n\nSome *words*, 1,000 of them — don't e-mail.\n\n- [ ] a task\n";
    expect(textStatistics(text)).toEqual([
      // 67 characters, the dash three bytes.
      { name: 'Bytes', value: 69 },
      // #, Title, Some, *words*, 1,000, of, them, —, don't, e-mail., -, [, ], a, task
      { name: 'Words', value: 15 },
      { name: 'Lines', value: 5 },
    ]);
    expect(previewStatistics("Title\nSome words, 1,000 of them — don't e-mail.\na task")).toEqual([
      { name: 'Characters', value: 44 },
      { name: 'Words', value: 11 },
      { name: 'Paragraphs', value: 3 },
    ]);
  });

  it('counts Korean by its spaces, as Korean readers count words', () => {
    expect(words('오늘은 날씨가 좋아서 친구와 함께 공원을 산책했습니다.')).toBe(7);
    expect(words('2024년 3월')).toBe(2);
  });

  it('counts Korean written with Chinese characters (Hanja) by its spaces too', () => {
    // Segmented, 大韓民國은 was two words and 韓國語를 three.
    expect(words('大韓民國은 韓國語를 배운다')).toBe(3);
    expect(words('大韓民國은')).toBe(1);
    expect(words('韓國語를')).toBe(1);
  });
});

describe('words of Chinese, Japanese and Thai: as the segmenter cuts them', () => {
  it('counts the words of a paragraph of Chinese, not one word', () => {
    expect(words('今天天气很好，我和朋友去公园散步。')).toBe(9);
    expect(words('我们写作。\n\n今天天气很好。')).toBe(5);
  });

  it('counts Japanese and Thai', () => {
    expect(words('猫が好きです。')).toBe(4);
    expect(words('ภาษาไทยง่ายนิดเดียว')).toBe(5);
  });

  it('looks at the scripts of every run that holds a character of an unspaced script', () => {
    const missed: string[] = [];
    for (let code = 0; code < 0x110000; code += 1) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const character = String.fromCodePoint(code);
      if (UNSPACED.test(character) && !mayBeUnspaced(character.charCodeAt(0))) {
        missed.push(code.toString(16));
      }
    }
    expect(missed).toEqual([]);
  });

  it('counts mixed text: Latin words inside a run of Chinese are words of their own', () => {
    expect(words('I bought an iPhone，用iPhone拍照。')).toBe(7);
    expect(words('Markdown 文件 and 中文')).toBe(4);
    expect(words('「你好」 😀 中文😀表情')).toBe(4);
  });

  it('counts a run of signs that are no word as one word, as before: a lone 々', () => {
    expect(segmentedWords('々')).toBe(1);
    expect(words('々 今天')).toBe(2);
  });

  it('cuts long runs without changing the count', () => {
    // The words the segmenter finds in the whole run, uncut.
    const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });
    const uncut = (run: string) =>
      [...segmenter.segment(run)].filter((segment) => segment.isWordLike).length;
    const sentence = '今天天气很好，我和朋友去公园散步。';
    expect(words(sentence.repeat(3_000))).toBe(9 * 3_000);
    // No punctuation at all, pieces of about 200 code units: after one character, a cut every
    // 200 would fall inside a word of two (我 天气 天气 …).
    const odd = `我${'天气'.repeat(300)}`;
    expect(uncut(odd)).toBe(301);
    expect(segmentedWords(odd)).toBe(uncut(odd));
    // A word longer than a piece (a Latin run inside Chinese) is not cut either.
    const long = `我${'天气'.repeat(99)}${'x'.repeat(300)}${'天气'.repeat(10)}`;
    expect(segmentedWords(long)).toBe(uncut(long));
    expect(segmentedWords(long)).toBe(1 + 99 + 1 + 10);
    // A character outside the Basic Multilingual Plane is never cut in two.
    for (const run of ['𠮷'.repeat(150), `${'天'.repeat(199)}𠮷`, `我${'𠮷天'.repeat(120)}`]) {
      expect(segmentedWords(run), run.slice(0, 4)).toBe(uncut(run));
    }
  });

  it('counts a text again after edits as a fresh count does, the same counter kept', () => {
    const next = random(7);
    const pieces = [
      '今天',
      '天气',
      '很好',
      '。',
      '，',
      '我们',
      'iPhone',
      ' ',
      '\n\n',
      'word',
      'が',
    ];
    const counter = new WordCounter();
    let text = randomText(next, pieces, 2_000);
    for (let edit = 0; edit < 100; edit += 1) {
      const at = next(text.length + 1);
      const removed = next(20);
      text = text.slice(0, at) + randomText(next, pieces, next(12)) + text.slice(at + removed);
      expect(counter.count(text)).toBe(words(text));
    }
  });
});

describe('counting in steps', () => {
  // Runs a count to its end; the number of pauses and the count.
  const run = (steps: Generator<void, number, void>) => {
    let pauses = 0;
    for (;;) {
      const step = steps.next();
      if (step.done) return { pauses, words: step.value };
      pauses += 1;
    }
  };
  const paragraphs = Array.from({ length: 400 }, (_, i) => `第${i}段。今天天气很好，我们写作。`);
  const text = paragraphs.join('\n\n');

  it('pauses every thousand code units or so of new runs, and counts as count does', () => {
    const { pauses, words: counted } = run(new WordCounter().countInSteps(text));
    expect(counted).toBe(words(text));
    expect(pauses).toBeGreaterThanOrEqual(Math.floor(text.length / 1_100));
    expect(pauses).toBeLessThanOrEqual(Math.ceil(text.length / 1_000));
  });

  it('pauses every 100,000 code units read in a text with nothing to segment, and counts as count does', () => {
    const long = 'A line of prose written with spaces, as most manuscripts are.\n'.repeat(17_000);
    expect(long.length).toBeGreaterThan(1_000_000);
    const { pauses, words: counted } = run(new WordCounter().countInSteps(long));
    expect(counted).toBe(words(long));
    expect(counted).toBe(11 * 17_000);
    expect(pauses).toBe(Math.floor(long.length / 100_000));
  });

  it('does not segment again what the last count, even unfinished, segmented', () => {
    const counter = new WordCounter();
    const first = counter.countInSteps(text);
    for (let step = 0; step < 5; step += 1) first.next();
    const resumed = run(counter.countInSteps(text));
    expect(resumed.words).toBe(words(text));
    expect(resumed.pauses).toBeLessThan(run(new WordCounter().countInSteps(text)).pauses - 4);
    // An edit of one paragraph: one run to segment again, no pause.
    const edited = text.replace('第7段。', '第七段。');
    expect(run(counter.countInSteps(edited))).toEqual({ pauses: 0, words: words(edited) });
  });
});

describe('characters', () => {
  it('counts non-space characters, white space as \\s means it', () => {
    const wrong: string[] = [];
    for (let code = 0; code < 0xffff; code += 1) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const character = String.fromCharCode(code);
      if (countCharacters(character) !== (/\s/.test(character) ? 0 : 1)) {
        wrong.push(code.toString(16));
      }
    }
    expect(wrong).toEqual([]);
  });

  it('counts a character outside the Basic Multilingual Plane once', () => {
    expect(countCharacters('𠮷野家 😀')).toBe(4);
    // A lone surrogate is a character of its own.
    expect(countCharacters('\ud842 \udfb7')).toBe(2);
  });
});
