import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GiteeSimRemote } from '../../testing/gitee-sim-remote.js';
import { type GiteeTestForge, startGiteeTestForge } from '../../testing/gitee-provider.js';
import { runSimulation } from '../../testing/sync-simulation.js';

// The seeded simulation (rule S11) over the Gitee provider and forge-sim's real repositories:
// clients edit and sync through faults (forge-sim's 5xx, lost replies and latency; failed and
// hung requests, some in the middle of a sync's per-file commits; commits of another writer
// that move the branch under a client), then sync quietly until stable. `GITEE_SIM_SEEDS=n` sets
// how many seeds run (`SIM_SEEDS` when `pnpm test:sim` runs; 200 by default),
// `GITEE_SIM_SEED=n` replays one. Gitee makes a commit per file written, several per sync: a
// seed plays 8 steps (GitHub's 16), four seeds at a time (each in its own repository, its forge
// work git processes), to keep 200 seeds inside the test command's time.
const replay = process.env.GITEE_SIM_SEED ?? process.env.SIM_SEED;
const count = Number(process.env.GITEE_SIM_SEEDS ?? process.env.SIM_SEEDS ?? 200);
const steps = Number(process.env.GITEE_SIM_STEPS ?? 8);
const from = Number(process.env.SIM_FROM ?? 1);
const parallel = Number(process.env.GITEE_SIM_PARALLEL ?? 4);
const seeds =
  replay !== undefined ? [Number(replay)] : Array.from({ length: count }, (_, i) => from + i);

// Closing the forge removes a repository per seed: more than the default 10 s when loaded.
vi.setConfig({ hookTimeout: 120_000 });

let t: GiteeTestForge;
beforeAll(async () => {
  t = await startGiteeTestForge();
});
afterAll(async () => {
  await t.close();
});

describe('sync simulation over the Gitee provider (forge-sim)', () => {
  it(
    `converges and loses no saved word over ${seeds.length} seeds (S11, S16)`,
    async () => {
      // Seeds run four at a time (`GITEE_SIM_PARALLEL`), each in its own repository: the forge's
      // work is git processes, which run meanwhile. A seed's faults name its repository's
      // paths, so seeds never take each other's.
      const queue = [...seeds];
      const failures: string[] = [];
      const worker = async () => {
        for (let seed = queue.shift(); seed !== undefined; seed = queue.shift()) {
          const failure = await runSeed(seed);
          if (failure) {
            failures.push(failure);
            queue.length = 0;
          }
        }
      };
      await Promise.all(Array.from({ length: parallel }, worker));
      expect(failures).toEqual([]);
    },
    Math.max(1_800_000, seeds.length * 30_000),
  );
});

// One seed: undefined when it converged with no word lost, else what to say.
async function runSeed(seed: number): Promise<string | undefined> {
  const hint = `replay with GITEE_SIM_SEED=${seed} pnpm exec vitest run src/providers/gitee/gitee-simulation.test.ts`;
  let result;
  try {
    result = await runSimulation(seed, steps, undefined, (random) =>
      GiteeSimRemote.create(t, random),
    );
  } catch (error) {
    console.error(error);
    return `Seed ${seed} threw ${String(error)}; ${hint}`;
  }
  const converged = new Set(result.views).size === 1 && result.views[0] === result.remoteView;
  if (converged && result.lost.length === 0) return undefined;
  console.error(
    `Seed ${seed} failed; ${hint}\n${result.log.join('\n')}\nlost: ${result.lost.join(' ')}` +
      `\nclients:\n${result.views.join('\n')}\nremote:\n${result.remoteView}`,
  );
  return converged
    ? `Seed ${seed} lost words: ${result.lost.join(' ')}; ${hint}`
    : `Seed ${seed} did not converge; ${hint}`;
}
