// The seeded simulation's remote as a GitLab project workspace over forge-sim: each client a
// GitlabWorkspaceProvider of its own, its faults made by forge-sim (5xx, GitLab's 429, a lost
// reply, latency, the "changed since you started editing" refusal), by its network (a failed
// request, a request that never ends) or by another writer (a commit that moves the branch).
import { type Item } from '../items/types.js';
import { GitlabClient } from '../providers/gitlab/gitlab-client.js';
import { GitlabWorkspaceProvider } from '../providers/gitlab/gitlab-workspace-provider.js';
import { HttpClient } from '../sync/http-client.js';
import { type WorkspaceProvider } from '../sync/workspace-provider.js';
import {
  commitElsewhere,
  faultingFetch,
  providerSnapshot,
  simTimers,
  withoutBatchSave,
} from './forge-sim-remote.js';
import { GITLAB_TEST_LOGIN, GITLAB_TEST_TOKEN, type GitlabTestForge } from './gitlab-provider.js';
import { type FaultInjector, type MemoryConnectionOptions } from './memory-workspace-provider.js';
import { type SimRandom } from './sim-random.js';
import { type SimRemote } from './sync-simulation.js';

// The workspace's folder in each project.
const WORKSPACE_FOLDER = 'workspace';

/** A project workspace on forge-sim shared by the simulation's clients. */
export class GitlabSimRemote implements SimRemote {
  private readonly projectId: number;

  constructor(
    private readonly t: GitlabTestForge,
    private readonly project: string,
    private readonly random: SimRandom,
  ) {
    this.projectId = t.forge.repos.get(GITLAB_TEST_LOGIN, project)!.id;
  }

  /** A remote over a folder of a new project of the forge (its README.md outside it). */
  static async create(t: GitlabTestForge, random: SimRandom): Promise<GitlabSimRemote> {
    return new GitlabSimRemote(t, await t.createProject(), random);
  }

  connect(faults: FaultInjector, options: MemoryConnectionOptions): WorkspaceProvider {
    const fetch = faultingFetch({
      faults,
      forge: this.t.forge,
      random: this.random,
      // A 5xx or GitLab's 429.
      server: (path) =>
        this.random.chance(0.5) ? { status: 503, path } : { rateLimit: true, path },
      // The branch moves under the client: a real commit of another writer (GitLab then
      // commits over it), or forge-sim's "changed since" refusal of this project's next commit.
      tooLate: async () => {
        if (this.random.chance(0.5)) {
          const gitDir = this.t.forge.repos.get(GITLAB_TEST_LOGIN, this.project)!.gitDir;
          await commitElsewhere(gitDir, 'main');
        } else {
          this.t.forge.faults.next({
            staleSha: true,
            path: new RegExp(`/projects/${this.projectId}/repository/commits$`),
          });
        }
      },
    });
    const client = new GitlabClient({
      http: new HttpClient({ fetch, timers: simTimers, random: () => 0 }),
      serverUrl: this.t.forge.url,
      token: GITLAB_TEST_TOKEN,
    });
    const provider = new GitlabWorkspaceProvider({
      client,
      projectPath: `${GITLAB_TEST_LOGIN}/${this.project}`,
      // Half the clients know the project's id, as a workspace opened before does.
      ...(this.random.chance(0.5) ? { projectId: this.projectId } : {}),
      branch: 'main',
      path: WORKSPACE_FOLDER,
      pageSize: 1 + this.random.int(8),
    });
    if (options.batch !== false) return provider;
    // A client without the batch save: each item its own call (the commit is still one).
    return withoutBatchSave(provider);
  }

  snapshot(): Promise<Item[]> {
    return providerSnapshot(this.t.provider(this.project, { path: WORKSPACE_FOLDER }));
  }
}
