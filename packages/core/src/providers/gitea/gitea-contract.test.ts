// The shared WorkspaceProvider contract against the Gitea provider over forge-sim (real bare
// git repositories behind Gitea's v1 dialect), in a repository's root and in a folder, through
// ChangeFiles and through the one-file-at-a-time fallback of Gitea before 1.20.
import { afterAll, beforeAll, vi } from 'vitest';
import { type GiteaTestForge, startGiteaTestForge } from '../../testing/gitea-provider.js';
import { describeProviderContract } from '../../testing/workspace-provider-contract.js';

// Each write is a commit on forge-sim (git processes): generous time-outs for a loaded machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let t: GiteaTestForge;
let old: GiteaTestForge;

beforeAll(async () => {
  [t, old] = await Promise.all([
    startGiteaTestForge(),
    startGiteaTestForge({ gitea: { changeFiles: false } }),
  ]);
});
afterAll(async () => {
  await Promise.all([t.close(), old.close()]);
});

describeProviderContract('GiteaWorkspaceProvider', async ({ pageSize }) => ({
  provider: t.provider(await t.createRepository(undefined, { empty: true }), { pageSize }),
  dispose: () => Promise.resolve(),
}));

describeProviderContract('GiteaWorkspaceProvider in a folder', async ({ pageSize }) => ({
  provider: t.provider(await t.createRepository(), { pageSize, path: 'notes/drafts' }),
  dispose: () => Promise.resolve(),
}));

describeProviderContract(
  'GiteaWorkspaceProvider on a Gitea without ChangeFiles, in a folder',
  async ({ pageSize }) => ({
    provider: old.provider(await old.createRepository(), { pageSize, path: 'notes' }),
    dispose: () => Promise.resolve(),
  }),
);
