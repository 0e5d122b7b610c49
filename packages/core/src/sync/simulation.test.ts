import { describe, expect, it } from 'vitest';
import { runSimulation } from '../testing/sync-simulation.js';

// The seeded simulation (rule S11, through S2–S8): clients edit and sync through random faults,
// then sync quietly until stable. `SIM_SEEDS=n` sets how many seeds run (100 by default,
// `pnpm test:sim` runs 5,000); `SIM_SEED=n pnpm test:sim` replays one seed exactly.
const replay = process.env.SIM_SEED;
const count = Number(process.env.SIM_SEEDS ?? 100);
// Steps of random work per seed before the quiet syncs (`SIM_STEPS`, 40 by default).
const steps = Number(process.env.SIM_STEPS ?? 40);
// The first seed of the run (`SIM_FROM`, 1 by default), to explore beyond the usual ones.
const from = Number(process.env.SIM_FROM ?? 1);
const seeds =
  replay !== undefined ? [Number(replay)] : Array.from({ length: count }, (_, i) => from + i);

describe('sync simulation', () => {
  it(`converges and loses no saved word over ${seeds.length} seeds (S11)`, async () => {
    let conflicts = 0;
    for (const seed of seeds) {
      const replayHint = `replay with SIM_SEED=${seed}${steps === 40 ? '' : ` SIM_STEPS=${steps}`} pnpm test:sim`;
      let result;
      try {
        result = await runSimulation(seed, steps);
      } catch (error) {
        throw new Error(`Seed ${seed} threw; ${replayHint}`, { cause: error });
      }
      const converged = new Set(result.views).size === 1 && result.views[0] === result.remoteView;
      if (!converged || result.lost.length > 0) {
        console.error(
          `Seed ${seed} failed; ${replayHint}\n${result.log.join('\n')}\nlost: ${result.lost.join(' ')}` +
            `\nclients:\n${result.views.join('\n')}\nremote:\n${result.remoteView}`,
        );
      }
      expect(converged, `Seed ${seed} did not converge; ${replayHint}`).toBe(true);
      expect(result.lost, `Seed ${seed} lost words; ${replayHint}`).toEqual([]);
      conflicts += result.conflicts;
    }
    // The runs do reach the merge with conflicts, not only clean syncs.
    if (seeds.length >= 50) expect(conflicts).toBeGreaterThan(0);
  }, 1_200_000);
});
