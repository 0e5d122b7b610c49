import type { BlockContext, LeafBlock, Line } from '@lezer/markdown';
import { textHash } from '@inkstone/markdown/essentials';

/** A long block the editor's parser reads in runs (a paragraph, a table: long-paragraphs.ts,
 * long-tables.ts) is never cut before it has this many lines, and always after this many. */
export const RUN_MIN_LINES = 32;
export const RUN_MAX_LINES = 128;
// Between the two, it is cut before a line whose text's hash has its top 4 bits clear (about one
// line in 16): where the cuts fall depends on the lines' text, not on their count, so after an
// edit the cuts below it fall where they did and the parse of the runs there is reused.
const CUT_SHIFT = 28;

/** Counts the lines of leaf blocks as an `endLeaf` hook sees them, one counter per hook. */
export class LineCounter {
  private readonly seen = new WeakMap<LeafBlock, number>();

  /** How many lines `leaf` has with the line the hook is asked about. */
  next(leaf: LeafBlock): number {
    const lines = (this.seen.get(leaf) ?? 1) + 1;
    this.seen.set(leaf, lines);
    return lines;
  }
}

/** Whether a run that has `lines` lines with `line` (more than RUN_MIN_LINES) ends before it. */
export function endsRun(lines: number, line: Line): boolean {
  return lines > RUN_MAX_LINES || textHash(line.text) >>> CUT_SHIFT === 0;
}

/** Whether `line` is a lazy continuation line: it matched fewer containers (quotes, list items)
 * than the block being read is in, so a run starting there would start outside them. */
export function isLazy(cx: BlockContext, line: Line): boolean {
  return (line as unknown as { depth?: number }).depth !== cx.depth;
}
