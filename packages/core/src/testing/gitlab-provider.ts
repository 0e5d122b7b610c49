// What the GitLab provider's tests share: forge-sim in this process with one user, a client of
// its GitLab v4 API through Node's fetch (counting requests), and providers over fresh projects.
import { startForgeSim, type ForgeSim } from '@inkstone/forge-sim';
import { GitlabClient, projectRef } from '../providers/gitlab/gitlab-client.js';
import {
  GitlabWorkspaceProvider,
  type GitlabWorkspaceOptions,
} from '../providers/gitlab/gitlab-workspace-provider.js';
import { type FetchPort, HttpClient } from '../sync/http-client.js';
import { nodeFetch, nodeTimers } from './couchdb-provider.js';

/** The forge's user of the tests (a project `alice/…` has the path `alice/{name}`). */
export const GITLAB_TEST_LOGIN = 'alice';
/** The test user's token (for the API and for clones over smart HTTP). */
export const GITLAB_TEST_TOKEN = 'glpat_alice_core_tests';

/** A running forge-sim with the test user, and how many API requests went to it. */
export interface GitlabTestForge {
  forge: ForgeSim;
  /** Requests made through the clients of {@link GitlabTestForge.client}: method, path, query. */
  requests: string[];
  /** A client signed in as the test user, through a fetch that counts. */
  client(fetch?: FetchPort): GitlabClient;
  /** Creates a project with a first commit on `main` (a README.md, or with `empty` only a
   * `.gitkeep`, so that the workspace at its root has no file) and returns its name. */
  createProject(name?: string, options?: { empty?: boolean }): Promise<string>;
  /** A provider over a folder of a project of the test user (its path, not its id). */
  provider(project: string, options?: Partial<GitlabWorkspaceOptions>): GitlabWorkspaceProvider;
  close(): Promise<void>;
}

let projects = 0;

/** Starts forge-sim on a free port with the test user. */
export async function startGitlabTestForge(
  options: { fetch?: FetchPort; rateLimit?: number } = {},
): Promise<GitlabTestForge> {
  const forge = await startForgeSim({ port: 0, gitlabRateLimit: options.rateLimit });
  forge.users.add({ login: GITLAB_TEST_LOGIN, token: GITLAB_TEST_TOKEN, name: 'Alice' });
  const requests: string[] = [];
  const client = (base: FetchPort = options.fetch ?? nodeFetch) => {
    const counting: FetchPort = (url, init) => {
      requests.push(`${init.method} ${url.slice(forge.gitlabApiUrl.length)}`);
      return base(url, init);
    };
    return new GitlabClient({
      http: new HttpClient({ fetch: counting, timers: nodeTimers, random: () => 0 }),
      serverUrl: forge.url,
      token: GITLAB_TEST_TOKEN,
    });
  };
  return {
    forge,
    requests,
    client,
    async createProject(name, { empty = false } = {}) {
      projects += 1;
      const project = name ?? `workspace-${projects}`;
      await forge.repos.create({ owner: GITLAB_TEST_LOGIN, name: project, autoInit: true });
      if (empty) {
        await client().post(
          `/projects/${projectRef(`${GITLAB_TEST_LOGIN}/${project}`)}/repository/commits`,
          {
            branch: 'main',
            commit_message: 'Empty',
            actions: [
              { action: 'delete', file_path: 'README.md' },
              { action: 'create', file_path: '.gitkeep', content: '' },
            ],
          },
        );
      }
      requests.length = 0;
      return project;
    },
    provider: (project, overrides = {}) =>
      new GitlabWorkspaceProvider({
        client: client(),
        projectPath: `${GITLAB_TEST_LOGIN}/${project}`,
        branch: 'main',
        path: '',
        ...overrides,
      }),
    close: () => forge.close(),
  };
}
