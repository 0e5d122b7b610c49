import { describeForgeSimulation } from '../../testing/forge-simulation.js';
import { GiteaSimRemote } from '../../testing/gitea-sim-remote.js';
import { startGiteaTestForge } from '../../testing/gitea-provider.js';

// The seeded simulation (rule S11) over the Gitea provider and forge-sim's real repositories:
// clients edit and sync through faults (forge-sim's 5xx, lost replies and latency; failed and
// hung requests; commits of another writer that move the branch), then sync quietly until
// stable. Three seeds in four run on a Gitea with ChangeFiles (one commit per sync), every
// fourth on one without (a commit per file, the index first, a sync cut anywhere between: those
// seeds cost about three times as much). `GITEA_SIM_SEEDS=n`
// sets how many seeds run (`SIM_SEEDS` too; 100 by default),
// `GITEA_SIM_SEED=n` replays one.
describeForgeSimulation({
  name: 'Gitea',
  envPrefix: 'GITEA',
  file: 'src/providers/gitea/gitea-simulation.test.ts',
  titleDetail: ', with and without ChangeFiles',
  // 6 steps a seed, 4 seeds at once: 200 seeds of 8 steps, half of them without ChangeFiles,
  // took 1,010 s on the shared 2-core machine (load average about 15); the seeds are made
  // cheaper rather than fewer.
  steps: 6,
  // Seeds run four at a time (`GITEA_SIM_PARALLEL`), each in its own repository: the forge's
  // work is git processes, which run while the other seeds wait on their answers.
  parallel: 4,
  async start() {
    const [current, old] = await Promise.all([
      startGiteaTestForge(),
      startGiteaTestForge({ gitea: { changeFiles: false } }),
    ]);
    return {
      remote: (seed, random) => GiteaSimRemote.create(seed % 4 === 0 ? old : current, random),
      close: async () => {
        await Promise.all([current.close(), old.close()]);
      },
    };
  },
});
