import { type FootnoteNumber, isInlineFootnote } from './plugins/footnotes.js';
import { invalidatePart, type Unit } from './unit.js';

/** A footnote's number, how many references it has, and the block holding its content. */
export type FootnoteEntry = [number, number, Unit | undefined];

/**
 * Numbers the footnotes of `units` in order of first reference, and gives each reference its
 * number and which reference to its footnote it is; a part whose references' numbers changed is
 * rendered again. `owners` holds the block defining each footnote (an inline footnote's is the
 * block it is in). Returns label -> [number, references, owner], in order of number.
 */
export function numberFootnotes(
  units: readonly Unit[],
  owners: ReadonlyMap<string, Unit>,
): Map<string, FootnoteEntry> {
  const numbers = new Map<string, FootnoteEntry>();
  for (const unit of units) {
    if (unit.refLabels.length === 0 && unit.refNumbers.length === 0) continue;
    const assigned: FootnoteNumber[] = unit.refLabels.map((label) => {
      const known = numbers.get(label);
      if (known) {
        known[1] += 1;
        return { n: known[0], sub: known[1] - 1 };
      }
      const owner = isInlineFootnote(label) ? unit : owners.get(label);
      const entry: FootnoteEntry = [numbers.size + 1, 1, owner];
      numbers.set(label, entry);
      return { n: entry[0], sub: 0 };
    });
    const same =
      assigned.length === unit.refNumbers.length &&
      assigned.every((a, i) => a.n === unit.refNumbers[i]!.n && a.sub === unit.refNumbers[i]!.sub);
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
          invalidatePart(unit, part);
        }
      }
    }
  }
  return numbers;
}
