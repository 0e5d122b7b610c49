import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GithubSimRemote } from '../../testing/github-sim-remote.js';
import { type GithubTestForge, startGithubTestForge } from '../../testing/github-provider.js';
import { runSimulation } from '../../testing/sync-simulation.js';

// The seeded simulation (rule S11) over the GitHub provider and forge-sim's real repositories:
// clients edit and sync through faults (forge-sim's 5xx, rate limits, lost replies and latency;
// failed and hung requests; commits of another writer that make a client's sha stale), then
// sync quietly until stable. `GITHUB_SIM_SEEDS=n` sets how many seeds run (`SIM_SEEDS` when
// `pnpm test:sim` runs; 200 by default), `GITHUB_SIM_SEED=n` replays one.
const replay = process.env.GITHUB_SIM_SEED ?? process.env.SIM_SEED;
const count = Number(process.env.GITHUB_SIM_SEEDS ?? process.env.SIM_SEEDS ?? 200);
const steps = Number(process.env.GITHUB_SIM_STEPS ?? 16);
const from = Number(process.env.SIM_FROM ?? 1);
const seeds =
  replay !== undefined ? [Number(replay)] : Array.from({ length: count }, (_, i) => from + i);

let t: GithubTestForge;
beforeAll(async () => {
  t = await startGithubTestForge();
});
afterAll(async () => {
  await t.close();
});

describe('sync simulation over the GitHub provider (forge-sim)', () => {
  it(`converges and loses no saved word over ${seeds.length} seeds (S11, S16)`, async () => {
    for (const seed of seeds) {
      const hint = `replay with GITHUB_SIM_SEED=${seed} pnpm exec vitest run src/providers/github/github-simulation.test.ts`;
      let result;
      try {
        result = await runSimulation(seed, steps, undefined, (random) =>
          GithubSimRemote.create(t, random),
        );
      } catch (error) {
        throw new Error(`Seed ${seed} threw; ${hint}`, { cause: error });
      } finally {
        t.forge.faults.clear();
      }
      const converged = new Set(result.views).size === 1 && result.views[0] === result.remoteView;
      if (!converged || result.lost.length > 0) {
        console.error(
          `Seed ${seed} failed; ${hint}\n${result.log.join('\n')}\nlost: ${result.lost.join(' ')}` +
            `\nclients:\n${result.views.join('\n')}\nremote:\n${result.remoteView}`,
        );
      }
      expect(converged, `Seed ${seed} did not converge; ${hint}`).toBe(true);
      expect(result.lost, `Seed ${seed} lost words; ${hint}`).toEqual([]);
    }
  }, 1_800_000);
});
