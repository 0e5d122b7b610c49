import type { Token } from 'markdown-it';
import { type UnitEnv } from './block-scanner.js';
import { type FootnoteNumber } from './plugins/footnotes.js';

/** A heading of a unit: its level, text and line relative to the unit. */
export interface UnitHeading {
  level: number;
  text: string;
  line: number;
  token: Token;
}

/** A footnote definition found in a unit: its label and content tokens. */
export interface UnitFootnote {
  label: string;
  tokens: Token[];
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
  /** Definitions the block makes (link references, abbreviations). */
  env: UnitEnv;
  /** Footnote labels the block defines. */
  footnoteLabels: string[];
  /** Tokens to render, after inline parsing (footnote definitions taken out). */
  tokens: Token[];
  /** Footnote definitions, rendered in the footnotes section. */
  footnotes: UnitFootnote[];
  /** Rendered content of each footnote defined here. */
  footnoteHtml: Map<string, string>;
  headings: UnitHeading[];
  headingIds: string[];
  /** Labels of the footnote references, in order. */
  refLabels: string[];
  refNumbers: FootnoteNumber[];
  hasToc: boolean;
  /** Tokens carrying a source line, with the line relative to the unit. */
  lineTokens: [Token, number][];
  needsInline: boolean;
  needsRender: boolean;
  /** The document's definitions when the unit was parsed. */
  definitions: string;
  html: string;
  /** Changes whenever `html` does; 0 until first rendered. */
  id: number;
  /** The id last handed out as shown (0 before): what the preview holds for this block. */
  shownId: number;
  /** Whether the current `html` was handed out by an update. */
  announced: boolean;
  /** Unique in the document, for the labels of inline footnotes; 0 until first parsed. */
  serial: number;
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
    tokens: [],
    footnotes: [],
    footnoteHtml: new Map(),
    headings: [],
    headingIds: [],
    refLabels: [],
    refNumbers: [],
    hasToc: false,
    lineTokens: [],
    needsInline: true,
    needsRender: true,
    definitions: '',
    html: '',
    id: 0,
    shownId: 0,
    announced: false,
    serial: 0,
  };
}
