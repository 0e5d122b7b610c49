import type { Token } from 'markdown-it';
import { type UnitEnv } from './block-scanner.js';
import { type FootnoteNumber } from './plugins/footnotes.js';
import { type PartPlan } from './split.js';

/** A heading of a part: its level, text and line relative to the part. */
export interface UnitHeading {
  level: number;
  text: string;
  line: number;
  token: Token;
  part: UnitPart;
}

/** A footnote definition found in a part: its label and content tokens. */
export interface UnitFootnote {
  label: string;
  tokens: Token[];
}

/**
 * What a block shows as one section of the preview: the whole block, or, for a long one, a run
 * of its items, rows, blocks or lines (see `planParts` and `splitParagraph`).
 */
export interface UnitPart {
  /** First line, relative to the block. */
  offset: number;
  /** For a part of a split block, what its tokens depend on ('' for a whole block). */
  key: string;
  /** For a part of a split block, how many of its first and last tokens open and close the
   * containers it repeats (a list, a table and its body, a quote…): left out where the parts are
   * joined again into one block. */
  wrap: [number, number];
  /** Tokens to render, after inline parsing (footnote definitions taken out). */
  tokens: Token[];
  /** Footnote definitions, rendered in the footnotes section. */
  footnotes: UnitFootnote[];
  /** Rendered content of each footnote defined here. */
  footnoteHtml: Map<string, string>;
  headings: UnitHeading[];
  /** Labels of its footnote references, in order. */
  refLabels: string[];
  /** The numbers its footnote references show. */
  refNumbers: FootnoteNumber[];
  hasToc: boolean;
  /** Tokens carrying a source line, with the line relative to the part. */
  lineTokens: [Token, number][];
  /** The document's definitions when it was parsed. */
  definitions: string;
  needsRender: boolean;
  html: string;
  /** Changes whenever `html` does; 0 until first rendered. */
  id: number;
  /** Whether the current `html` was handed out by an update. */
  announced: boolean;
  /** Until rendered, the old part it replaces: for a run of a long paragraph, the run of the same
   * lines; for another part of a split block, an old part of the same text whose context changed
   * (for code, its lead-in). When the HTML is the same, the section is kept. */
  prior: UnitPart | null;
}

/** One top-level block of a document and everything derived from it. */
export interface Unit {
  /** First line, absolute. */
  start: number;
  /** Line after the block, absolute. */
  end: number;
  /** The block's lines. */
  source: string;
  /** Block tokens from the scan, until the unit's inline content is parsed. */
  fresh: Token[] | null;
  /** Definitions the block made (link references, abbreviations). */
  env: UnitEnv;
  /** Footnote labels the block defines. */
  footnoteLabels: string[];
  /** Its parts, in order: one, unless the block is long enough to split. */
  parts: UnitPart[];
  /** Its parts as planned already, when an edit planned them (see editListPart). */
  plans: PartPlan[] | null;
  /** Parts of the blocks this one replaced, by key: their work is reused where it still fits. */
  pool: Map<string, UnitPart> | null;
  /** Set when another block took its parts: it is not kept for reuse. */
  spent: boolean;
  headings: UnitHeading[];
  headingIds: string[];
  /** Labels of the footnote references, in order. */
  refLabels: string[];
  refNumbers: FootnoteNumber[];
  /** Rendered content of each footnote defined here. */
  footnoteHtml: Map<string, string>;
  hasToc: boolean;
  needsInline: boolean;
  /** Some part needs rendering. */
  needsRender: boolean;
  /** The document's definitions when the unit was parsed. */
  definitions: string;
  /** The sections last handed out as shown for this block, one a part. */
  shown: ShownPart[];
}

/** A section handed out as shown for a part of a block: its first line in the block, and the
 * section object last handed out for it (its id, and given again while its line is the same). */
export interface ShownPart {
  offset: number;
  section: { id: number; line: number };
}

/** A unit for a freshly scanned block. */
export function createUnit(
  start: number,
  end: number,
  source: string,
  tokens: Token[],
  env: UnitEnv,
): Unit {
  const footnoteLabels: string[] = [];
  for (const token of tokens) {
    if (token.type === 'footnote_def_open')
      footnoteLabels.push((token.meta as { label: string }).label);
  }
  return {
    start,
    end,
    source,
    fresh: tokens,
    env,
    footnoteLabels,
    parts: [],
    plans: null,
    pool: null,
    spent: false,
    headings: [],
    headingIds: [],
    refLabels: [],
    refNumbers: [],
    footnoteHtml: new Map(),
    hasToc: false,
    needsInline: true,
    needsRender: true,
    definitions: '',
    shown: [],
  };
}

/** A part with nothing parsed or rendered yet. */
export function createPart(offset: number, key: string): UnitPart {
  return {
    offset,
    key,
    wrap: [0, 0],
    tokens: [],
    footnotes: [],
    footnoteHtml: new Map(),
    headings: [],
    refLabels: [],
    refNumbers: [],
    hasToc: false,
    lineTokens: [],
    definitions: '',
    needsRender: true,
    html: '',
    id: 0,
    announced: false,
    prior: null,
  };
}

/** Marks a part of a block for rendering (the next update renders it and hands out its HTML
 * when that changed). */
export function invalidatePart(unit: Unit, part: UnitPart): void {
  part.needsRender = true;
  unit.needsRender = true;
}

/** Whether a block holds what ties blocks together in order: headings (anchors, the table of
 * contents) or footnote references (numbers). A block that does and came, went, moved or was
 * parsed again makes the next update work out anchors and numbers again. */
export function linksAcross(unit: Unit): boolean {
  return (
    unit.headings.length > 0 ||
    unit.headingIds.length > 0 ||
    unit.refLabels.length > 0 ||
    unit.refNumbers.length > 0
  );
}
