import type MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';
import { scanBlocks } from './block-scanner.js';
import { editCode } from './code-edit.js';
import { type Definitions, definesSomething } from './definitions.js';
import { type DocumentChanges } from './document-changes.js';
import { type LineIndex, type TextChange } from './line-index.js';
import { editListPart } from './list-edit.js';
import { lowerBound } from './lower-bound.js';
import { normalizeText } from './pipeline.js';
import { type RemovedBlocks } from './removed-blocks.js';
import { createUnit, invalidatePart, linksAcross, type Unit, type UnitPart } from './unit.js';

// Lines a block rule may look past the end of its block when deciding where it ends.
const LOOKAHEAD = 3;

/**
 * The top-level blocks of a document, kept in step with its text as it is edited. A change
 * re-scans the blocks from a little before it until the scan meets the old block boundaries
 * again after it (a top-level boundary carries no parser state); the blocks before and after
 * are kept as they were, those after moved by the lines the change added or took away. A block
 * scanned again to the same text keeps its work, as does one that comes back from `removed`.
 * What the changes leave for the next update goes to `changes`.
 */
export class BlockList {
  /** The blocks, in order. */
  units: Unit[] = [];

  constructor(
    private readonly md: MarkdownIt,
    private readonly lines: LineIndex,
    private readonly definitions: Definitions,
    private readonly removed: RemovedBlocks,
    private readonly changes: DocumentChanges,
  ) {}

  /** Replaces the whole text (normalised already) and scans all of it. */
  reset(text: string): void {
    this.lines.reset(text);
    // The text given, not `lines.text` joined anew: the tokens kept per block hold slices of
    // what was scanned, and a joined copy stayed alive beside the editor's (0.5 MB at 250k).
    this.units = scanBlocks(this.md, text).blocks.map((block) =>
      createUnit(
        block.start,
        block.end,
        this.lines.lines(block.start, block.end),
        block.tokens,
        block.env,
      ),
    );
  }

  /** Applies one change of the text (offsets in the current text). */
  apply(change: TextChange): void {
    const insert = normalizeText(change.insert);
    const lineChange = this.lines.apply({ ...change, insert });
    const { startLine, oldEndLine, newEndLine } = lineChange;
    const delta = newEndLine - oldEndLine;
    const units = this.units;
    const changes = this.changes;
    // An edit inside long fenced code, or inside one part of a long list, needs no scan.
    const index = lowerBound(units, (unit) => unit.end > startLine);
    const edited = units[index];
    const replacement =
      edited &&
      (editCode(edited, this.lines, lineChange) ??
        editListPart(this.md, edited, this.lines, lineChange));
    if (replacement) {
      this.replace(index, replacement, delta);
      return;
    }
    // From the block before the first one the change (or a block's look-ahead) can reach.
    let first = lowerBound(units, (unit) => unit.end > startLine - LOOKAHEAD);
    first = Math.max(0, Math.min(first, units.length - 1) - 1);
    // (Only before the first block can the change start above it: blank lines, a boundary.)
    const from = Math.min(units[first]?.start ?? 0, startLine);
    // Blocks wholly after the change keep their text: they move by `delta` lines.
    const after = lowerBound(units, (unit) => unit.start > oldEndLine);
    this.move(after, delta);
    // (Past the start of the block after the edited one at least: a scan in a long block goes on
    // to its end, and one scan of it is cheaper than a short one, then a longer one.)
    let windowEnd = Math.max(
      newEndLine + 2 * LOOKAHEAD,
      units[after + 2]?.start ?? 0,
      (units[after]?.start ?? this.lines.lineCount) + 2 * LOOKAHEAD,
    );
    for (;;) {
      const atEnd = windowEnd >= this.lines.lineCount;
      let next = after;
      const result = scanBlocks(this.md, this.lines.lines(from, windowEnd), (relative) => {
        const line = from + relative;
        if (line <= newEndLine || (!atEnd && line > windowEnd - LOOKAHEAD)) return false;
        while (next < units.length && units[next]!.start < line) next += 1;
        return next < units.length && units[next]!.start === line;
      });
      if (result.stopped || atEnd) {
        const count = (result.stopped ? next : units.length) - first;
        const reusable = units.slice(first, first + count);
        if (reusable.some(definesSomething) || result.blocks.some((b) => definesSomething(b))) {
          changes.definitionsChanged = true;
        }
        const fresh = result.blocks.map((block) =>
          this.unitFor(from + block.start, from + block.end, block.tokens, block.env, reusable),
        );
        // (What is left of `reusable` leaves the document.)
        if (reusable.some(linksAcross)) changes.crossBlockChanged = true;
        units.splice(first, count, ...fresh);
        for (const unit of fresh) changes.fresh.add(unit);
        for (const unit of reusable) changes.fresh.delete(unit);
        // The parts of a long list or table that changed go to the blocks that replace it: an
        // edit in one item leaves the other parts as they were.
        const pool = new Map<string, UnitPart>();
        for (const unit of reusable) {
          if (unit.parts.length < 2) continue;
          for (const part of unit.parts) pool.set(part.key, part);
          unit.spent = true;
        }
        if (pool.size > 0) for (const unit of fresh) if (unit.needsInline) unit.pool = pool;
        this.removed.keep(reusable);
        return;
      }
      windowEnd = Math.min(this.lines.lineCount, from + 2 * (windowEnd - from) + 16);
    }
  }

  // Puts `replacement` in the place of block `index`, which an edit changed without a scan (its
  // parts go to the replacement's pool), and moves the blocks after it by `delta` lines.
  private replace(index: number, replacement: Unit, delta: number): void {
    const replaced = this.units[index]!;
    replaced.spent = true;
    if (linksAcross(replaced)) this.changes.crossBlockChanged = true;
    this.units[index] = replacement;
    this.move(index + 1, delta);
    this.changes.fresh.delete(replaced);
    this.changes.fresh.add(replacement);
  }

  // Moves the blocks from `index` on by `delta` lines (their text is the same).
  private move(index: number, delta: number): void {
    if (delta !== 0 && index < this.units.length) this.changes.crossBlockChanged = true;
    for (let k = index; k < this.units.length; k += 1) {
      this.units[k]!.start += delta;
      this.units[k]!.end += delta;
    }
  }

  // A unit for a re-scanned block; an unchanged block that was only re-scanned keeps its work.
  private unitFor(
    start: number,
    end: number,
    tokens: Token[],
    env: Unit['env'],
    replaced: Unit[],
  ): Unit {
    const source = this.lines.lines(start, end);
    const index = replaced.findIndex((unit) => unit.source === source && !unit.needsInline);
    let same = index === -1 ? undefined : replaced.splice(index, 1)[0];
    // (A block taken again where it was changes nothing across blocks; one that moved, or comes
    // back into the document, may.)
    let moved = same !== undefined && (same.start !== start || same.end !== end);
    if (!same) {
      // A block's text parses the same anywhere, but what it means depends on the document's
      // definitions: only reuse it if they are the ones it was parsed with.
      same = this.removed.take(source, this.definitions.key);
      moved = true;
    }
    if (same) {
      if (moved && linksAcross(same)) this.changes.crossBlockChanged = true;
      same.start = start;
      same.end = end;
      // Its table of contents may show headings of another time.
      for (const part of same.parts) if (part.hasToc) invalidatePart(same, part);
      return same;
    }
    return createUnit(start, end, source, tokens, env);
  }
}
