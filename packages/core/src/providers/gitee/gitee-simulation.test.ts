import { describeForgeSimulation } from '../../testing/forge-simulation.js';
import { GiteeSimRemote } from '../../testing/gitee-sim-remote.js';
import { startGiteeTestForge } from '../../testing/gitee-provider.js';

// The seeded simulation (rule S11) over the Gitee provider and forge-sim's real repositories:
// clients edit and sync through faults (forge-sim's 5xx, lost replies and latency; failed and
// hung requests, some in the middle of a sync's per-file commits; commits of another writer
// that move the branch under a client), then sync quietly until stable. `GITEE_SIM_SEEDS=n` sets
// how many seeds run (`SIM_SEEDS` when `pnpm test:sim` runs; 100 by default),
// `GITEE_SIM_SEED=n` replays one. Gitee makes a commit per file written, several per sync: a
// seed plays 8 steps (GitHub's 16), four seeds at a time (each in its own repository, its forge
// work git processes), to keep its seeds inside the test command's time.
describeForgeSimulation({
  name: 'Gitee',
  envPrefix: 'GITEE',
  file: 'src/providers/gitee/gitee-simulation.test.ts',
  steps: 8,
  parallel: 4,
  async start() {
    const t = await startGiteeTestForge();
    return { remote: (_seed, random) => GiteeSimRemote.create(t, random), close: () => t.close() };
  },
});
