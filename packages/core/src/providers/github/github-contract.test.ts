// The shared WorkspaceProvider contract against the GitHub provider over forge-sim (real bare
// git repositories behind GitHub's REST dialect), in a repository's root and in a folder.
import { afterAll, beforeAll } from 'vitest';
import { type GithubTestForge, startGithubTestForge } from '../../testing/github-provider.js';
import { describeProviderContract } from '../../testing/workspace-provider-contract.js';

let t: GithubTestForge;

beforeAll(async () => {
  t = await startGithubTestForge();
});
afterAll(async () => {
  await t.close();
});

describeProviderContract('GithubWorkspaceProvider', async ({ pageSize }) => ({
  provider: t.provider(await t.createRepository(undefined, { empty: true }), { pageSize }),
  dispose: () => Promise.resolve(),
}));

describeProviderContract('GithubWorkspaceProvider in a folder', async ({ pageSize }) => ({
  provider: t.provider(await t.createRepository(), { pageSize, path: 'notes/drafts' }),
  dispose: () => Promise.resolve(),
}));
