// What the Gitee provider's tests share: forge-sim in this process with one user, a client of
// its Gitee v5 API through Node's fetch (counting requests), and providers over fresh
// repositories on Gitee's default branch, master.
import { startForgeSim, type ForgeSim } from '@inkstone/forge-sim';
import { GITEE_DEFAULT_BRANCH } from '../providers/gitee/constants.js';
import { GiteeClient } from '../providers/gitee/gitee-client.js';
import { GiteeGitData } from '../providers/gitee/gitee-git-data.js';
import {
  GiteeWorkspaceProvider,
  type GiteeWorkspaceOptions,
} from '../providers/gitee/gitee-workspace-provider.js';
import { type FetchPort, HttpClient } from '../sync/http-client.js';
import { nodeFetch, nodeTimers } from './couchdb-provider.js';

/** The forge's user of the tests. */
export const GITEE_TEST_LOGIN = 'erin';
/** The test user's token (for clones over smart HTTP too). */
export const GITEE_TEST_TOKEN = 'gitee_erin_core_tests';
/** The branch of the tests' repositories. */
export const GITEE_TEST_BRANCH = GITEE_DEFAULT_BRANCH;

/** A running forge-sim with the test user, and the API requests made to it. */
export interface GiteeTestForge {
  forge: ForgeSim;
  /** Requests made through {@link GiteeTestForge.client}'s clients: method and path, the query
   * without the token and the timestamp. */
  requests: string[];
  /** Every URL requested, as sent (to check where the token went). */
  urls: string[];
  /** A client signed in as the test user, through a fetch that counts. */
  client(token?: string): GiteeClient;
  /** Creates a repository on master with a first commit (a README.md, or with `empty` only a
   * `.gitkeep`, so that the workspace at its root has no file) and returns its name. */
  createRepository(name?: string, options?: { empty?: boolean }): Promise<string>;
  /** A provider over a folder of a repository of the test user. */
  provider(repo: string, options?: Partial<GiteeWorkspaceOptions>): GiteeWorkspaceProvider;
  /** The git port over a repository of the test user. */
  git(repo: string): GiteeGitData;
  close(): Promise<void>;
}

let repositories = 0;

/** Starts forge-sim on a free port with the test user. */
export async function startGiteeTestForge(
  options: { treeLimit?: number; fetch?: FetchPort } = {},
): Promise<GiteeTestForge> {
  const forge = await startForgeSim({ port: 0, treeLimit: options.treeLimit });
  forge.users.add({ login: GITEE_TEST_LOGIN, token: GITEE_TEST_TOKEN, name: 'Erin' });
  const requests: string[] = [];
  const urls: string[] = [];
  const base = options.fetch ?? nodeFetch;
  const counting: FetchPort = (url, init) => {
    urls.push(url);
    const shown = url
      .slice(forge.giteeApiUrl.length)
      .replace(/([?&])(access_token|t)=[^&]*/g, '$1')
      .replace(/[?&]+$/, '')
      .replace(/\?&+/, '?')
      .replace(/&&+/g, '&');
    requests.push(`${init.method} ${shown}`);
    return base(url, init);
  };
  const client = (token = GITEE_TEST_TOKEN) =>
    new GiteeClient({
      http: new HttpClient({ fetch: counting, timers: nodeTimers, random: () => 0 }),
      apiUrl: forge.giteeApiUrl,
      token,
    });
  const git = (repo: string) =>
    new GiteeGitData(client(), { owner: GITEE_TEST_LOGIN, repo, branch: GITEE_TEST_BRANCH });
  return {
    forge,
    requests,
    urls,
    client,
    git,
    async createRepository(name, { empty = false } = {}) {
      repositories += 1;
      const repo = name ?? `workspace-${repositories}`;
      await forge.repos.create({
        owner: GITEE_TEST_LOGIN,
        name: repo,
        autoInit: true,
        defaultBranch: GITEE_TEST_BRANCH,
      });
      if (empty) {
        const port = git(repo);
        const head = await port.readHead();
        const readme = (await port.readTree(head!)).entries.find((e) => e.path === 'README.md')!;
        await port.commitFiles('Empty', head, [
          { path: '.gitkeep', content: '' },
          { path: 'README.md', sha: null, previous: readme.sha },
        ]);
      }
      requests.length = 0;
      urls.length = 0;
      return repo;
    },
    provider: (repo, overrides = {}) =>
      new GiteeWorkspaceProvider({
        client: client(),
        owner: GITEE_TEST_LOGIN,
        repo,
        branch: GITEE_TEST_BRANCH,
        path: '',
        ...overrides,
      }),
    close: () => forge.close(),
  };
}
