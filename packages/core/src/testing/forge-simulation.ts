// The runner the four forges' seeded fault simulations (rule S11) share: which seeds run (from
// the forge's own variables, then the shared ones `pnpm test:sim` sets), a queue of them played
// by a few workers at once, each seed in its own repository, and the report of the first seed
// that did not converge or lost a saved word, with the command that replays it.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type SimRandom } from './sim-random.js';
import { runSimulation, type SimRemote } from './sync-simulation.js';

/** What a forge's simulation started once for all its seeds: a remote for a seed, and the
 * closing of what it started. */
export interface ForgeSimulationForge {
  /** The remote of one seed (its own repository), `random` being the seed's. */
  remote(seed: number, random: SimRandom): Promise<SimRemote>;
  close(): Promise<void>;
}

/** One forge's simulation: its names, its defaults and how its forge starts. */
export interface ForgeSimulationOptions {
  /** The forge's name in the test's title: `GitHub`, `GitLab`, … */
  name: string;
  /** The prefix of the forge's own variables: `GITLAB` reads `GITLAB_SIM_SEEDS`,
   * `GITLAB_SIM_SEED`, `GITLAB_SIM_STEPS` and `GITLAB_SIM_PARALLEL`. */
  envPrefix: string;
  /** The test file, from the package's folder, for the replay hint. */
  file: string;
  /** Steps a seed plays unless `<PREFIX>_SIM_STEPS` says. */
  steps: number;
  /** Seeds at once unless `<PREFIX>_SIM_PARALLEL` says. */
  parallel: number;
  /** Words the test's title adds after the seed count (e.g. `, with and without ChangeFiles`). */
  titleDetail?: string;
  /** Starts the forge (or forges) the seeds share. */
  start(): Promise<ForgeSimulationForge>;
}

/** The seeds to run: `<PREFIX>_SIM_SEED` (or `SIM_SEED`) replays one; otherwise
 * `<PREFIX>_SIM_SEEDS` (or `SIM_SEEDS`, 100 by default) seeds from `SIM_FROM` (1 by default). */
export function simulationSeeds(envPrefix: string, env = process.env): number[] {
  const replay = env[`${envPrefix}_SIM_SEED`] ?? env.SIM_SEED;
  if (replay !== undefined) return [Number(replay)];
  const count = Number(env[`${envPrefix}_SIM_SEEDS`] ?? env.SIM_SEEDS ?? 100);
  const from = Number(env.SIM_FROM ?? 1);
  return Array.from({ length: count }, (_, i) => from + i);
}

/** Declares a forge's simulation test: its forge started before and closed after, the seeds
 * played `parallel` at a time, the run stopped (and failed) at the first seed that fails. */
export function describeForgeSimulation(options: ForgeSimulationOptions): void {
  const { envPrefix } = options;
  const seeds = simulationSeeds(envPrefix);
  const steps = Number(process.env[`${envPrefix}_SIM_STEPS`] ?? options.steps);
  const parallel = Number(process.env[`${envPrefix}_SIM_PARALLEL`] ?? options.parallel);

  // Closing the forge removes a repository per seed: more than the default 10 s when loaded.
  vi.setConfig({ hookTimeout: 120_000 });

  let forge: ForgeSimulationForge;
  beforeAll(async () => {
    forge = await options.start();
  });
  afterAll(async () => {
    await forge.close();
  });

  // One seed: undefined when it converged with no word lost, else what to say.
  const runSeed = async (seed: number): Promise<string | undefined> => {
    const hint = `replay with ${envPrefix}_SIM_SEED=${seed} pnpm exec vitest run ${options.file}`;
    let result;
    try {
      result = await runSimulation(seed, steps, undefined, (random) => forge.remote(seed, random));
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
  };

  describe(`sync simulation over the ${options.name} provider (forge-sim)`, () => {
    it(
      `converges and loses no saved word over ${seeds.length} seeds${options.titleDetail ?? ''} (S11, S16)`,
      async () => {
        // Each worker takes the next seed from the queue; the first failure empties it. A seed's
        // faults name its repository's paths, so seeds running at once never take each other's.
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
}
