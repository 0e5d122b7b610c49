// ADR 0006: a text longer than a file holds is never cut; an import splits it into parts.

import { MAX_TEXT_LENGTH } from '../constants.js';

/**
 * Splits `text` into parts that each fit in a file (at most `maxLength - 1` characters, leaving
 * room for the final newline; {@link MAX_TEXT_LENGTH} by default), in order, losing nothing:
 * joined, the parts are the text. A part ends after a line break when there is one in the
 * second half of its room (after the last line of a paragraph, not inside a run of blank lines,
 * which storing would collapse); otherwise it ends at its room, never between the two halves of
 * a surrogate pair. A text that fits is one part, itself.
 */
export function splitText(text: string, maxLength: number = MAX_TEXT_LENGTH): string[] {
  const room = maxLength - 1;
  if (room < 2) throw new RangeError('splitText: maxLength must be at least 3');
  const parts: string[] = [];
  let start = 0;
  while (text.length - start > room) {
    parts.push(text.slice(start, (start = partEnd(text, start, room))));
  }
  // The last part: trailing newlines beyond the room are only collapsed when stored.
  parts.push(text.slice(start));
  return parts;
}

/** Where the part that starts at `start` ends (exclusive), with `room` characters at most. */
function partEnd(text: string, start: number, room: number): number {
  const limit = start + room;
  const floor = start + Math.floor(room / 2);
  // A line break at index i ends the part at i + 1; in a run of them, the first one does.
  let i = text.lastIndexOf('\n', limit - 1);
  while (i > floor && text.charCodeAt(i - 1) === 0x0a) i -= 1;
  if (i >= floor && text.charCodeAt(i - 1) !== 0x0a) return i + 1;
  // No line break to end at: at the room, backing off from a run of line breaks (which storing
  // would collapse) and from the first half of a surrogate pair, as long as the part keeps
  // something.
  let end = limit;
  while (end - 2 > start && text.charCodeAt(end - 1) === 0x0a && text.charCodeAt(end - 2) === 0x0a)
    end -= 1;
  const last = text.charCodeAt(end - 1);
  return last >= 0xd800 && last <= 0xdbff && end - 1 > start ? end - 1 : end;
}
