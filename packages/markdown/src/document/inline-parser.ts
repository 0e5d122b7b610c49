import type MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';
import { scanBlocks } from './block-scanner.js';
import { collectPart } from './collect-part.js';
import { type Definitions } from './definitions.js';
import { type DocumentChanges } from './document-changes.js';
import { type PartPlan, partSource, planParts, splitParagraph } from './split.js';
import { createPart, linksAcross, type Unit, type UnitPart } from './unit.js';

/**
 * Parses the inline content of a document's blocks, with the definitions the blocks make for
 * each other. A long block is planned into parts (`planParts`), and a part whose key is that of
 * a part of the block it replaces is taken over as it was, parsed already; the others are
 * parsed, a long paragraph into runs of its lines (`splitParagraph`).
 */
export class InlineParser {
  // Makes the labels of inline footnotes unique in the document.
  private nextSerial = 1;

  constructor(
    private readonly md: MarkdownIt,
    private readonly definitions: Definitions,
    private readonly changes: DocumentChanges,
  ) {}

  /** Parses the inline content of a block: its parts, then what it sums up from them (headings,
   * footnote references, a table of contents). */
  parse(unit: Unit): void {
    if (linksAcross(unit)) this.changes.crossBlockChanged = true;
    const definitions = this.definitions.key;
    const pool = unit.pool;
    unit.pool = null;
    let plans = unit.plans;
    unit.plans = null;
    // Plans an edit made (editListPart) hold the parsed tokens of the parts they reuse: when one
    // cannot be reused after all (the definitions changed since), plan again from a scan.
    const stale = (plan: PartPlan) => {
      const old = pool?.get(plan.key);
      return old !== undefined && old.definitions !== definitions;
    };
    if (plans?.some(stale)) plans = null;
    if (!plans) {
      const tokens = unit.fresh ?? rescan(this.md, unit.source);
      plans = planParts(tokens, unit.source) ?? [
        { offset: 0, source: unit.source, key: '', tokens, wrap: [0, 0] },
      ];
    }
    unit.fresh = null;
    // Parts whose key is unchanged are taken over first, then the others are parsed.
    const taken = plans.map((plan) => {
      const reused = plan.key === '' ? undefined : pool?.get(plan.key);
      if (reused === undefined || reused.definitions !== definitions) return undefined;
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
        // two again): when it renders the same HTML, its section stays (see renderBlock).
        if (plan.key !== '') parts[0]!.prior = untaken(plan.key);
        return parts;
      }
      // The runs of a long paragraph are parsed with it; one that renders as the run it replaces
      // keeps its section (see renderBlock). (Each run replaces one at most.)
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
    unit.definitions = definitions;
    if (linksAcross(unit)) this.changes.crossBlockChanged = true;
  }

  // Parses the inline content of a block's tokens (a whole block, or a part of a long one): one
  // part, or for a long paragraph the runs of its lines (splitParagraph).
  private parsePart(offset: number, key: string, source: string, tokens: Token[]): UnitPart[] {
    const definitions = this.definitions;
    const env = {
      references: definitions.references,
      abbreviations: definitions.abbreviations,
      abbreviationPattern: definitions.abbreviationRegex,
      footnoteLabels: definitions.footnoteLabels,
      footnoteRefCount: 0,
      inlineFootnotePrefix: String(this.nextSerial++),
    };
    const state = new this.md.core.State(source, this.md, env);
    state.tokens = tokens;
    this.md.core.process(state);
    const pieces = splitParagraph(tokens, source);
    if (!pieces) return [collectPart(createPart(offset, key), tokens, definitions.key)];
    return pieces.map((piece) => {
      const part = collectPart(
        createPart(offset + piece.offset, piece.key),
        piece.tokens,
        definitions.key,
      );
      part.wrap = piece.wrap;
      return part;
    });
  }
}

// The block tokens of a block's source parsed on its own (the same as in the document: a
// top-level block parses the same wherever it starts).
function rescan(md: MarkdownIt, source: string): Token[] {
  const tokens: Token[] = [];
  for (const block of scanBlocks(md, source).blocks) {
    for (const token of block.tokens) {
      if (token.map) token.map = [token.map[0] + block.start, token.map[1] + block.start];
      tokens.push(token);
    }
  }
  return tokens;
}
