// The shared WorkspaceProvider contract against the GitLab provider over forge-sim (real bare
// git repositories behind GitLab's REST v4 dialect), in a project's root and in a folder.
import { afterAll, beforeAll, vi } from 'vitest';
import { type GitlabTestForge, startGitlabTestForge } from '../../testing/gitlab-provider.js';
import { describeProviderContract } from '../../testing/workspace-provider-contract.js';

// Each write is a commit on forge-sim (git processes): generous time-outs for a loaded machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let t: GitlabTestForge;

beforeAll(async () => {
  t = await startGitlabTestForge();
});
afterAll(async () => {
  await t.close();
});

describeProviderContract('GitlabWorkspaceProvider', async ({ pageSize }) => ({
  provider: t.provider(await t.createProject(undefined, { empty: true }), { pageSize }),
  dispose: () => Promise.resolve(),
}));

describeProviderContract('GitlabWorkspaceProvider in a folder', async ({ pageSize }) => ({
  provider: t.provider(await t.createProject(), { pageSize, path: 'notes/drafts' }),
  dispose: () => Promise.resolve(),
}));
