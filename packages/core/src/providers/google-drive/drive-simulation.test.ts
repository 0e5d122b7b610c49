import { startDriveTestCloud } from '../../testing/drive-provider.js';
import { DriveSimRemote } from '../../testing/drive-sim-remote.js';
import { describeForgeSimulation } from '../../testing/forge-simulation.js';

// The seeded simulation (rule S11) over the Drive workspace provider and cloud-sim: clients
// edit and sync through faults (cloud-sim's 5xx, 403 rate limits, 401 expired tokens, lost
// replies and latency; failed and hung requests; texts edited in Drive by someone else), then
// sync quietly until stable: every run converges and no saved word is lost.
// `DRIVE_SIM_SEEDS=n` sets how many seeds run (100 by default), `DRIVE_SIM_SEED=n` replays one.
describeForgeSimulation({
  name: 'Google Drive',
  envPrefix: 'DRIVE',
  file: 'src/providers/google-drive/drive-simulation.test.ts',
  steps: 16,
  // Seeds four at a time (`DRIVE_SIM_PARALLEL`): a seed mostly waits on its requests.
  parallel: 4,
  async start() {
    const cloud = await startDriveTestCloud();
    return {
      remote: (seed, random) => DriveSimRemote.create(cloud, seed, random),
      close: () => cloud.close(),
    };
  },
});
