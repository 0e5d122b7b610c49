import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GiteaSimRemote } from '../../testing/gitea-sim-remote.js';
import { type GiteaTestForge, startGiteaTestForge } from '../../testing/gitea-provider.js';
import { runSimulation } from '../../testing/sync-simulation.js';

// The seeded simulation (rule S11) over the Gitea provider and forge-sim's real repositories:
// clients edit and sync through faults (forge-sim's 5xx, lost replies and latency; failed and
// hung requests; commits of another writer that move the branch), then sync quietly until
// stable. Three seeds in four run on a Gitea with ChangeFiles (one commit per sync), every
// fourth on one without (a commit per file, the index first, a sync cut anywhere between: those
// seeds cost about three times as much). `GITEA_SIM_SEEDS=n`
// sets how many seeds run (`SIM_SEEDS` too; 200 by default),
// `GITEA_SIM_SEED=n` replays one.
const replay = process.env.GITEA_SIM_SEED ?? process.env.SIM_SEED;
const count = Number(process.env.GITEA_SIM_SEEDS ?? process.env.SIM_SEEDS ?? 200);
// 6 steps a seed, 4 seeds at once: 200 seeds of 8 steps, half of them without ChangeFiles, took
// 1,010 s on the shared 2-core machine (load average about 15); the seeds are made cheaper
// rather than fewer.
const steps = Number(process.env.GITEA_SIM_STEPS ?? 6);
const from = Number(process.env.SIM_FROM ?? 1);
const parallel = Number(process.env.GITEA_SIM_PARALLEL ?? 4);
const seeds =
  replay !== undefined ? [Number(replay)] : Array.from({ length: count }, (_, i) => from + i);

// Closing the forge removes a repository per seed: more than the default 10 s when loaded.
vi.setConfig({ hookTimeout: 120_000 });

let current: GiteaTestForge;
let old: GiteaTestForge;
beforeAll(async () => {
  [current, old] = await Promise.all([
    startGiteaTestForge(),
    startGiteaTestForge({ gitea: { changeFiles: false } }),
  ]);
});
afterAll(async () => {
  await Promise.all([current.close(), old.close()]);
});

describe('sync simulation over the Gitea provider (forge-sim)', () => {
  it(
    `converges and loses no saved word over ${seeds.length} seeds, with and without ChangeFiles (S11, S16)`,
    async () => {
      // Seeds run four at a time (`GITEA_SIM_PARALLEL`), each in its own repository: the forge's
      // work is git processes, which run while the other seeds wait on their answers.
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
  const hint = `replay with GITEA_SIM_SEED=${seed} pnpm exec vitest run src/providers/gitea/gitea-simulation.test.ts`;
  const forge = seed % 4 === 0 ? old : current;
  let result;
  try {
    result = await runSimulation(seed, steps, undefined, (random) =>
      GiteaSimRemote.create(forge, random),
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
