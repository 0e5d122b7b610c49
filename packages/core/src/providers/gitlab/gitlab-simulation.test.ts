import { describeForgeSimulation } from '../../testing/forge-simulation.js';
import { GitlabSimRemote } from '../../testing/gitlab-sim-remote.js';
import { startGitlabTestForge } from '../../testing/gitlab-provider.js';

// The seeded simulation (rule S11) over the GitLab provider and forge-sim's real repositories:
// clients edit and sync through faults (forge-sim's 5xx, rate limits, lost replies and latency;
// failed and hung requests; commits of another writer that make a client's sha stale), then
// sync quietly until stable. `GITLAB_SIM_SEEDS=n` sets how many seeds run (`SIM_SEEDS` when
// `pnpm test:sim` runs; 100 by default), `GITLAB_SIM_SEED=n` replays one.
describeForgeSimulation({
  name: 'GitLab',
  envPrefix: 'GITLAB',
  file: 'src/providers/gitlab/gitlab-simulation.test.ts',
  // Eight steps a seed, not GitHub's 16: a seed's fixed part (the first reads, the quiet syncs
  // until stable) is most of its requests, and 16 steps made 200 seeds take 22 minutes on the
  // loaded 2-core machine (about 70 requests a seed; 8 steps, about 53).
  steps: 8,
  // Seeds run six at a time (`GITLAB_SIM_PARALLEL`), each in its own project: the forge's work
  // is git processes, and a seed mostly waits for them (on the loaded 2-core machine, 20 seeds
  // took 55 s six at a time, where 10 took 47 s two at a time).
  parallel: 6,
  async start() {
    // All seeds are one user of one forge-sim, six at a time: on a quiet machine they pass
    // GitLab.com's 2,000 requests a minute together, which one user's sync never does. The
    // forge answers as a self-managed GitLab whose administrator set a higher budget; the
    // rate-limit faults of a seed still come as forge-sim's injected 429s.
    const t = await startGitlabTestForge({ rateLimit: 1_000_000 });
    return { remote: (_seed, random) => GitlabSimRemote.create(t, random), close: () => t.close() };
  },
});
