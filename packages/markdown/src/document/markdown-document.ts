import type MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';
import { SOURCE_LINE_ATTRIBUTE } from '../constants.js';
import { fenceLanguage } from '../rules/fence.js';
import { plainText } from '../rules/heading-text.js';
import { createSlugger, slugify } from '../slug.js';
import { sameToc } from '../toc.js';
import { type Heading } from '../types.js';
import { scanBlocks } from './block-scanner.js';
import { LineIndex, type TextChange } from './line-index.js';
import { normalizeText } from './pipeline.js';
import { abbreviationPattern } from './plugins/abbreviations.js';
import { type FootnoteNumber, isInlineFootnote } from './plugins/footnotes.js';
import {
  cloneToken,
  isFencePart,
  lineCount,
  type PartPlan,
  partSource,
  planParts,
  splitParagraph,
  tightness,
} from './split.js';
import { createPart, createUnit, type Unit, type UnitPart } from './unit.js';

/** A section of the rendered document: a block, or the footnotes at the end. */
export interface DocumentSection {
  /** Identifies the section's HTML: a section whose HTML changes gets a new id. */
  id: number;
  /** Its first source line (the footnotes section has the line after the text). */
  line: number;
}

/** What may stop an update early (see `MarkdownDocument.update`). */
export interface UpdateLimits {
  /** Characters of source to prepare at most (a first screen). */
  budget?: number;
  /** Asked between blocks: true stops the work until the next update. */
  shouldYield?: () => boolean;
}

/** What a document hands out after changes. */
export interface DocumentUpdate {
  /** Every section shown, in order. */
  sections: DocumentSection[];
  /** The HTML (not sanitised) of each section id not handed out before. */
  html: Record<number, string>;
  /** The headings of the sections shown, with their anchors and lines. */
  headings: Heading[];
  /** False when only the first sections were prepared (see `update`'s budget). */
  complete: boolean;
}

// Section ids are unique across every document of this JavaScript realm, so a preview that
// switches documents (or options) can never mistake a section of one for a section of another.
let nextSectionId = 1;

// A footnote's number, how many references it has, and the block holding its content.
type FootnoteEntry = [number, number, Unit | undefined];

// Lines a block rule may look past the end of its block when deciding where it ends.
const LOOKAHEAD = 3;
// How many blocks a change may make and still be prepared before all others.
const FRESH_FIRST = 50;
// How many blocks that left the document are kept for reuse.
const REMOVED_KEPT = 5000;

/**
 * A markdown document kept rendered block by block. Changes re-parse only the blocks around
 * them (a top-level block boundary carries no parser state, so parsing resumes and stops at
 * boundaries), and an update renders only the blocks whose HTML can have changed. What ties
 * blocks together is resolved across the whole document at each update: link reference
 * definitions, abbreviations and footnote definitions (a change re-parses every block), heading
 * anchors (unique in document order), footnote numbers (in order of first reference) and the
 * `[TOC]` table of contents.
 *
 * Section HTML carries `data-line` relative to the section's first line, so a block that only
 * moved keeps its HTML; `renderHtml` gives the whole document with absolute lines instead.
 */
export class MarkdownDocument {
  private readonly lines = new LineIndex();
  private units: Unit[] = [];
  private definitions = '';
  private references: Record<string, unknown> = {};
  private abbreviations: Record<string, string> = {};
  private abbreviationRegex: RegExp | null = null;
  private footnoteLabels = new Set<string>();
  private footnoteOwners = new Map<string, Unit>();
  private headingList: Heading[] = [];
  private nextSerial = 1;
  private footnotesSection = { id: 0, html: '', announced: false, key: '\0' };
  // Blocks the changes since the last update made.
  private readonly fresh = new Set<Unit>();
  // Set when a block that makes definitions (or could) came or went since the last update.
  private definitionsChanged = true;
  // Set when what heading anchors and footnote numbers are worked out from may have changed
  // since they last were: a block with headings or footnote references came, went or was parsed
  // again, blocks moved to other lines, or the footnote definitions changed. Typing in a block
  // without either leaves them as they were, and they are not worked out again.
  private crossBlockChanged = true;
  private footnoteNumbers = new Map<string, FootnoteEntry>();
  private readonly slugs = new Map<string, string>();
  // Blocks that left the document recently, by source: when the same text comes back (a fence
  // opened and closed again, an undo), its parsing and rendering are reused.
  private readonly removed = new Map<string, Unit>();

  constructor(private readonly md: MarkdownIt) {}

  /** The current text (joined on demand). */
  get text(): string {
    return this.lines.text;
  }

  /** The length of the current text. */
  get length(): number {
    return this.lines.length;
  }

  /** Replaces the whole text. */
  reset(text: string): void {
    this.lines.reset(normalizeText(text));
    this.units = scanBlocks(this.md, this.lines.text).blocks.map((block) =>
      createUnit(
        block.start,
        block.end,
        this.lines.lines(block.start, block.end),
        block.tokens,
        block.env,
      ),
    );
    this.definitions = '\0';
    this.definitionsChanged = true;
    this.crossBlockChanged = true;
  }

  /** Applies changes made one after the other (each in the text left by the one before). */
  edit(changes: readonly TextChange[]): void {
    for (const change of changes) this.applyChange(change);
  }

  /**
   * Brings the HTML up to date and hands out what changed. Blocks are prepared in order, and
   * `limits` may stop the work early, for a first screen (`budget`, in characters of source) or
   * to give the thread back (`shouldYield`, asked between blocks); the next update goes on.
   * Anchors and footnote numbers of the first blocks never depend on later ones, so what an
   * unfinished update shows is exactly the start of the finished one; blocks it did not reach
   * keep what they showed before (`complete` is false until the last block is done).
   */
  update(limits: UpdateLimits = {}): DocumentUpdate {
    this.refreshDefinitions();
    const units = this.units;
    const budget = limits.budget ?? Infinity;
    const shouldYield = limits.shouldYield ?? (() => false);
    // The blocks the last changes made come first, whatever the limits: they are where the
    // writer is (a few of them; a big paste is prepared in order like a new document).
    const fresh = this.fresh.size <= FRESH_FIRST ? [...this.fresh] : [];
    this.fresh.clear();
    for (const unit of fresh) if (unit.needsInline) this.parseInline(unit);
    let parsed = 0;
    let size = 0;
    while (parsed < units.length && size <= budget) {
      const unit = units[parsed]!;
      if (unit.needsInline) {
        if (parsed > 0 && shouldYield()) break;
        this.parseInline(unit);
      }
      size += unit.source.length;
      parsed += 1;
    }
    // Anchors and numbers across every block parsed so far (a block not parsed again yet counts
    // with what it held: an unfinished update is put right by the next one).
    if (this.crossBlockChanged) {
      this.crossBlockChanged = false;
      this.assignHeadingIds(units);
      this.footnoteNumbers = this.numberFootnotes(units);
    }
    const numbers = this.footnoteNumbers;
    for (const unit of fresh) if (unit.needsRender && !unit.needsInline) this.render(unit);
    let rendered = 0;
    for (; rendered < parsed; rendered += 1) {
      const unit = units[rendered]!;
      if (unit.needsRender) {
        if (rendered > 0 && shouldYield()) break;
        this.render(unit);
      }
    }
    const html: Record<number, string> = {};
    const sections: DocumentSection[] = [];
    let complete = true;
    for (const unit of units) {
      if (unit.needsInline || unit.needsRender) {
        complete = false;
        // Not prepared yet: a block that showed before keeps showing what it showed.
        for (const { id, offset } of unit.shown) sections.push({ id, line: unit.start + offset });
        continue;
      }
      // (Plain loops, and nothing new where nothing changed: this runs over every block of the
      // document at each keystroke.)
      const { parts, shown } = unit;
      if (shown.length !== parts.length) shown.length = 0;
      for (let index = 0; index < parts.length; index += 1) {
        const part = parts[index]!;
        sections.push({ id: part.id, line: unit.start + part.offset });
        const was = shown[index];
        if (was === undefined || was.id !== part.id || was.offset !== part.offset) {
          shown[index] = { id: part.id, offset: part.offset };
        }
        if (!part.announced) {
          html[part.id] = part.html;
          part.announced = true;
        }
      }
    }
    if (!complete) {
      // The footnotes come last: until then, they show what they showed.
      const footnotes = this.footnotesSection;
      if (footnotes.html !== '' && footnotes.announced) {
        sections.push({ id: footnotes.id, line: this.lines.lineCount });
      }
    } else {
      const footnotes = this.renderFootnotes(numbers);
      if (footnotes.html !== '') {
        sections.push({ id: footnotes.id, line: this.lines.lineCount });
        if (!footnotes.announced) {
          html[footnotes.id] = footnotes.html;
          footnotes.announced = true;
        }
      }
    }
    return { sections, html, headings: this.headingList, complete };
  }

  /** Renders again the blocks holding code of `language` (its highlighting became available);
   * the next update hands out what changed. */
  refreshLanguage(language: string): void {
    const holds = (part: UnitPart) =>
      part.tokens.some((token) => token.type === 'fence' && fenceLanguage(token.info) === language);
    for (const unit of [...this.units, ...this.removed.values()]) {
      for (const part of unit.parts) if (holds(part)) this.invalidate(unit, part);
    }
  }

  /** Forgets what was handed out: the next update gives the HTML of every section again. */
  reannounce(): void {
    for (const unit of this.units) {
      for (const part of unit.parts) part.announced = false;
      unit.shown = [];
    }
    this.footnotesSection.announced = false;
  }

  /** The whole document as one HTML string, `data-line` absolute. */
  renderHtml(): { html: string; headings: Heading[] } {
    this.update();
    let html = '';
    for (const unit of this.units) {
      const last = unit.parts.length - 1;
      // Split fenced code, in one piece: its first part's token holds the whole code.
      const code = last > 0 ? unit.parts.flatMap((part) => part.tokens.filter(isFencePart)) : [];
      unit.parts.forEach((part, index) => {
        const start = unit.start + part.offset;
        for (const [token, line] of part.lineTokens) {
          token.attrSet(SOURCE_LINE_ATTRIBUTE, String(start + line));
        }
        // A split block is one block here (exports): its parts joined again.
        let tokens = part.tokens;
        if (last > 0) {
          const [lead, tail] = part.wrap;
          tokens = tokens.slice(
            index > 0 ? lead : 0,
            index < last ? tokens.length - tail : undefined,
          );
          if (index === 0) tokens = tokens.map(unsplit);
        }
        if (code.length > 0) {
          // (Highlighted at once, without lead-ins.)
          tokens =
            index > 0
              ? tokens.filter((token) => !isFencePart(token))
              : tokens.map((token) => (isFencePart(token) ? joinedFence(token, code) : token));
        }
        html += this.md.renderer.render(tokens, this.md.options, this.renderEnv(part));
        for (const [token, line] of part.lineTokens) {
          token.attrSet(SOURCE_LINE_ATTRIBUTE, String(line));
        }
      });
    }
    html += this.footnotesSection.html;
    return { html, headings: this.headingList };
  }

  private applyChange(change: TextChange): void {
    const insert = normalizeText(change.insert);
    const { startLine, oldEndLine, newEndLine } = this.lines.apply({ ...change, insert });
    const delta = newEndLine - oldEndLine;
    const units = this.units;
    if (this.editCode(startLine, oldEndLine, newEndLine)) return;
    if (this.editListPart(startLine, oldEndLine, newEndLine)) return;
    // From the block before the first one the change (or a block's look-ahead) can reach.
    let first = lowerBound(units, (unit) => unit.end > startLine - LOOKAHEAD);
    first = Math.max(0, Math.min(first, units.length - 1) - 1);
    // (Only before the first block can the change start above it: blank lines, a boundary.)
    const from = Math.min(units[first]?.start ?? 0, startLine);
    // Blocks wholly after the change keep their text: they move by `delta` lines.
    const after = lowerBound(units, (unit) => unit.start > oldEndLine);
    this.moveUnits(after, delta);
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
          this.definitionsChanged = true;
        }
        const fresh = result.blocks.map((block) =>
          this.unitFor(from + block.start, from + block.end, block.tokens, block.env, reusable),
        );
        // (What is left of `reusable` leaves the document.)
        if (reusable.some(linksAcross)) this.crossBlockChanged = true;
        units.splice(first, count, ...fresh);
        for (const unit of fresh) this.fresh.add(unit);
        for (const unit of reusable) this.fresh.delete(unit);
        // The parts of a long list or table that changed go to the blocks that replace it: an
        // edit in one item leaves the other parts as they were.
        const pool = new Map<string, UnitPart>();
        for (const unit of reusable) {
          if (unit.parts.length < 2) continue;
          for (const part of unit.parts) pool.set(part.key, part);
          unit.spent = true;
        }
        if (pool.size > 0) for (const unit of fresh) if (unit.needsInline) unit.pool = pool;
        this.remember(reusable);
        return;
      }
      windowEnd = Math.min(this.lines.lineCount, from + 2 * (windowEnd - from) + 16);
    }
  }

  // An edit inside the code lines of long fenced code (most typing in a long listing), which
  // does not close the fence: only the code changed, and the block needs no scan (a scan of a
  // 2,500-line fence took about 5 ms). Returns false for any other edit.
  private editCode(startLine: number, oldEndLine: number, newEndLine: number): boolean {
    const units = this.units;
    const index = lowerBound(units, (unit) => unit.end > startLine);
    const unit = units[index];
    const fence = unit?.parts[0]?.tokens[0];
    if (!unit || unit.needsInline || unit.parts.length < 2 || !fence || !isFencePart(fence)) {
      return false;
    }
    // Between the opening and the closing fence, both at the margin (the code lines are then
    // the source lines as they are).
    const delta = newEndLine - oldEndLine;
    const closingLine = unit.end - 1 + delta;
    if (startLine <= unit.start || oldEndLine >= unit.end - 1) return false;
    if (!unit.source.startsWith(fence.markup)) return false;
    if (!closesFence(this.lines.line(closingLine), fence.markup)) return false;
    for (let line = startLine; line <= newEndLine; line += 1) {
      if (closesFence(this.lines.line(line), fence.markup)) return false;
    }
    const end = unit.end + delta;
    const token = cloneToken(fence);
    token.content = this.lines.lines(unit.start + 1, closingLine);
    token.meta = null;
    token.attrs = null;
    token.map = [0, end - unit.start];
    const code = createUnit(unit.start, end, this.lines.lines(unit.start, end), [token], unit.env);
    code.pool = new Map(unit.parts.map((part) => [part.key, part]));
    this.replaceUnit(index, code, delta);
    return true;
  }

  // An edit inside one part of a long tight list, not its first or last part (most typing in a
  // long list): only that part's lines are scanned again, on their own, where the whole list took
  // about 10 ms to scan at 2,500 items. They parse alone as they do in the list when they still
  // make one tight list of the same kind, start and end on an item of it, and define nothing;
  // and the parts around them stay as they were. Returns false for any other edit, which is then
  // scanned as usual.
  private editListPart(startLine: number, oldEndLine: number, newEndLine: number): boolean {
    const units = this.units;
    const index = lowerBound(units, (unit) => unit.end > startLine);
    const unit = units[index];
    const parts = unit?.parts ?? [];
    const list = parts[0]?.tokens[0];
    if (!unit || unit.needsInline || parts.length < 3 || !list) return false;
    if (list.type !== 'bullet_list_open' && list.type !== 'ordered_list_open') return false;
    if (parts.some((part) => part.wrap[0] !== 1 || part.wrap[1] !== 1)) return false;
    if (unit.env.references || unit.env.abbreviations || unit.footnoteLabels.length > 0) {
      return false;
    }
    const k = lowerBound(parts, (part) => unit.start + part.offset > startLine) - 1;
    const part = parts[k];
    const next = parts[k + 1];
    if (k < 1 || k >= parts.length - 1 || !part || !next) return false;
    if (oldEndLine >= unit.start + next.offset) return false;
    const delta = newEndLine - oldEndLine;
    const from = unit.start + part.offset;
    const to = unit.start + next.offset + delta;
    // Each run starts on an item of the list at the margin, and ends on a line of text.
    const marker =
      list.type === 'bullet_list_open' ? `[${list.markup}]` : `\\d{1,9}[${list.markup}]`;
    const item = new RegExp(`^${marker}[ \\t]+\\S`);
    if (!item.test(this.lines.line(from)) || !item.test(this.lines.line(to))) return false;
    if (this.lines.line(to - 1).trim() === '') return false;
    if (tightness(parts[0]!.tokens, list, 0, parts[0]!.tokens.length) !== 'true') return false;
    const source = this.lines.lines(from, to);
    const scan = scanBlocks(this.md, source);
    const block = scan.blocks[0];
    const tokens = block?.tokens ?? [];
    const open = tokens[0];
    if (scan.blocks.length !== 1 || !block || block.start !== 0 || !open) return false;
    if (open.type !== list.type || open.markup !== list.markup) return false;
    if (definesSomething(block) || tightness(tokens, open, 0, tokens.length) !== 'true')
      return false;
    if (block.end !== to - from) return false;
    // The whole list's block tokens: the other parts' (already parsed; only their lines are
    // read, and their maps are put back after), the scanned ones in place of the edited part's.
    const saved: [Token, [number, number] | null][] = [];
    const body: Token[] = [];
    parts.forEach((other, j) => {
      if (j === k) {
        const scanned = tokens.slice(1, -1);
        for (const token of scanned) {
          if (token.map)
            token.map = [token.map[0] + from - unit.start, token.map[1] + from - unit.start];
        }
        body.push(...scanned);
        return;
      }
      const shift = other.offset + (j > k ? delta : 0);
      for (const token of other.tokens.slice(1, -1)) {
        saved.push([token, token.map]);
        if (token.map) token.map = [token.map[0] + shift, token.map[1] + shift];
        body.push(token);
      }
    });
    const end = unit.end + delta;
    const whole = this.lines.lines(unit.start, end);
    const wrapperOpen = cloneToken(list);
    wrapperOpen.attrs = (list.attrs ?? []).filter(([name]) => name === 'start');
    wrapperOpen.map = [0, end - unit.start];
    const plans = planParts([wrapperOpen, ...body, cloneToken(parts[0]!.tokens.at(-1)!)], whole);
    for (const [token, map] of saved) token.map = map;
    const pool = new Map(parts.map((old) => [old.key, old]));
    // Every part is one that was, reused as it was (each at most once: its tokens are parsed
    // already), or lies in the scanned lines.
    const unclaimed = new Map(pool);
    const fits = plans?.every((plan) => {
      if (unclaimed.delete(plan.key)) return true;
      const first = unit.start + plan.offset;
      return first >= from && first + lineCount(plan.source) <= to;
    });
    if (!plans || !fits) return false;
    const fresh = createUnit(unit.start, end, whole, [], unit.env);
    fresh.fresh = null;
    fresh.plans = plans;
    fresh.pool = pool;
    this.replaceUnit(index, fresh, delta);
    return true;
  }

  // Puts `replacement` in the place of block `index`, which an edit changed without a scan (its
  // parts go to the replacement's pool), and moves the blocks after it by `delta` lines.
  private replaceUnit(index: number, replacement: Unit, delta: number): void {
    const replaced = this.units[index]!;
    replaced.spent = true;
    if (linksAcross(replaced)) this.crossBlockChanged = true;
    this.units[index] = replacement;
    this.moveUnits(index + 1, delta);
    this.fresh.delete(replaced);
    this.fresh.add(replacement);
  }

  // Moves the blocks from `index` on by `delta` lines (their text is the same).
  private moveUnits(index: number, delta: number): void {
    if (delta !== 0 && index < this.units.length) this.crossBlockChanged = true;
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
      same = this.removed.get(source);
      // A block's text parses the same anywhere, but what it means depends on the document's
      // definitions: only reuse it if they are the ones it was parsed with.
      if (same && same.definitions !== this.definitions) same = undefined;
      this.removed.delete(source);
      moved = true;
    }
    if (same) {
      if (moved && linksAcross(same)) this.crossBlockChanged = true;
      same.start = start;
      same.end = end;
      // Its table of contents may show headings of another time.
      for (const part of same.parts) if (part.hasToc) this.invalidate(same, part);
      return same;
    }
    return createUnit(start, end, source, tokens, env);
  }

  // Keeps blocks that left the document for a while (a few thousand, the oldest go first).
  private remember(units: readonly Unit[]): void {
    for (const unit of units) {
      if (unit.needsInline || unit.spent) continue;
      for (const part of unit.parts) part.announced = false;
      unit.shown = [];
      this.removed.delete(unit.source);
      this.removed.set(unit.source, unit);
    }
    for (const key of this.removed.keys()) {
      if (this.removed.size <= REMOVED_KEPT) break;
      this.removed.delete(key);
    }
  }

  // Gathers the definitions every block makes; when they change, every block is parsed again.
  private refreshDefinitions(): void {
    if (!this.definitionsChanged) return;
    this.definitionsChanged = false;
    const references: Record<string, unknown> = {};
    const abbreviations: Record<string, string> = {};
    const owners = new Map<string, Unit>();
    for (const unit of this.units) {
      for (const [label, value] of Object.entries(unit.env.references ?? {})) {
        if (!(label in references)) references[label] = value;
      }
      for (const [label, title] of Object.entries(unit.env.abbreviations ?? {})) {
        if (!(label in abbreviations)) abbreviations[label] = title;
      }
      for (const label of unit.footnoteLabels) if (!owners.has(label)) owners.set(label, unit);
    }
    this.footnoteOwners = owners;
    this.crossBlockChanged = true;
    const key = JSON.stringify([references, abbreviations, [...owners.keys()].sort()]);
    if (key === this.definitions) return;
    this.definitions = key;
    this.references = references;
    this.abbreviations = abbreviations;
    this.abbreviationRegex = abbreviationPattern(Object.keys(abbreviations));
    this.footnoteLabels = new Set(owners.keys());
    for (const unit of this.units) unit.needsInline = true;
  }

  private parseInline(unit: Unit): void {
    if (linksAcross(unit)) this.crossBlockChanged = true;
    const pool = unit.pool;
    unit.pool = null;
    let plans = unit.plans;
    unit.plans = null;
    // Plans an edit made (editListPart) hold the parsed tokens of the parts they reuse: when one
    // cannot be reused after all (the definitions changed since), plan again from a scan.
    const stale = (plan: PartPlan) => {
      const old = pool?.get(plan.key);
      return old !== undefined && old.definitions !== this.definitions;
    };
    if (plans?.some(stale)) plans = null;
    if (!plans) {
      const tokens = unit.fresh ?? this.rescan(unit.source);
      plans = planParts(tokens, unit.source) ?? [
        { offset: 0, source: unit.source, key: '', tokens, wrap: [0, 0] },
      ];
    }
    unit.fresh = null;
    // Parts whose key is unchanged are taken over first, then the others are parsed.
    const taken = plans.map((plan) => {
      const reused = plan.key === '' ? undefined : pool?.get(plan.key);
      if (reused === undefined || reused.definitions !== this.definitions) return undefined;
      pool!.delete(plan.key);
      reused.offset = plan.offset;
      return reused;
    });
    // An old part not taken over, by the text it showed (its key past its context).
    let bySource: Map<string, UnitPart> | undefined;
    const untaken = (key: string): UnitPart | null => {
      if (!pool || pool.size === 0) return null;
      bySource ??= new Map([...pool.values()].map((old) => [partSource(old.key), old]));
      const source = partSource(key);
      const old = bySource.get(source);
      if (old === undefined || pool.get(old.key) !== old) return null;
      bySource.delete(source);
      pool.delete(old.key);
      return old;
    };
    unit.parts = plans.flatMap((plan, index) => {
      const reused = taken[index];
      if (reused) return [reused];
      const parts = this.parsePart(plan.offset, plan.key, plan.source, plan.tokens);
      if (parts.length === 1) {
        parts[0]!.wrap = plan.wrap;
        // A part of the same text whose context changed (for code, the lines above it that its
        // highlighting reads first, so typing near the end of a part renders the next one or
        // two again): when it renders the same HTML, its section stays (see renderPart).
        if (plan.key !== '') parts[0]!.prior = untaken(plan.key);
        return parts;
      }
      // The runs of a long paragraph are parsed with it; one that renders as the run it replaces
      // keeps its section (see renderPart). (Each run replaces one at most.)
      for (const part of parts) {
        part.prior = pool?.get(part.key) ?? null;
        if (part.prior) pool!.delete(part.key);
      }
      return parts;
    });
    unit.headings = [];
    unit.headingIds = [];
    unit.refLabels = [];
    unit.refNumbers = [];
    unit.hasToc = false;
    for (const part of unit.parts) {
      for (const heading of part.headings) {
        unit.headings.push(heading);
        unit.headingIds.push(heading.token.attrGet('id') ?? '');
      }
      for (const label of part.refLabels) unit.refLabels.push(label);
      for (const number of part.refNumbers) unit.refNumbers.push(number);
      if (part.hasToc) unit.hasToc = true;
    }
    unit.needsInline = false;
    unit.needsRender = unit.parts.some((part) => part.needsRender);
    unit.definitions = this.definitions;
    if (linksAcross(unit)) this.crossBlockChanged = true;
  }

  // Parses the inline content of a block's tokens (a whole block, or a part of a long one): one
  // part, or for a long paragraph the runs of its lines (splitParagraph).
  private parsePart(offset: number, key: string, source: string, tokens: Token[]): UnitPart[] {
    const env = {
      references: this.references,
      abbreviations: this.abbreviations,
      abbreviationPattern: this.abbreviationRegex,
      footnoteLabels: this.footnoteLabels,
      footnoteRefCount: 0,
      inlineFootnotePrefix: String(this.nextSerial++),
    };
    const state = new this.md.core.State(source, this.md, env);
    state.tokens = tokens;
    this.md.core.process(state);
    const pieces = splitParagraph(tokens, source);
    if (!pieces) return [this.collect(createPart(offset, key), tokens)];
    return pieces.map((piece) => {
      const part = this.collect(createPart(offset + piece.offset, piece.key), piece.tokens);
      part.wrap = piece.wrap;
      return part;
    });
  }

  // Takes a part's parsed tokens in: its line anchors, headings, footnote references and
  // definitions.
  private collect(part: UnitPart, tokens: Token[]): UnitPart {
    let footnote: { label: string; tokens: Token[]; depth: number } | null = null;
    for (let i = 0; i < tokens.length; i += 1) {
      const token = tokens[i]!;
      // The anchor goes first, as the heading's own attribute; its value comes later.
      if (token.type === 'heading_open') token.attrSet('id', '');
      if (token.map && token.nesting !== -1 && token.type !== 'inline') {
        token.attrSet(SOURCE_LINE_ATTRIBUTE, String(token.map[0]));
      }
      for (const child of [token, ...(token.children ?? [])]) {
        const line = child.attrGet(SOURCE_LINE_ATTRIBUTE);
        if (line !== null) part.lineTokens.push([child, Number(line)]);
        if (child.type === 'footnote_ref') {
          const { label } = child.meta as { label: string };
          part.refLabels.push(label);
          // An inline footnote brings its own content.
          if (isInlineFootnote(label)) part.footnotes.push({ label, tokens: [child] });
        }
      }
      // A table of contents anywhere, footnotes included, follows the headings.
      if (token.type === 'toc') part.hasToc = true;
      if (footnote) {
        if (token.type === 'footnote_def_open') footnote.depth += 1;
        if (token.type === 'footnote_def_close' && (footnote.depth -= 1) === 0) {
          part.footnotes.push({ label: footnote.label, tokens: footnote.tokens });
          footnote = null;
        } else footnote.tokens.push(token);
        continue;
      }
      if (token.type === 'footnote_def_open') {
        footnote = { label: (token.meta as { label: string }).label, tokens: [], depth: 1 };
        continue;
      }
      if (token.type === 'heading_open') {
        const text = plainText(tokens[i + 1]?.children ?? []).trim();
        part.headings.push({
          level: Number(token.tag.slice(1)),
          text,
          line: token.map?.[0] ?? 0,
          token,
          part,
        });
      }
      part.tokens.push(token);
    }
    part.definitions = this.definitions;
    return part;
  }

  // The block tokens of a unit's source parsed on its own (the same as in the document: a
  // top-level block parses the same wherever it starts).
  private rescan(source: string): Token[] {
    const tokens: Token[] = [];
    for (const block of scanBlocks(this.md, source).blocks) {
      for (const token of block.tokens) {
        if (token.map) token.map = [token.map[0] + block.start, token.map[1] + block.start];
        tokens.push(token);
      }
    }
    return tokens;
  }

  private assignHeadingIds(units: readonly Unit[]): void {
    const slugger = createSlugger();
    const headings: Heading[] = [];
    for (const unit of units) {
      if (unit.headings.length === 0 && unit.headingIds.length === 0) continue;
      unit.headings.forEach((heading, index) => {
        const id = slugger.unique(this.slugOf(heading.text));
        if (unit.headingIds[index] !== id) {
          unit.headingIds[index] = id;
          heading.token.attrSet('id', id);
          this.invalidate(unit, heading.part);
        }
        headings.push({
          level: heading.level,
          text: heading.text,
          id,
          line: unit.start + heading.part.offset + heading.line,
        });
      });
      unit.headingIds.length = unit.headings.length;
    }
    const tocChanged = !sameToc(this.headingList, headings);
    this.headingList = headings;
    if (tocChanged) {
      for (const unit of units) {
        if (unit.hasToc)
          for (const part of unit.parts) if (part.hasToc) this.invalidate(unit, part);
      }
    }
  }

  // The slug of a heading text, remembered: slugs are pure, and computing one is not free.
  private slugOf(text: string): string {
    let slug = this.slugs.get(text);
    if (slug === undefined) {
      slug = slugify(text);
      if (this.slugs.size > 10_000) this.slugs.clear();
      this.slugs.set(text, slug);
    }
    return slug;
  }

  // Numbers footnotes in order of first reference; returns label -> [number, references, owner].
  private numberFootnotes(units: readonly Unit[]): Map<string, FootnoteEntry> {
    const numbers = new Map<string, FootnoteEntry>();
    for (const unit of units) {
      if (unit.refLabels.length === 0 && unit.refNumbers.length === 0) continue;
      const assigned: FootnoteNumber[] = unit.refLabels.map((label) => {
        const known = numbers.get(label);
        if (known) {
          known[1] += 1;
          return { n: known[0], sub: known[1] - 1 };
        }
        const owner = isInlineFootnote(label) ? unit : this.footnoteOwners.get(label);
        const entry: FootnoteEntry = [numbers.size + 1, 1, owner];
        numbers.set(label, entry);
        return { n: entry[0], sub: 0 };
      });
      const same =
        assigned.length === unit.refNumbers.length &&
        assigned.every(
          (a, i) => a.n === unit.refNumbers[i]!.n && a.sub === unit.refNumbers[i]!.sub,
        );
      if (!same) {
        unit.refNumbers = assigned;
        let at = 0;
        for (const part of unit.parts) {
          const numbers = assigned.slice(at, (at += part.refLabels.length));
          const known = part.refNumbers;
          if (
            numbers.length !== known.length ||
            numbers.some((a, i) => a.n !== known[i]!.n || a.sub !== known[i]!.sub)
          ) {
            part.refNumbers = numbers;
            this.invalidate(unit, part);
          }
        }
      }
    }
    return numbers;
  }

  // Marks a part of a block for rendering.
  private invalidate(unit: Unit, part: UnitPart): void {
    part.needsRender = true;
    unit.needsRender = true;
  }

  private renderEnv(part: UnitPart) {
    return { footnoteNumbers: part.refNumbers, tocHeadings: this.headingList };
  }

  private render(unit: Unit): void {
    for (const part of unit.parts) {
      if (part.needsRender) this.renderPart(part);
    }
    unit.footnoteHtml =
      unit.parts.length === 1
        ? unit.parts[0]!.footnoteHtml
        : new Map(unit.parts.flatMap((part) => [...part.footnoteHtml]));
    unit.needsRender = false;
  }

  private renderPart(part: UnitPart): void {
    const env = this.renderEnv(part);
    const html = this.md.renderer.render(part.tokens, this.md.options, env);
    part.footnoteHtml = new Map(
      part.footnotes.map((footnote) => [
        footnote.label,
        isInlineFootnote(footnote.label)
          ? `<p>${this.md.renderer.renderInline(footnote.tokens[0]!.children ?? [], this.md.options, env)}</p>\n`
          : this.md.renderer.render(withoutLines(footnote.tokens), this.md.options, env),
      ]),
    );
    part.needsRender = false;
    const prior = part.prior;
    part.prior = null;
    if (part.id === 0 && prior && prior.html === html) {
      // The same HTML as the part it replaces: its section stays.
      part.html = html;
      part.id = prior.id;
      part.announced = prior.announced;
    } else if (html !== part.html || part.id === 0) {
      part.html = html;
      part.id = nextSectionId++;
      part.announced = false;
    }
  }

  private renderFootnotes(numbers: Map<string, FootnoteEntry>) {
    const section = this.footnotesSection;
    const signature = [...numbers]
      .map(([label, [n, count, owner]]) => {
        const content = owner?.footnoteHtml.get(label) ?? '';
        return `${label}\0${n}\0${count}\0${content}`;
      })
      .join('\0\0');
    if (signature === section.key) return section;
    section.key = signature;
    let items = '';
    for (const [label, [n, count, owner]] of numbers) {
      const content = owner?.footnoteHtml.get(label) ?? '';
      let backrefs = '';
      for (let sub = 0; sub < count; sub += 1) {
        backrefs += ` <a href="#fnref${n}${sub > 0 ? `:${sub}` : ''}" class="footnote-backref">\u21a9\uFE0E</a>`;
      }
      const body = content.endsWith('</p>\n')
        ? `${content.slice(0, -'</p>\n'.length)}${backrefs}</p>\n`
        : `${content}${backrefs.trimStart()}`;
      items += `<li id="fn${n}" class="footnote-item">${body}</li>\n`;
    }
    const html =
      items === ''
        ? ''
        : `<hr class="footnotes-sep">\n<section class="footnotes">\n<ol class="footnotes-list">\n${items}</ol>\n</section>\n`;
    if (html !== section.html) {
      section.html = html;
      section.id = nextSectionId++;
      section.announced = false;
    }
    return section;
  }
}

// Whether a block holds what ties blocks together in order: headings (anchors, the table of
// contents) or footnote references (numbers).
function linksAcross(unit: Unit): boolean {
  return (
    unit.headings.length > 0 ||
    unit.headingIds.length > 0 ||
    unit.refLabels.length > 0 ||
    unit.refNumbers.length > 0
  );
}

// Whether a line closes a fence opened with `markup` (the same character, at least as many, and
// nothing after but spaces).
function closesFence(line: string, markup: string): boolean {
  const match = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(line);
  return !!match && match[1]![0] === markup[0] && match[1]!.length >= markup.length;
}

// Footnote content shows at the end of the document, away from its lines: no line anchors.
function withoutLines(tokens: readonly Token[]): Token[] {
  for (const token of tokens) {
    if (token.attrs) token.attrs = token.attrs.filter(([name]) => name !== SOURCE_LINE_ATTRIBUTE);
  }
  return [...tokens];
}

// The first index whose item satisfies `test` (false for a prefix, then true), or the length.
function lowerBound<T>(items: readonly T[], test: (item: T) => boolean): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (test(items[mid]!)) high = mid;
    else low = mid + 1;
  }
  return low;
}

// Whether a block defines references, abbreviations or footnotes, which other blocks use.
function definesSomething(block: {
  env: Unit['env'];
  tokens?: Token[];
  footnoteLabels?: string[];
}) {
  if (block.env.references || block.env.abbreviations) return true;
  if (block.footnoteLabels) return block.footnoteLabels.length > 0;
  return (block.tokens ?? []).some((token) => token.type === 'footnote_def_open');
}

// The first part's token of split fenced code holding all of its code (`parts`).
function joinedFence(first: Token, parts: readonly Token[]): Token {
  const joined = cloneToken(first);
  joined.content = parts.map((part) => part.content).join('');
  joined.meta = null;
  return joined;
}

// A token of a split block's first part without the classes that join it to the next part.
function unsplit(token: Token): Token {
  const classes = token.attrGet('class');
  if (classes === null || !classes.includes('split-')) return token;
  const kept = classes
    .split(' ')
    .filter((name) => !name.startsWith('split-'))
    .join(' ');
  const copy = cloneToken(token);
  copy.attrs = (token.attrs ?? []).filter(([name]) => name !== 'class');
  if (kept) copy.attrs.unshift(['class', kept]);
  return copy;
}
