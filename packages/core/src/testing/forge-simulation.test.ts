import { describe, expect, it } from 'vitest';
import { simulationSeeds } from './forge-simulation.js';

describe('simulationSeeds', () => {
  it('runs 100 seeds from 1 when nothing is set', () => {
    const seeds = simulationSeeds('GITLAB', {});
    expect(seeds).toHaveLength(100);
    expect(seeds[0]).toBe(1);
    expect(seeds.at(-1)).toBe(100);
  });

  it("reads the forge's own count before the shared one, and starts at SIM_FROM", () => {
    expect(simulationSeeds('GITEA', { GITEA_SIM_SEEDS: '3', SIM_SEEDS: '9' })).toEqual([1, 2, 3]);
    expect(simulationSeeds('GITEA', { SIM_SEEDS: '2', SIM_FROM: '41' })).toEqual([41, 42]);
    // Another forge's variable is not this forge's.
    expect(simulationSeeds('GITEA', { GITEE_SIM_SEEDS: '3', SIM_SEEDS: '2' })).toEqual([1, 2]);
  });

  it("replays one seed, the forge's own before the shared one, whatever the count", () => {
    expect(
      simulationSeeds('GITEE', { GITEE_SIM_SEED: '17', SIM_SEED: '5', SIM_SEEDS: '9' }),
    ).toEqual([17]);
    expect(simulationSeeds('GITHUB', { SIM_SEED: '5', GITHUB_SIM_SEEDS: '9' })).toEqual([5]);
  });
});
