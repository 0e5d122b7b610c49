/** A named count shown in the status bar (spec interface §3). */
export interface Statistic {
  name: string;
  value: number;
}

const countMatches = (text: string, pattern: RegExp) => {
  let count = 0;
  pattern.lastIndex = 0;
  while (pattern.exec(text)) count += 1;
  return count;
};

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

/** Statistics of the markdown text: bytes (UTF-8), words (runs of non-space) and lines. */
export function textStatistics(text: string): Statistic[] {
  return [
    { name: 'Bytes', value: utf8ByteLength(text) },
    { name: 'Words', value: countMatches(text, /\S+/g) },
    { name: 'Lines', value: text === '' ? 0 : text.replace(/\n$/, '').split('\n').length },
  ];
}

/** Statistics of the rendered preview's text: characters (not counting white space), words and
 * paragraphs (non-empty lines of the rendered text). */
export function previewStatistics(renderedText: string): Statistic[] {
  return [
    { name: 'Characters', value: countMatches(renderedText, /\S/g) },
    { name: 'Words', value: countMatches(renderedText, /\S+/g) },
    { name: 'Paragraphs', value: countMatches(renderedText, /\S.*/g) },
  ];
}
