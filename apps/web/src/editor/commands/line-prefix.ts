import { type TextEdit } from '@inkstone/core';
import { type Formatter, mapPos, selectedLines, type TextRange } from './format';

// A list marker at the start of a line, after its indentation: bullet or number, then a task
// box or not.
const LIST_MARKER = /^(\s*)(?:[-*+]|\d{1,9}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?/;
const BULLET = /^(\s*)[-*+][ \t]+(?!\[[ xX]\][ \t])/;
const NUMBER = /^(\s*)\d{1,9}[.)][ \t]+(?!\[[ xX]\][ \t])/;
const TASK = /^(\s*)(?:[-*+]|\d{1,9}[.)])[ \t]+\[[ xX]\][ \t]+/;
const QUOTE = /^(\s*)> ?/;
const HEADING = /^(#{1,6})(?:[ \t]+|$)/;

/** What a line command puts at the start of a line, and how it recognises it there. */
interface LinePrefix {
  /** The prefix of the `index`th non-blank line touched. */
  prefix(index: number): string;
  /** Matches the prefix already there (group 1: the indentation before it). */
  own: RegExp;
  /** Matches a prefix this one replaces (another kind of list marker), if any. */
  replaces?: RegExp;
}

/**
 * A command that starts each selected line with a prefix (a list marker, `> `), or takes it
 * away when every selected non-blank line has it already. List markers replace one another;
 * the indentation stays. The selection follows its text.
 */
export function prefixLines({ prefix, own, replaces }: LinePrefix): Formatter {
  return (text, selection) => {
    const lines = selectedLines(text, selection);
    const filled = lines.filter((line) => line.text.trim() !== '');
    const targets = filled.length > 0 ? filled : lines.slice(0, 1);
    const remove = filled.length > 0 && filled.every((line) => own.test(line.text));
    const changes: TextEdit[] = targets.map((line, index) => {
      const found = own.exec(line.text) ?? replaces?.exec(line.text);
      const indent = found?.[1]?.length ?? 0;
      const at = line.from + indent;
      const to = found ? line.from + found[0].length : at;
      return { from: at, to, insert: remove ? '' : prefix(index) };
    });
    return { changes, selection: mapSelection(changes, selection) };
  };
}

/** Bullet list: `- `. */
export const unorderedList = prefixLines({
  prefix: () => '- ',
  own: BULLET,
  replaces: LIST_MARKER,
});
/** Numbered list: `1. `, `2. `, `3. `… */
export const orderedList = prefixLines({
  prefix: (index) => `${index + 1}. `,
  own: NUMBER,
  replaces: LIST_MARKER,
});
/** Task list: `- [ ] `. */
export const checkList = prefixLines({ prefix: () => '- [ ] ', own: TASK, replaces: LIST_MARKER });
/** Block quote: `> `. */
export const blockquote = prefixLines({ prefix: () => '> ', own: QUOTE });

/** Heading: a line that is no heading becomes one of level 1; a heading goes one level down,
 * and a level 6 heading back to plain text. Every selected line takes the first one's level. */
export const heading: Formatter = (text, selection) => {
  const lines = selectedLines(text, selection);
  const level = HEADING.exec(lines[0]!.text)?.[1]!.length ?? 0;
  const next = (level + 1) % 7;
  const changes: TextEdit[] = lines
    .filter((line, index) => index === 0 || line.text.trim() !== '')
    .map((line) => {
      const found = HEADING.exec(line.text);
      const to = line.from + (found ? found[0].length : 0);
      return { from: line.from, to, insert: next === 0 ? '' : '#'.repeat(next) + ' ' };
    });
  return { changes, selection: mapSelection(changes, selection) };
};

// The selection after line prefixes changed: each end stays by its text.
function mapSelection(changes: TextEdit[], { from, to }: TextRange) {
  return { anchor: mapPos(changes, from), head: mapPos(changes, to) };
}
