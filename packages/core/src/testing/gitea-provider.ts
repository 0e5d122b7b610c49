// What the Gitea provider's tests share: forge-sim in this process with one user, a client of
// its Gitea v1 dialect through Node's fetch (counting requests), and providers over fresh
// repositories whose default branch is Gitea's `master`.
import { startForgeSim, type ForgeSim, type GiteaSettings } from '@inkstone/forge-sim';
import { GiteaClient } from '../providers/gitea/gitea-client.js';
import {
  GiteaWorkspaceProvider,
  type GiteaWorkspaceOptions,
} from '../providers/gitea/gitea-workspace-provider.js';
import { type FetchPort, HttpClient } from '../sync/http-client.js';
import { gitIn } from './git-inspect.js';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nodeFetch, nodeTimers } from './couchdb-provider.js';

/** The forge's user of the tests. */
export const GITEA_TEST_LOGIN = 'gitea-alice';
/** The test user's token (for clones over smart HTTP too). */
export const GITEA_TEST_TOKEN = 'gitea_alice_core_tests';
/** The branch of the tests' repositories (Gitea's default in dialogs). */
export const GITEA_TEST_BRANCH = 'master';

/** A running forge-sim with the test user, and how many Gitea API requests went to it. */
export interface GiteaTestForge {
  forge: ForgeSim;
  /** Requests made through the clients of {@link GiteaTestForge.client}, by method and path
   * below `/api/v1`. */
  requests: string[];
  /** A client signed in as the test user, through a fetch that counts. */
  client(): GiteaClient;
  /** Creates a repository with a first commit (a README.md, or with `empty` only a
   * `.gitkeep`, so that the workspace at its root has no file) and returns its name. */
  createRepository(name?: string, options?: { empty?: boolean }): Promise<string>;
  /** A provider over a folder of a repository of the test user. */
  provider(repo: string, options?: Partial<GiteaWorkspaceOptions>): GiteaWorkspaceProvider;
  close(): Promise<void>;
}

let repositories = 0;

/** Starts forge-sim on a free port with the test user; `gitea` sets the instance's settings
 * (page sizes, ChangeFiles present or not). */
export async function startGiteaTestForge(
  options: { gitea?: Partial<GiteaSettings>; fetch?: FetchPort } = {},
): Promise<GiteaTestForge> {
  const forge = await startForgeSim({ port: 0, gitea: options.gitea });
  forge.users.add({
    login: GITEA_TEST_LOGIN,
    token: GITEA_TEST_TOKEN,
    name: 'Alice',
    email: 'alice@example.com',
  });
  const requests: string[] = [];
  const base = options.fetch ?? nodeFetch;
  const counting: FetchPort = (url, init) => {
    requests.push(`${init.method} ${url.slice(forge.giteaApiUrl.length)}`);
    return base(url, init);
  };
  const client = () =>
    new GiteaClient({
      http: new HttpClient({ fetch: counting, timers: nodeTimers, random: () => 0 }),
      apiUrl: forge.giteaApiUrl,
      token: GITEA_TEST_TOKEN,
    });
  return {
    forge,
    requests,
    client,
    async createRepository(name, { empty = false } = {}) {
      repositories += 1;
      const repo = name ?? `workspace-${repositories}`;
      await forge.repos.create({
        owner: GITEA_TEST_LOGIN,
        name: repo,
        autoInit: true,
        defaultBranch: GITEA_TEST_BRANCH,
      });
      if (empty) await replaceWithGitkeep(forge, repo);
      requests.length = 0;
      return repo;
    },
    provider: (repo, overrides = {}) =>
      new GiteaWorkspaceProvider({
        client: client(),
        owner: GITEA_TEST_LOGIN,
        repo,
        branch: GITEA_TEST_BRANCH,
        path: '',
        ...overrides,
      }),
    close: () => forge.close(),
  };
}

// A second commit whose tree holds only an empty `.gitkeep` (git plumbing, a throwaway index).
async function replaceWithGitkeep(forge: ForgeSim, repo: string): Promise<void> {
  const folder = await mkdtemp(join(tmpdir(), 'inkstone-gitea-'));
  try {
    const env = {
      GIT_INDEX_FILE: join(folder, 'index'),
      GIT_AUTHOR_NAME: 'Tool',
      GIT_AUTHOR_EMAIL: 'tool@example.com',
      GIT_COMMITTER_NAME: 'Tool',
      GIT_COMMITTER_EMAIL: 'tool@example.com',
    };
    const git = async (...args: string[]) =>
      (await gitIn(forge, GITEA_TEST_LOGIN, repo, args, { env })).trim();
    const blob = await git('hash-object', '-w', '-t', 'blob', '/dev/null');
    await git('update-index', '--add', '--cacheinfo', `100644,${blob},.gitkeep`);
    const head = await git('rev-parse', GITEA_TEST_BRANCH);
    const commit = await git('commit-tree', await git('write-tree'), '-p', head, '-m', 'Empty');
    await git('update-ref', `refs/heads/${GITEA_TEST_BRANCH}`, commit, head);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
