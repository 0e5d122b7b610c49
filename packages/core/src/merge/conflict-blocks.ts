import { CONFLICT_MARKERS } from './conflict-markers.js';
import { type TextEdit } from './text-edit.js';

/** A conflict block found in a text (as `mergeText` writes them): both versions of the lines
 * that two sides changed differently, between marker lines. */
export interface ConflictBlock {
  /** Where its start marker line begins. */
  from: number;
  /** Where its end marker line ends (before that line's line break). */
  to: number;
  /** The first version (`<<<<<<< label` … `=======`), without the line break before the
   * separator. */
  local: string;
  /** The second version (`=======` … `>>>>>>> label`). */
  remote: string;
  /** The names on the start and end markers ('' when a marker has none). */
  localLabel: string;
  remoteLabel: string;
  /** The block's line break, for keeping both versions: `\r\n` when its marker lines end so. */
  lineBreak: '\n' | '\r\n';
}

/** Which version of a conflict block to keep: the first, the second, or both (the first, then
 * the second). */
export type ConflictChoice = 'local' | 'remote' | 'both';

type Marker = 'start' | 'separator' | 'end';

const MARKER_CHARS = new Set(['<', '=', '>']);

// The marker a line is, if any: seven characters alone or followed by a space and a label
// (so `========` under a heading or a `>>>>>>>>` quote is no marker).
function markerOf(line: string): { marker: Marker; label: string } | undefined {
  if (line === CONFLICT_MARKERS.separator) return { marker: 'separator', label: '' };
  for (const marker of ['start', 'end'] as const) {
    const sign = CONFLICT_MARKERS[marker];
    if (line === sign) return { marker, label: '' };
    if (line.startsWith(`${sign} `)) return { marker, label: line.slice(sign.length + 1).trim() };
  }
  return undefined;
}

/** Whether `text` may hold a conflict block: a cheap test before {@link findConflictBlocks}. */
export function mayHaveConflicts(text: string): boolean {
  return text.includes(CONFLICT_MARKERS.start);
}

/**
 * The well-formed conflict blocks of `text`, in order: a start marker line, a separator line,
 * an end marker line, each marker on a line of its own. Lines may end in `\n` or `\r\n`. Marker
 * lines that do not make such a block are ignored (a start marker again before the separator
 * starts the block anew; a separator or end marker outside a block is text). Where a version
 * holds a separator line itself, the first one separates, as git reads it.
 */
export function findConflictBlocks(text: string): ConflictBlock[] {
  const blocks: ConflictBlock[] = [];
  let open:
    { from: number; label: string; content: number; crlf: boolean; separator?: number } | undefined;
  // The end of the content before the line starting at `lineFrom` (its line break excluded).
  const before = (lineFrom: number, content: number) => {
    if (lineFrom <= content) return content;
    const end = lineFrom - 1;
    return end > content && text.charCodeAt(end - 1) === 0x0d ? end - 1 : end;
  };
  let lineFrom = 0;
  while (lineFrom <= text.length) {
    const newline = text.indexOf('\n', lineFrom);
    const lineEnd = newline === -1 ? text.length : newline;
    const crlf = lineEnd > lineFrom && text.charCodeAt(lineEnd - 1) === 0x0d;
    // (Only a line starting with a marker's character is read.)
    const found = MARKER_CHARS.has(text.charAt(lineFrom))
      ? markerOf(text.slice(lineFrom, crlf ? lineEnd - 1 : lineEnd))
      : undefined;
    if (found?.marker === 'start') {
      open = { from: lineFrom, label: found.label, content: lineEnd + 1, crlf };
    } else if (found?.marker === 'separator' && open && open.separator === undefined) {
      open.separator = lineFrom;
    } else if (found?.marker === 'end' && open) {
      if (open.separator !== undefined) {
        const separatorEnd = text.indexOf('\n', open.separator);
        const remoteFrom = separatorEnd + 1;
        blocks.push({
          from: open.from,
          to: crlf ? lineEnd - 1 : lineEnd,
          local: text.slice(open.content, before(open.separator, open.content)),
          remote: text.slice(remoteFrom, before(lineFrom, remoteFrom)),
          localLabel: open.label,
          remoteLabel: found.label,
          lineBreak: open.crlf ? '\r\n' : '\n',
        });
      }
      open = undefined;
    }
    if (newline === -1) break;
    lineFrom = newline + 1;
  }
  return blocks;
}

/** The edit that resolves `block` by `choice`: the block, markers and all, becomes the version
 * chosen, or both versions one after the other (an empty one left out). */
export function conflictResolution(block: ConflictBlock, choice: ConflictChoice): TextEdit {
  const versions =
    choice === 'local'
      ? [block.local]
      : choice === 'remote'
        ? [block.remote]
        : [block.local, block.remote].filter((version) => version !== '');
  return { from: block.from, to: block.to, insert: versions.join(block.lineBreak) };
}

/** `text` with `block` resolved by `choice` (see {@link conflictResolution}). */
export function resolveConflict(
  text: string,
  block: ConflictBlock,
  choice: ConflictChoice,
): string {
  const { from, to, insert } = conflictResolution(block, choice);
  return text.slice(0, from) + insert + text.slice(to);
}
