import { describeForgeSimulation } from '../../testing/forge-simulation.js';
import { GithubSimRemote } from '../../testing/github-sim-remote.js';
import { startGithubTestForge } from '../../testing/github-provider.js';

// The seeded simulation (rule S11) over the GitHub provider and forge-sim's real repositories:
// clients edit and sync through faults (forge-sim's 5xx, rate limits, lost replies and latency;
// failed and hung requests; commits of another writer that make a client's sha stale), then
// sync quietly until stable. `GITHUB_SIM_SEEDS=n` sets how many seeds run (`SIM_SEEDS` when
// `pnpm test:sim` runs; 100 by default), `GITHUB_SIM_SEED=n` replays one.
describeForgeSimulation({
  name: 'GitHub',
  envPrefix: 'GITHUB',
  file: 'src/providers/github/github-simulation.test.ts',
  steps: 16,
  // Seeds run two at a time (`GITHUB_SIM_PARALLEL`), each in its own repository: the forge's
  // work is git processes, which a second core runs meanwhile.
  parallel: 2,
  async start() {
    const t = await startGithubTestForge();
    return { remote: (_seed, random) => GithubSimRemote.create(t, random), close: () => t.close() };
  },
});
