import type MarkdownIt from 'markdown-it';
import { type FenceCode, fenceCode, fenceLanguage } from '../rules/fence.js';
import { type Heading } from '../types.js';
import { BlockList } from './block-list.js';
import { renderBlock } from './block-render.js';
import { Definitions } from './definitions.js';
import { DocumentChanges } from './document-changes.js';
import { type FootnoteEntry, numberFootnotes } from './footnote-numbers.js';
import { FootnotesSection } from './footnotes-section.js';
import { HeadingAnchors } from './heading-anchors.js';
import { InlineParser } from './inline-parser.js';
import { LineIndex, type TextChange } from './line-index.js';
import { normalizeText } from './pipeline.js';
import { RemovedBlocks } from './removed-blocks.js';
import { type DocumentSection, listSections } from './sections.js';
import { planParts } from './split.js';
import { invalidatePart, type UnitPart } from './unit.js';
import { renderWhole } from './whole-render.js';

export { type DocumentSection } from './sections.js';

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

/** How `MarkdownDocument.edit` may apply changes. */
export interface EditOptions {
  /** Split a change that inserts `SLICED_EDIT_MIN_LENGTH` characters or more (a paste) into
   * blocks in slices, leaving the rest of the work to `split` (see `splitting`). */
  inSlices?: boolean;
}

/** Characters a change inserts from which `edit` with `inSlices` splits it in slices: about
 * 10 ms of markdown-it's block rules in one go (a paste; typing never comes near). */
export const SLICED_EDIT_MIN_LENGTH = 20_000;

// How many blocks a change may make and still be prepared before all others.
const FRESH_FIRST = 50;

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
 *
 * It is composed of its parts, and says when each runs: the text's lines (`LineIndex`) and its
 * blocks kept in step with edits (`BlockList`), what the edits leave to do (`DocumentChanges`),
 * the definitions blocks make for each other (`Definitions`), inline parsing (`InlineParser`),
 * heading anchors (`HeadingAnchors`), footnote numbers (`numberFootnotes`), rendering
 * (`renderBlock`, `FootnotesSection`, `renderWhole`) and the sections handed out
 * (`listSections`).
 */
export class MarkdownDocument {
  private readonly lines = new LineIndex();
  private readonly changes = new DocumentChanges();
  private readonly definitions = new Definitions();
  // Blocks that left the document recently, reused when their text comes back.
  private readonly removed = new RemovedBlocks();
  private readonly blocks: BlockList;
  private readonly parser: InlineParser;
  private readonly anchors = new HeadingAnchors();
  private footnoteNumbers = new Map<string, FootnoteEntry>();
  private readonly footnotes = new FootnotesSection();
  // Changes waiting behind one whose split is unfinished, in order.
  private readonly queued: { change: TextChange; inSlices: boolean }[] = [];

  constructor(private readonly md: MarkdownIt) {
    this.blocks = new BlockList(md, this.lines, this.definitions, this.removed, this.changes);
    this.parser = new InlineParser(md, this.definitions, this.changes);
  }

  /** The current text (joined on demand; changes still waiting are applied first). */
  get text(): string {
    this.split();
    return this.lines.text;
  }

  /** The length of the current text (changes still waiting are applied first). */
  get length(): number {
    this.split();
    return this.lines.length;
  }

  /** Replaces the whole text (an unfinished split and the changes waiting are dropped). */
  reset(text: string): void {
    this.queued.length = 0;
    this.blocks.reset(normalizeText(text));
    this.definitions.reset();
    this.changes.definitionsChanged = true;
    this.changes.crossBlockChanged = true;
  }

  /**
   * Applies changes made one after the other (each in the text left by the one before). With
   * `inSlices`, a change inserting `SLICED_EDIT_MIN_LENGTH` characters or more (a paste) is only
   * begun: its split into blocks goes on in `split`, and changes that come meanwhile wait, in
   * order, behind it. Anything else that reads the document (`update`, `text`…) finishes the
   * split first, so it never sees a text half split or a change applied to stale offsets.
   */
  edit(changes: readonly TextChange[], options: EditOptions = {}): void {
    const inSlices = options.inSlices === true;
    for (const change of changes) this.queued.push({ change, inSlices });
    // (A change that is begun in slices is left there; the others are applied at once.)
    this.split(inSlices ? () => true : undefined);
  }

  /** Whether a change's split into blocks is unfinished, or changes wait behind it (see
   * `edit`). */
  get splitting(): boolean {
    return this.blocks.splitting || this.queued.length > 0;
  }

  /**
   * Goes on with the split into blocks of a change begun in slices, then with the changes that
   * waited behind it; stops when `shouldYield` says so (asked between pieces of a few
   * milliseconds). True once every change is applied.
   */
  split(shouldYield?: () => boolean): boolean {
    for (;;) {
      if (!this.blocks.advance(shouldYield)) return false;
      const next = this.queued.shift();
      if (!next) return true;
      const { change, inSlices } = next;
      this.blocks.begin(change, inSlices && change.insert.length >= SLICED_EDIT_MIN_LENGTH);
    }
  }

  /**
   * Brings the HTML up to date and hands out what changed. Blocks are prepared in order, and
   * `limits` may stop the work early, for a first screen (`budget`, in characters of source) or
   * to give the thread back (`shouldYield`, asked between blocks); the next update goes on.
   * Anchors and footnote numbers of the first blocks never depend on later ones, so what an
   * unfinished update shows is exactly the start of the finished one; blocks it did not reach
   * keep what they showed before (`complete` is false until the last block is done). A split
   * left unfinished by `edit` is finished first, at once (see `split` to do it in slices).
   */
  update(limits: UpdateLimits = {}): DocumentUpdate {
    this.split();
    const changes = this.changes;
    const units = this.blocks.units;
    if (changes.definitionsChanged) {
      // The definitions every block makes; when they change, every block is parsed again.
      changes.definitionsChanged = false;
      changes.crossBlockChanged = true;
      this.definitions.gather(units);
    }
    const budget = limits.budget ?? Infinity;
    const shouldYield = limits.shouldYield ?? (() => false);
    // The blocks the last changes made come first, whatever the limits: they are where the
    // writer is (a few of them; a big paste is prepared in order like a new document).
    const fresh = changes.fresh.size <= FRESH_FIRST ? [...changes.fresh] : [];
    changes.fresh.clear();
    for (const unit of fresh) if (unit.needsInline) this.parser.parse(unit);
    let parsed = 0;
    let size = 0;
    while (parsed < units.length && size <= budget) {
      const unit = units[parsed]!;
      if (unit.needsInline) {
        if (parsed > 0 && shouldYield()) break;
        this.parser.parse(unit);
      }
      size += unit.source.length;
      parsed += 1;
    }
    // Anchors and numbers across every block parsed so far (a block not parsed again yet counts
    // with what it held: an unfinished update is put right by the next one).
    if (changes.crossBlockChanged) {
      changes.crossBlockChanged = false;
      this.anchors.assign(units);
      this.footnoteNumbers = numberFootnotes(units, this.definitions.footnoteOwners);
    }
    const headings = this.anchors.list;
    for (const unit of fresh) {
      if (unit.needsRender && !unit.needsInline) renderBlock(this.md, unit, headings);
    }
    let rendered = 0;
    for (; rendered < parsed; rendered += 1) {
      const unit = units[rendered]!;
      if (unit.needsRender) {
        if (rendered > 0 && shouldYield()) break;
        renderBlock(this.md, unit, headings);
      }
    }
    const html: Record<number, string> = {};
    const sections: DocumentSection[] = [];
    const complete = listSections(units, sections, html);
    if (complete) this.footnotes.render(this.footnoteNumbers);
    this.footnotes.list(sections, html, this.lines.lineCount, complete);
    return { sections, html, headings, complete };
  }

  /**
   * The code the blocks not parsed yet will ask the highlighter for when rendered, in order:
   * each fenced block's text and language as the fence renderer asks for them (`fenceCode`),
   * long code in its parts. For a caller that highlights ahead, elsewhere (a worker), while the
   * document renders: what it lists is what a rendering asks for, save the code of a long
   * block split into parts around it (a long list holding long code), which is asked for in
   * other pieces. Diagram fences are listed too (the highlighter knows no such language).
   */
  codeAhead(): FenceCode[] {
    this.split();
    const { unescapeAll } = this.md.utils;
    const found: FenceCode[] = [];
    for (const unit of this.blocks.units) {
      const tokens = unit.needsInline
        ? (unit.plans?.flatMap((plan) => plan.tokens) ?? unit.fresh)
        : null;
      if (!tokens) continue;
      // Long code alone in its block is highlighted in parts (planParts copies the token).
      const only = tokens.length === 1 && tokens[0]!.type === 'fence' && !unit.plans;
      const fences = only
        ? (planParts(tokens, unit.source)?.map((plan) => plan.tokens[0]!) ?? tokens)
        : tokens;
      for (const token of fences) {
        if (token.type !== 'fence') continue;
        const input = fenceCode(token, unescapeAll);
        if (input) found.push(input);
      }
    }
    return found;
  }

  /** Renders again the blocks holding code of `language` (its highlighting became available);
   * the next update hands out what changed. */
  refreshLanguage(language: string): void {
    const holds = (part: UnitPart) =>
      part.tokens.some((token) => token.type === 'fence' && fenceLanguage(token.info) === language);
    const units = [...this.blocks.units, ...this.blocks.pendingUnits, ...this.removed.values()];
    for (const unit of units) {
      for (const part of unit.parts) if (holds(part)) invalidatePart(unit, part);
    }
  }

  /** Forgets what was handed out: the next update gives the HTML of every section again. */
  reannounce(): void {
    this.split();
    for (const unit of this.blocks.units) {
      for (const part of unit.parts) part.announced = false;
      unit.shown = [];
    }
    this.footnotes.announced = false;
  }

  /** The whole document as one HTML string, `data-line` absolute. */
  renderHtml(): { html: string; headings: Heading[] } {
    this.update();
    const headings = this.anchors.list;
    const html = renderWhole(this.md, this.blocks.units, headings) + this.footnotes.html;
    return { html, headings };
  }
}
