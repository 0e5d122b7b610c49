import { describe, expect, it } from 'vitest';
import { editText, fillerText, MARKER_PREFIX, SimRandom } from '../testing/sim-random.js';
import { mergeText } from './merge-text.js';

// A generated test of M1 and M2: thousands of random pairs of edit sequences from one base
// (words inserted, deleted, replaced, lines moved); every word either side inserted survives.
const ROUNDS = Number(process.env.MERGE_ROUNDS ?? 2000);
// Marker words, whole: a marker whose letters were interleaved with another's is not found.
const markers = (text: string) =>
  text.split(/[^\w]+/).filter((word) => word.startsWith(MARKER_PREFIX));

describe('mergeText, generated', () => {
  it(`keeps every inserted word whole over ${ROUNDS} random edit pairs (M1, M2, M3)`, () => {
    const random = new SimRandom(20261121);
    let conflicts = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      // The base holds marker words already, as texts do after a few syncs.
      let base = fillerText(random, 2 + random.int(10));
      for (let n = 0; n < random.int(4); n += 1)
        base = editText(random, base, `${MARKER_PREFIX}0w${n}`);
      const sides = ['L', 'R'].map((side) => {
        let text = base;
        for (let n = 0; n < 1 + random.int(6); n += 1) {
          text = editText(
            random,
            text,
            `${MARKER_PREFIX}${side === 'L' ? 1 : 2}w${round * 10 + n}`,
          );
        }
        return text;
      }) as [string, string];
      const merged = mergeText(base, sides[0], sides[1]);
      conflicts += merged.conflicts.length > 0 ? 1 : 0;
      const kept = new Set(markers(merged.text));
      for (const word of [...markers(sides[0]), ...markers(sides[1])]) {
        if (!kept.has(word)) {
          throw new Error(
            `round ${round}: ${word} lost ${JSON.stringify({ base, local: sides[0], remote: sides[1], merged: merged.text })}`,
          );
        }
      }
    }
    // Both kinds of merge happen: clean ones and ones with conflict blocks.
    expect(conflicts).toBeGreaterThan(ROUNDS / 10);
    expect(conflicts).toBeLessThan(ROUNDS);
  }, 60_000);
});
