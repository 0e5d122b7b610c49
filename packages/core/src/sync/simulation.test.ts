import { describe, expect, it } from 'vitest';
import { runSimulation } from '../testing/sync-simulation.js';

// The seeded simulation (rules S1–S8): clients edit, sync through random faults, then sync
// quietly until stable. `SIM_SEEDS=n` sets how many seeds run, `SIM_SEED=n` replays one.
const replay = process.env.SIM_SEED;
const count = Number(process.env.SIM_SEEDS ?? 200);
const seeds =
  replay !== undefined ? [Number(replay)] : Array.from({ length: count }, (_, i) => i + 1);

describe('sync simulation', () => {
  it(`converges and loses no saved word over ${seeds.length} seeds (S1–S8)`, async () => {
    for (const seed of seeds) {
      let result;
      try {
        result = await runSimulation(seed);
      } catch (error) {
        throw new Error(`Seed ${seed} threw; replay with SIM_SEED=${seed} pnpm test:sim`, {
          cause: error,
        });
      }
      const message = `Seed ${seed} failed; replay with SIM_SEED=${seed} pnpm test:sim\n${result.log.join('\n')}`;
      if (new Set(result.views).size !== 1 || result.lost.length > 0) {
        console.error(message, '\nlost:', result.lost, '\nviews:\n', result.views.join('\n'));
      }
      expect(new Set(result.views).size, message).toBe(1);
      expect(result.lost, message).toEqual([]);
    }
  }, 600_000);
});
