import type MarkdownIt from 'markdown-it';
import { scanBlocks } from './block-scanner.js';
import { editCode } from './code-edit.js';
import { type Definitions, definesSomething } from './definitions.js';
import { type DocumentChanges } from './document-changes.js';
import { type LineIndex, type TextChange } from './line-index.js';
import { editListPart } from './list-edit.js';
import { lowerBound } from './lower-bound.js';
import { normalizeText } from './pipeline.js';
import { type RemovedBlocks } from './removed-blocks.js';
import { advanceRescan, type FoundBlock, LOOKAHEAD, type Rescan } from './rescan.js';
import { createUnit, invalidatePart, linksAcross, type Unit, type UnitPart } from './unit.js';

// Units a re-scan in slices makes between two questions to `shouldYield`.
const UNITS_PER_CHECK = 64;

// A change being applied: its re-scan, the units made of the blocks found, and the old blocks
// they replace (once the re-scan is done).
interface PendingChange {
  rescan: Rescan;
  built: Unit[];
  reusable: Unit[] | null;
}

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
  private pending: PendingChange | null = null;

  constructor(
    private readonly md: MarkdownIt,
    private readonly lines: LineIndex,
    private readonly definitions: Definitions,
    private readonly removed: RemovedBlocks,
    private readonly changes: DocumentChanges,
  ) {}

  /** Replaces the whole text (normalised already) and scans all of it. */
  reset(text: string): void {
    this.pending = null;
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

  /** Applies one change of the text (offsets in the current text), all of it at once. */
  apply(change: TextChange): void {
    this.begin(change, false);
    this.advance();
  }

  /** Whether a change's re-scan is unfinished (see `begin`). */
  get splitting(): boolean {
    return this.pending !== null;
  }

  /** Blocks made by the unfinished re-scan, not in `units` yet. */
  get pendingUnits(): readonly Unit[] {
    return this.pending?.built ?? [];
  }

  /**
   * Applies one change of the text (offsets in the current text) to the lines, and starts the
   * re-scan of the blocks around it: `advance` goes on with it. With `inSlices`, the re-scan
   * proceeds in slices that `advance` may leave unfinished; else the first `advance` finishes
   * it. Until it is finished, `units` is not in step with the text, and no other change may
   * begin.
   */
  begin(change: TextChange, inSlices: boolean): void {
    if (this.pending) throw new Error('A change is still being applied.');
    const insert = normalizeText(change.insert);
    const lineChange = this.lines.apply({ ...change, insert });
    const { startLine, oldEndLine, newEndLine } = lineChange;
    const delta = newEndLine - oldEndLine;
    const units = this.units;
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
    const windowEnd = Math.max(
      newEndLine + 2 * LOOKAHEAD,
      units[after + 2]?.start ?? 0,
      (units[after]?.start ?? this.lines.lineCount) + 2 * LOOKAHEAD,
    );
    this.pending = {
      rescan: {
        first,
        after,
        newEndLine,
        line: from,
        windowEnd: inSlices ? null : windowEnd,
        blocks: [],
        keptFrom: null,
      },
      built: [],
      reusable: null,
    };
  }

  /**
   * Goes on with the re-scan `begin` started: true once it is done (or there is none). A re-scan
   * begun in slices stops when `shouldYield` says so, at a block boundary it proved, or between
   * the blocks it makes into units; the result is the same as that of a re-scan in one go.
   */
  advance(shouldYield?: () => boolean): boolean {
    const pending = this.pending;
    if (!pending) return true;
    const { rescan } = pending;
    const mayYield = rescan.windowEnd === null ? shouldYield : undefined;
    const units = this.units;
    const changes = this.changes;
    if (rescan.keptFrom === null) {
      if (!advanceRescan(this.md, this.lines, units, rescan, mayYield)) return false;
    }
    const { first, keptFrom, blocks } = rescan;
    const count = keptFrom! - first;
    if (!pending.reusable) {
      pending.reusable = units.slice(first, first + count);
      if (pending.reusable.some(definesSomething) || blocks.some((block) => block.defines)) {
        changes.definitionsChanged = true;
      }
    }
    const reusable = pending.reusable;
    const built = pending.built;
    for (let made = 0; built.length < blocks.length; made += 1) {
      if (made > 0 && made % UNITS_PER_CHECK === 0 && mayYield?.()) return false;
      const block = blocks[built.length]!;
      built.push(this.unitFor(block, reusable));
    }
    this.pending = null;
    // (What is left of `reusable` leaves the document.)
    if (reusable.some(linksAcross)) changes.crossBlockChanged = true;
    units.splice(first, count, ...built);
    for (const unit of built) changes.fresh.add(unit);
    for (const unit of reusable) changes.fresh.delete(unit);
    // The parts of a long list or table that changed go to the blocks that replace it: an
    // edit in one item leaves the other parts as they were.
    const pool = new Map<string, UnitPart>();
    for (const unit of reusable) {
      if (unit.parts.length < 2) continue;
      for (const part of unit.parts) pool.set(part.key, part);
      unit.spent = true;
    }
    if (pool.size > 0) for (const unit of built) if (unit.needsInline) unit.pool = pool;
    this.removed.keep(reusable);
    return true;
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
  private unitFor(block: FoundBlock, replaced: Unit[]): Unit {
    const { start, end, source, tokens, env } = block;
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
