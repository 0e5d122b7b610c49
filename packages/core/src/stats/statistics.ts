import { countCharacters, isSpace, WordCounter } from './word-count.js';

/** A named count shown in the status bar (spec interface §3). */
export interface Statistic {
  name: string;
  value: number;
}

// Non-empty lines of a text: those holding a character that is not white space (as `/\S.*/g`
// counts them, lines ending at \n, \r, U+2028 or U+2029), counted without a regular
// expression, whose last match (RegExp.input) would keep the whole text alive.
function countParagraphs(text: string): number {
  let count = 0;
  let filled = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 0x0a || code === 0x0d || code === 0x2028 || code === 0x2029) {
      if (filled) count += 1;
      filled = false;
    } else if (!filled && !isSpace(code)) filled = true;
  }
  return filled ? count + 1 : count;
}

/** Size of a string in UTF-8 bytes, without encoding it. */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i += 1;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** Statistics of the markdown text: bytes (UTF-8), words and lines. Words are runs of
 * non-space characters, those of Chinese, Japanese and other scripts written without spaces
 * cut into words by the word segmenter (word-count.ts). A `words` counter kept from one call
 * to the next segments again only what changed. `words` may also be the word count of `text`
 * already counted (the result of `WordCounter.countInSteps`): the text is then not read for
 * words again (at 1,000,000 characters, 20 to 30 ms). */
export function textStatistics(
  text: string,
  words: WordCounter | number = new WordCounter(),
): Statistic[] {
  return [
    { name: 'Bytes', value: utf8ByteLength(text) },
    { name: 'Words', value: typeof words === 'number' ? words : words.count(text) },
    { name: 'Lines', value: countLines(text) },
  ];
}

/** Statistics of the rendered preview's text: characters (not counting white space; a
 * character outside the Basic Multilingual Plane counts once), words (as `textStatistics`
 * counts them) and paragraphs (non-empty lines of the rendered text). */
export function previewStatistics(renderedText: string, words = new WordCounter()): Statistic[] {
  return [
    { name: 'Characters', value: countCharacters(renderedText) },
    { name: 'Words', value: words.count(renderedText) },
    { name: 'Paragraphs', value: countParagraphs(renderedText) },
  ];
}

// Lines of the text; a final newline does not start a new one.
function countLines(text: string): number {
  if (text === '') return 0;
  let lines = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines += 1;
  return text.endsWith('\n') ? lines - 1 : lines;
}
