import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { GithubClient, GithubWorkspaceProvider } from '@inkstone/core';
import { type ForgeBench, measureForgeSync, printForgeSync } from './forge-sync';

const run = promisify(execFile);
const OWNER = 'bench';
const TOKEN = 'ghp_bench';
const REPO = 'workspace';

/** GitHub's REST v3 git data API on forge-sim, for the sync benchmarks. */
export const githubBench: ForgeBench = {
  name: 'GitHub',
  apiUrl: (forge) => forge.apiUrl,
  async setup(forge, http) {
    forge.users.add({ login: OWNER, token: TOKEN });
    await forge.repos.create({ owner: OWNER, name: REPO, autoInit: true });
    const client = new GithubClient({ http, apiUrl: forge.apiUrl, token: TOKEN });
    const gitDir = forge.repos.get(OWNER, REPO)!.gitDir;
    return {
      provider: () =>
        new GithubWorkspaceProvider({ client, owner: OWNER, repo: REPO, branch: 'main', path: '' }),
      commits: async () => {
        const { stdout } = await run('git', ['--git-dir', gitDir, 'rev-list', '--count', 'main']);
        return Number(stdout.trim());
      },
    };
  },
  // '/repos/bench/workspace/git/blobs/…' → 'blobs'; refs and ref → 'ref'.
  kind: (_method, path) => {
    const parts = path.split('/');
    return parts[5] === 'refs' || parts[5] === 'ref' ? 'ref' : (parts[5] ?? parts[1] ?? '');
  },
};

/** The sync of a 1,000-file workspace with a GitHub repository (issue 25's targets: nothing
 * changed ≤ 2 requests; N changed ≤ N + 5 requests and 1 commit). */
export async function benchGithub(): Promise<void> {
  printForgeSync(githubBench, await measureForgeSync(githubBench));
}
