import { describe, expect, it } from 'vitest';
import { parsedBlocks } from '../testing/parsed-blocks.js';
import { numberFootnotes } from './footnote-numbers.js';

describe('numberFootnotes', () => {
  it('numbers footnotes in order of first reference, each reference with its rank', () => {
    const text = 'A[^b].\n\nB[^a] and again[^b].\n\n[^a]: Note a.\n\n[^b]: Note b.\n';
    const { blocks, definitions } = parsedBlocks(text, { footnote: true });
    const units = blocks.units;
    const numbers = numberFootnotes(units, definitions.footnoteOwners);
    expect([...numbers]).toEqual([
      ['b', [1, 2, units[3]]],
      ['a', [2, 1, units[2]]],
    ]);
    expect(units[0]!.refNumbers).toEqual([{ n: 1, sub: 0 }]);
    expect(units[1]!.refNumbers).toEqual([
      { n: 2, sub: 0 },
      { n: 1, sub: 1 },
    ]);
  });

  it('marks for rendering only the blocks whose references were numbered again', () => {
    const text = 'A[^a].\n\nB[^b].\n\nNo reference.\n\nC[^a].\n\n[^a]: Note a.\n\n[^b]: Note b.\n';
    const { blocks, definitions, edit, rendered } = parsedBlocks(text, { footnote: true });
    numberFootnotes(blocks.units, definitions.footnoteOwners);
    // A first reference to b comes first: b is 1, a is 2.
    edit(0, 0, 'Z[^b].\n\n');
    rendered();
    numberFootnotes(blocks.units, definitions.footnoteOwners);
    expect(blocks.units.map((unit) => unit.needsRender)).toEqual([
      true, // Z[^b]: new, numbered for the first time
      true, // A[^a]: 1 -> 2
      true, // B[^b]: 2 -> 1, its second reference
      false, // No reference.
      true, // C[^a]: 1:1 -> 2:1
      false,
      false,
    ]);
    // Numbered again as they are: nothing changes.
    rendered();
    numberFootnotes(blocks.units, definitions.footnoteOwners);
    expect(blocks.units.some((unit) => unit.needsRender)).toBe(false);
  });
});
