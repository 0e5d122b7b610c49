// Spec core §5: "Text is cut at 250000 characters and ends with exactly one newline." Inkstone
// holds up to MAX_TEXT_LENGTH (10,000,000) and never cuts silently: every path that could go past
// it checks first (the editor refuses, an import splits; docs/adr/0006-long-texts.md).

import { MAX_TEXT_LENGTH } from '../constants.js';

/**
 * Cuts a string to at most `maxLength` UTF-16 code units (what JavaScript and the spec count as
 * characters) without splitting a surrogate pair: when the cut would fall between the two halves
 * of an astral character such as an emoji, the whole character goes. Grapheme clusters (a letter
 * and its combining marks, emoji joined by U+200D) may still be split.
 */
export function truncate(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  let end = Math.max(0, maxLength);
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return text.slice(0, end);
}

/** Removes every trailing `\n`. A loop, not `/\n+$/`, which is quadratic on long runs. */
function trimTrailingNewlines(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0x0a) end -= 1;
  return text.slice(0, end);
}

/**
 * Makes a text storable: at most {@link MAX_TEXT_LENGTH} (10,000,000) characters, the final newline
 * included, ending with exactly one `\n` (trailing newlines are collapsed to one; an empty text
 * becomes `"\n"`). Over-long text loses its end, never half of a surrogate pair. Only `\n` counts
 * as a newline: a trailing `\r\n` keeps its `\r`. Idempotent.
 */
export function sanitizeText(text: string): string {
  // Already storable (every save of an editor's text, every version read back): the same
  // string, not a copy. At 250,000 characters a copy is 0.5 MB, and the session, the explorer's
  // search index and the editor would each keep their own (docs/concepts/long-manuscripts.md).
  if (isSanitized(text)) return text;
  const body = truncate(trimTrailingNewlines(text), MAX_TEXT_LENGTH - 1);
  return `${trimTrailingNewlines(body)}\n`;
}

/** Whether `text` is already as {@link sanitizeText} makes it: at most {@link MAX_TEXT_LENGTH}
 * characters, ending with exactly one `\n`. */
export function isSanitized(text: string): boolean {
  const { length } = text;
  return (
    length <= MAX_TEXT_LENGTH &&
    text.charCodeAt(length - 1) === 0x0a &&
    (length === 1 || text.charCodeAt(length - 2) !== 0x0a)
  );
}

/**
 * Whether {@link sanitizeText} would cut the text, i.e. lose more than trailing newlines: the
 * text without its trailing newlines is longer than 9,999,999 characters, leaving no room for the
 * final newline within {@link MAX_TEXT_LENGTH}. The editor refuses such input instead of letting
 * the text be cut silently.
 */
export function isTextTooLong(text: string): boolean {
  return trimTrailingNewlines(text).length > MAX_TEXT_LENGTH - 1;
}
