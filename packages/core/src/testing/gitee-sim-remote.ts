// The seeded simulation's remote as a Gitee repository workspace over forge-sim: each client a
// GiteeWorkspaceProvider of its own, its faults made by forge-sim (a 5xx, a lost reply after
// the write was made, latency), by its network (a failed request, a request that never ends) or
// by another writer (a commit that moves the branch: the client's head check or its index's
// sha is refused). A lost reply or a failed request in the middle of a sync's per-file commits
// leaves the branch with part of that sync: what Gitee's one-commit-per-file API can leave.
import { type Item } from '../items/types.js';
import { GiteeClient } from '../providers/gitee/gitee-client.js';
import { GiteeWorkspaceProvider } from '../providers/gitee/gitee-workspace-provider.js';
import { HttpClient } from '../sync/http-client.js';
import { type WorkspaceProvider } from '../sync/workspace-provider.js';
import {
  commitElsewhere,
  escapeRegExp,
  faultingFetch,
  providerSnapshot,
  simTimers,
  withoutBatchSave,
} from './forge-sim-remote.js';
import {
  GITEE_TEST_BRANCH,
  GITEE_TEST_LOGIN,
  GITEE_TEST_TOKEN,
  type GiteeTestForge,
} from './gitee-provider.js';
import { type FaultInjector, type MemoryConnectionOptions } from './memory-workspace-provider.js';
import { type SimRandom } from './sim-random.js';
import { type SimRemote } from './sync-simulation.js';

// The workspace's folder in each repository.
const WORKSPACE_FOLDER = 'workspace';

/** A repository workspace on forge-sim's Gitee dialect shared by the simulation's clients. */
export class GiteeSimRemote implements SimRemote {
  constructor(
    private readonly t: GiteeTestForge,
    private readonly repo: string,
    private readonly random: SimRandom,
  ) {}

  /** A remote over a folder of a new repository of the forge (its README.md outside it). */
  static async create(t: GiteeTestForge, random: SimRandom): Promise<GiteeSimRemote> {
    return new GiteeSimRemote(t, await t.createRepository(), random);
  }

  connect(faults: FaultInjector, options: MemoryConnectionOptions): WorkspaceProvider {
    const fetch = faultingFetch({
      faults,
      forge: this.t.forge,
      random: this.random,
      server: (path) => ({ status: this.random.chance(0.5) ? 503 : 502, path }),
      // Another writer commits: the branch moves under the client.
      tooLate: () => this.commitElsewhere(),
      // A fault names the request's path (the timestamp makes each GET's query its own).
      pathOf: (url) => new RegExp(`^${escapeRegExp(url.pathname)}(\\?|$)`),
    });
    const client = new GiteeClient({
      http: new HttpClient({ fetch, timers: simTimers, random: () => 0 }),
      apiUrl: this.t.forge.giteeApiUrl,
      token: GITEE_TEST_TOKEN,
    });
    const provider = new GiteeWorkspaceProvider({
      client,
      owner: GITEE_TEST_LOGIN,
      repo: this.repo,
      branch: GITEE_TEST_BRANCH,
      path: WORKSPACE_FOLDER,
      pageSize: 1 + this.random.int(8),
    });
    if (options.batch !== false) return provider;
    // A client without the batch save: each item its own call.
    return withoutBatchSave(provider);
  }

  snapshot(): Promise<Item[]> {
    return providerSnapshot(this.t.provider(this.repo, { path: WORKSPACE_FOLDER }));
  }

  // Another writer commits (the same tree) straight into the repository: the head the client
  // read is stale.
  private async commitElsewhere(): Promise<void> {
    const gitDir = this.t.forge.repos.get(GITEE_TEST_LOGIN, this.repo)!.gitDir;
    await commitElsewhere(gitDir, GITEE_TEST_BRANCH);
  }
}
