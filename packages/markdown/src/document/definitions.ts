import type { Token } from 'markdown-it';
import { abbreviationPattern } from './plugins/abbreviations.js';
import { type Unit } from './unit.js';

/**
 * What the blocks of a document define for each other: link reference definitions,
 * abbreviations and footnote definitions, the first definition of a label winning. Inline
 * parsing reads them; a block's parse holds for the definitions it was parsed with (`key`), so
 * when they change every block is parsed again.
 */
export class Definitions {
  /** Identifies the definitions: the same key, the same definitions. */
  key = '';
  /** Link reference definitions by label. */
  references: Record<string, unknown> = {};
  /** Abbreviations' titles by abbreviation. */
  abbreviations: Record<string, string> = {};
  /** Matches any of the abbreviations (null for none). */
  abbreviationRegex: RegExp | null = null;
  /** The labels of the footnotes defined anywhere. */
  footnoteLabels = new Set<string>();
  /** The block holding each footnote's content, by label. */
  footnoteOwners = new Map<string, Unit>();

  /** Forgets the key, so that the next `gather` parses every block again (a new text). */
  reset(): void {
    this.key = '\0';
  }

  /** Gathers the definitions every block of `units` makes; when they changed, marks every block
   * for inline parsing. */
  gather(units: readonly Unit[]): void {
    const references: Record<string, unknown> = {};
    const abbreviations: Record<string, string> = {};
    const owners = new Map<string, Unit>();
    for (const unit of units) {
      for (const [label, value] of Object.entries(unit.env.references ?? {})) {
        if (!(label in references)) references[label] = value;
      }
      for (const [label, title] of Object.entries(unit.env.abbreviations ?? {})) {
        if (!(label in abbreviations)) abbreviations[label] = title;
      }
      for (const label of unit.footnoteLabels) if (!owners.has(label)) owners.set(label, unit);
    }
    this.footnoteOwners = owners;
    const key = JSON.stringify([references, abbreviations, [...owners.keys()].sort()]);
    if (key === this.key) return;
    this.key = key;
    this.references = references;
    this.abbreviations = abbreviations;
    this.abbreviationRegex = abbreviationPattern(Object.keys(abbreviations));
    this.footnoteLabels = new Set(owners.keys());
    for (const unit of units) unit.needsInline = true;
  }
}

/** Whether a block (a unit, or a block just scanned) defines references, abbreviations or
 * footnotes, which other blocks use. */
export function definesSomething(block: {
  env: Unit['env'];
  tokens?: Token[];
  footnoteLabels?: string[];
}): boolean {
  if (block.env.references || block.env.abbreviations) return true;
  if (block.footnoteLabels) return block.footnoteLabels.length > 0;
  return (block.tokens ?? []).some((token) => token.type === 'footnote_def_open');
}
