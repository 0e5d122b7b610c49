import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import {
  GiteaClient,
  GiteaWorkspaceProvider,
  GitlabClient,
  GitlabWorkspaceProvider,
} from '@inkstone/core';
import { type ForgeSim } from '@inkstone/forge-sim';
import { type ForgeBench } from './forge-sync';

const run = promisify(execFile);
const OWNER = 'bench';
const REPO = 'workspace';

// The branch's commit count, from the bare repository behind every dialect.
function counter(forge: ForgeSim, branch: string): () => Promise<number> {
  const gitDir = forge.repos.get(OWNER, REPO)!.gitDir;
  return async () => {
    const { stdout } = await run('git', ['--git-dir', gitDir, 'rev-list', '--count', branch]);
    return Number(stdout.trim());
  };
}

// '/repos/o/r/git/trees/…' → 'trees'; '/repos/o/r/contents/…' → 'contents'.
const reposKind = (path: string) => {
  const parts = path.split('/');
  return parts[4] === 'git' ? (parts[5] ?? 'git') : (parts[4] ?? parts[1] ?? '');
};

/** GitLab's REST v4 on forge-sim: one commits call with actions per sync. */
export const gitlabBench: ForgeBench = {
  name: 'GitLab',
  apiUrl: (forge) => forge.gitlabApiUrl,
  async setup(forge, http) {
    const token = 'glpat_bench';
    forge.users.add({ login: OWNER, token });
    await forge.repos.create({ owner: OWNER, name: REPO, autoInit: true });
    const client = new GitlabClient({ http, serverUrl: forge.url, token });
    return {
      provider: () =>
        new GitlabWorkspaceProvider({
          client,
          projectPath: `${OWNER}/${REPO}`,
          branch: 'main',
          path: '',
        }),
      commits: counter(forge, 'main'),
    };
  },
  // '/projects/bench%2Fworkspace/repository/tree' → 'tree'.
  kind: (_method, path) => {
    const parts = path.split('/');
    return parts[3] === 'repository' ? (parts[4] ?? 'repository') : (parts[3] ?? parts[1] ?? '');
  },
};

/** Gitea's API v1 on forge-sim: one ChangeFiles call per sync. */
export const giteaBench: ForgeBench = {
  name: 'Gitea',
  apiUrl: (forge) => forge.giteaApiUrl,
  async setup(forge, http) {
    const token = 'gitea_bench';
    forge.users.add({ login: OWNER, token });
    await forge.repos.create({ owner: OWNER, name: REPO, autoInit: true, defaultBranch: 'master' });
    const client = new GiteaClient({ http, apiUrl: forge.giteaApiUrl, token });
    return {
      provider: () =>
        new GiteaWorkspaceProvider({
          client,
          owner: OWNER,
          repo: REPO,
          branch: 'master',
          path: '',
        }),
      commits: counter(forge, 'master'),
    };
  },
  kind: (_method, path) => reposKind(path),
};
