// The shared WorkspaceProvider contract against the Gitee provider over forge-sim (real bare
// git repositories behind Gitee's v5 dialect), in a repository's root and in a folder.
import { afterAll, beforeAll, vi } from 'vitest';
import { type GiteeTestForge, startGiteeTestForge } from '../../testing/gitee-provider.js';
import { describeProviderContract } from '../../testing/workspace-provider-contract.js';

// Each file written is a commit on forge-sim (git processes): generous time-outs when loaded.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let t: GiteeTestForge;

beforeAll(async () => {
  t = await startGiteeTestForge();
});
afterAll(async () => {
  await t.close();
});

describeProviderContract('GiteeWorkspaceProvider', async ({ pageSize }) => ({
  provider: t.provider(await t.createRepository(undefined, { empty: true }), { pageSize }),
  dispose: () => Promise.resolve(),
}));

describeProviderContract('GiteeWorkspaceProvider in a folder', async ({ pageSize }) => ({
  provider: t.provider(await t.createRepository(), { pageSize, path: 'notes/drafts' }),
  dispose: () => Promise.resolve(),
}));
