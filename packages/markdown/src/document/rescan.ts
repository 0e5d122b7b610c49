import type MarkdownIt from 'markdown-it';
import { type ScannedBlock, scanBlocks } from './block-scanner.js';
import { definesSomething } from './definitions.js';
import { type LineIndex } from './line-index.js';
import { type Unit } from './unit.js';

/** Lines a block rule may look past the end of its block when deciding where it ends. */
export const LOOKAHEAD = 3;

/** Lines of text a slice of a re-scan in slices reads at a time (more when one block is longer):
 * a few milliseconds of markdown-it's block rules. */
export const SLICE_LINES = 512;

/** A block found by a re-scan: lines absolute, its text, and whether it defines something. */
export interface FoundBlock extends ScannedBlock {
  source: string;
  defines: boolean;
}

/**
 * The re-scan of the top-level blocks around a change: from the block before the change until
 * the scan meets an old block boundary after it (or the end of the text). It can be left
 * unfinished between slices: `line` is always a block boundary the scan has proved (the blocks
 * before it parse the same whatever follows), so it resumes there as if it had never stopped.
 */
export interface Rescan {
  /** Index of the first old block the scan replaces. */
  first: number;
  /** Index of the first old block wholly after the change (moved by its lines already). */
  after: number;
  /** Last line of the change in the new text. */
  newEndLine: number;
  /** Line where the scan goes on: a proved block boundary (absolute). */
  line: number;
  /** Line where the first window ends, the scan being done in one go (as `BlockList` always
   * scanned); null when scanning in slices. */
  windowEnd: number | null;
  /** The blocks found so far, in order. */
  blocks: FoundBlock[];
  /** Set once the scan met an old boundary or the end: index of the first old block kept. */
  keptFrom: number | null;
}

/**
 * Scans on from `rescan.line` until the scan meets an old block boundary after the change (or
 * the end of the text): true then. With `shouldYield`, it reads `SLICE_LINES` lines at a time
 * and stops at a proved boundary once `shouldYield` says so (false: call again to go on).
 * Without it, the scan runs in one go, in a window that doubles until the scan can stop.
 */
export function advanceRescan(
  md: MarkdownIt,
  lines: LineIndex,
  units: readonly Unit[],
  rescan: Rescan,
  shouldYield?: () => boolean,
): boolean {
  const lineCount = lines.lineCount;
  let size = SLICE_LINES;
  for (;;) {
    const start = rescan.line;
    const windowEnd = rescan.windowEnd ?? Math.min(lineCount, start + size);
    const atEnd = windowEnd >= lineCount;
    let next = rescan.after;
    // The last block start the scan proved in this window (one a window's end cannot move).
    let proved = -1;
    let yielded = false;
    const result = scanBlocks(md, lines.lines(start, windowEnd), (relative) => {
      const line = start + relative;
      if (!atEnd && line > windowEnd - LOOKAHEAD) return false;
      if (line > rescan.newEndLine) {
        while (next < units.length && units[next]!.start < line) next += 1;
        if (next < units.length && units[next]!.start === line) return true;
      }
      if (shouldYield?.()) return (yielded = true);
      proved = line;
      return false;
    });
    const keep = (upTo: number) => {
      for (const block of result.blocks) {
        const blockStart = start + block.start;
        if (blockStart >= upTo) break;
        const blockEnd = start + block.end;
        rescan.blocks.push({
          ...block,
          start: blockStart,
          end: blockEnd,
          source: lines.lines(blockStart, blockEnd),
          defines: definesSomething(block),
        });
      }
      rescan.line = upTo;
    };
    if (yielded) {
      keep(start + result.next);
      return false;
    }
    if (result.stopped || atEnd) {
      keep(Infinity);
      rescan.keptFrom = result.stopped ? next : units.length;
      return true;
    }
    if (rescan.windowEnd !== null) {
      // (The scan in one go starts again from its first line with a window twice as long.)
      rescan.windowEnd = Math.min(lineCount, start + 2 * (windowEnd - start) + 16);
    } else if (proved > start) {
      keep(proved);
      size = SLICE_LINES;
    } else {
      // One block longer than the window: read more lines at once.
      size = 2 * size + 16;
    }
  }
}
