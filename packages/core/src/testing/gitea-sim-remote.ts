// The seeded simulation's remote as a Gitea repository workspace over forge-sim: each client a
// GiteaWorkspaceProvider of its own, its faults made by forge-sim (a 5xx, a lost reply,
// latency), by its network (a failed request, a request that never ends) or by another writer
// (a commit that moves the branch under the client). Gitea has no rate limit by default (none is
// simulated) and checks file shas rather than the branch, so "too late" is always a real commit.
// The forge given says whether ChangeFiles exists: without it each write is a commit per file,
// the index first, and a fault may cut a sync between two of them.
import { type Item } from '../items/types.js';
import { GiteaClient } from '../providers/gitea/gitea-client.js';
import { GiteaWorkspaceProvider } from '../providers/gitea/gitea-workspace-provider.js';
import { HttpClient } from '../sync/http-client.js';
import { type WorkspaceProvider } from '../sync/workspace-provider.js';
import {
  commitElsewhere,
  faultingFetch,
  providerSnapshot,
  simTimers,
  withoutBatchSave,
} from './forge-sim-remote.js';
import {
  GITEA_TEST_BRANCH,
  GITEA_TEST_LOGIN,
  GITEA_TEST_TOKEN,
  type GiteaTestForge,
} from './gitea-provider.js';
import { type FaultInjector, type MemoryConnectionOptions } from './memory-workspace-provider.js';
import { type SimRandom } from './sim-random.js';
import { type SimRemote } from './sync-simulation.js';

// The workspace's folder in each repository.
const WORKSPACE_FOLDER = 'workspace';

/** A repository workspace on forge-sim's Gitea dialect shared by the simulation's clients. */
export class GiteaSimRemote implements SimRemote {
  constructor(
    private readonly t: GiteaTestForge,
    private readonly repo: string,
    private readonly random: SimRandom,
  ) {}

  /** A remote over a folder of a new repository of the forge (its README.md outside it). */
  static async create(t: GiteaTestForge, random: SimRandom): Promise<GiteaSimRemote> {
    return new GiteaSimRemote(t, await t.createRepository(), random);
  }

  connect(faults: FaultInjector, options: MemoryConnectionOptions): WorkspaceProvider {
    const fetch = faultingFetch({
      faults,
      forge: this.t.forge,
      random: this.random,
      server: (path) => ({ status: this.random.chance(0.5) ? 503 : 502, path }),
      // The branch moves under the client: a real commit of another writer.
      tooLate: () => this.commitElsewhere(),
    });
    const client = new GiteaClient({
      http: new HttpClient({ fetch, timers: simTimers, random: () => 0 }),
      apiUrl: this.t.forge.giteaApiUrl,
      token: GITEA_TEST_TOKEN,
    });
    const provider = new GiteaWorkspaceProvider({
      client,
      owner: GITEA_TEST_LOGIN,
      repo: this.repo,
      branch: GITEA_TEST_BRANCH,
      path: WORKSPACE_FOLDER,
      pageSize: 1 + this.random.int(8),
    });
    if (options.batch !== false) return provider;
    // A client without the batch save: each item its own call (the commit is still one).
    return withoutBatchSave(provider);
  }

  snapshot(): Promise<Item[]> {
    return providerSnapshot(this.t.provider(this.repo, { path: WORKSPACE_FOLDER }));
  }

  // Another writer commits (the same tree) straight into the repository: the head the client
  // read is stale.
  private async commitElsewhere(): Promise<void> {
    const gitDir = this.t.forge.repos.get(GITEA_TEST_LOGIN, this.repo)!.gitDir;
    await commitElsewhere(gitDir, GITEA_TEST_BRANCH);
  }
}
