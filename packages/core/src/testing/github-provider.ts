// What the GitHub provider's tests share: forge-sim in this process with one user, a client of
// its API through Node's fetch (counting requests), and providers over fresh repositories.
import { startForgeSim, type ForgeSim } from '@inkstone/forge-sim';
import { GithubClient } from '../providers/github/github-client.js';
import { GithubGitData } from '../providers/github/github-git-data.js';
import {
  GithubWorkspaceProvider,
  type GithubWorkspaceOptions,
} from '../providers/github/github-workspace-provider.js';
import { type FetchPort, HttpClient } from '../sync/http-client.js';
import { nodeFetch, nodeTimers } from './couchdb-provider.js';

/** The forge's user of the tests. */
export const GITHUB_TEST_LOGIN = 'alice';
/** The test user's token (for clones over smart HTTP). */
export const GITHUB_TEST_TOKEN = 'ghp_alice_core_tests';
const TOKEN = GITHUB_TEST_TOKEN;

/** A running forge-sim with the test user, and how many API requests went to it. */
export interface GithubTestForge {
  forge: ForgeSim;
  /** Requests made through the clients of {@link githubTestClient}, by method and path. */
  requests: string[];
  /** A client signed in as the test user, through a fetch that counts. */
  client(): GithubClient;
  /** Creates a repository with a first commit (a README.md, or with `empty` only a
   * `.gitkeep`, so that the workspace at its root has no file) and returns its name. */
  createRepository(name?: string, options?: { empty?: boolean }): Promise<string>;
  /** A provider over a folder of a repository of the test user. */
  provider(repo: string, options?: Partial<GithubWorkspaceOptions>): GithubWorkspaceProvider;
  close(): Promise<void>;
}

let repositories = 0;

/** Starts forge-sim on a free port with the test user. */
export async function startGithubTestForge(
  options: { treeLimit?: number; fetch?: FetchPort } = {},
): Promise<GithubTestForge> {
  const forge = await startForgeSim({ port: 0, treeLimit: options.treeLimit });
  forge.users.add({ login: GITHUB_TEST_LOGIN, token: TOKEN, name: 'Alice' });
  const requests: string[] = [];
  const base = options.fetch ?? nodeFetch;
  const counting: FetchPort = (url, init) => {
    requests.push(`${init.method} ${url.slice(forge.apiUrl.length)}`);
    return base(url, init);
  };
  const client = () =>
    new GithubClient({
      http: new HttpClient({ fetch: counting, timers: nodeTimers, random: () => 0 }),
      apiUrl: forge.apiUrl,
      token: TOKEN,
    });
  return {
    forge,
    requests,
    client,
    async createRepository(name, { empty = false } = {}) {
      repositories += 1;
      const repo = name ?? `workspace-${repositories}`;
      await forge.repos.create({ owner: GITHUB_TEST_LOGIN, name: repo, autoInit: true });
      if (empty) {
        const git = new GithubGitData(client(), { owner: GITHUB_TEST_LOGIN, repo, branch: 'main' });
        const head = (await git.readHead())!;
        const tree = await git.writeTree(undefined, [{ path: '.gitkeep', content: '' }]);
        await git.moveHead(await git.writeCommit('Empty', tree, [head]), head);
      }
      requests.length = 0;
      return repo;
    },
    provider: (repo, overrides = {}) =>
      new GithubWorkspaceProvider({
        client: client(),
        owner: GITHUB_TEST_LOGIN,
        repo,
        branch: 'main',
        path: '',
        ...overrides,
      }),
    close: () => forge.close(),
  };
}
