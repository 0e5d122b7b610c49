import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { GiteeClient, GiteeWorkspaceProvider } from '@inkstone/core';
import { type ForgeBench } from './forge-sync';

const run = promisify(execFile);
const OWNER = 'bench';
const TOKEN = 'gitee_bench';
const REPO = 'workspace';
const BRANCH = 'master';

/** Gitee's v5 API on forge-sim, for the sync benchmarks: its contents API writes one file per
 * commit, so a sync is as many commits as files it writes (docs/reference/gitee.md). */
export const giteeBench: ForgeBench = {
  name: 'Gitee',
  apiUrl: (forge) => forge.giteeApiUrl,
  async setup(forge, http) {
    forge.users.add({ login: OWNER, token: TOKEN });
    await forge.repos.create({ owner: OWNER, name: REPO, autoInit: true, defaultBranch: BRANCH });
    const client = new GiteeClient({ http, apiUrl: forge.giteeApiUrl, token: TOKEN });
    const gitDir = forge.repos.get(OWNER, REPO)!.gitDir;
    return {
      provider: () =>
        new GiteeWorkspaceProvider({ client, owner: OWNER, repo: REPO, branch: BRANCH, path: '' }),
      commits: async () => {
        const { stdout } = await run('git', ['--git-dir', gitDir, 'rev-list', '--count', BRANCH]);
        return Number(stdout.trim());
      },
    };
  },
  // '/repos/bench/workspace/git/blobs/…' → 'blobs'; '…/contents/…' → 'contents' (a write is
  // a commit); '…/branches/master' → 'branch'.
  kind: (_method, path) => {
    const parts = path.split('/');
    const kind = parts[4] === 'git' ? (parts[5] ?? '') : (parts[4] ?? parts[1] ?? '');
    return kind === 'branches' ? 'branch' : kind;
  },
};
