// The seeded simulation's remote as a GitHub repository workspace over forge-sim: each client
// a GithubWorkspaceProvider of its own, its faults made by forge-sim (5xx, a rate limit, a lost
// reply, latency, a stale sha), by its network (a failed request, a request that never ends) or
// by another writer (a commit that makes the client's sha stale: the ref update is refused).
import { type Item } from '../items/types.js';
import { GithubClient } from '../providers/github/github-client.js';
import { GithubWorkspaceProvider } from '../providers/github/github-workspace-provider.js';
import { HttpClient } from '../sync/http-client.js';
import { type WorkspaceProvider } from '../sync/workspace-provider.js';
import {
  commitElsewhere,
  faultingFetch,
  providerSnapshot,
  simTimers,
  withoutBatchSave,
} from './forge-sim-remote.js';
import { GITHUB_TEST_LOGIN, GITHUB_TEST_TOKEN, type GithubTestForge } from './github-provider.js';
import { type FaultInjector, type MemoryConnectionOptions } from './memory-workspace-provider.js';
import { type SimRandom } from './sim-random.js';
import { type SimRemote } from './sync-simulation.js';

// The workspace's folder in each repository.
const WORKSPACE_FOLDER = 'workspace';

/** A repository workspace on forge-sim shared by the simulation's clients. */
export class GithubSimRemote implements SimRemote {
  constructor(
    private readonly t: GithubTestForge,
    private readonly repo: string,
    private readonly random: SimRandom,
  ) {}

  /** A remote over a folder of a new repository of the forge (its README.md outside it). */
  static async create(t: GithubTestForge, random: SimRandom): Promise<GithubSimRemote> {
    return new GithubSimRemote(t, await t.createRepository(), random);
  }

  connect(faults: FaultInjector, options: MemoryConnectionOptions): WorkspaceProvider {
    const fetch = faultingFetch({
      faults,
      forge: this.t.forge,
      random: this.random,
      // A 5xx or a rate limit.
      server: (path) =>
        this.random.chance(0.5) ? { status: 503, path } : { rateLimit: true, path },
      // The branch moves under the client: a real commit of another writer, or forge-sim's
      // stale sha on this repository's next ref update.
      tooLate: async () => {
        if (this.random.chance(0.5)) await this.commitElsewhere();
        else {
          this.t.forge.faults.next({
            staleSha: true,
            path: new RegExp(`/repos/${GITHUB_TEST_LOGIN}/${this.repo}/git/refs/`),
          });
        }
      },
    });
    const client = new GithubClient({
      http: new HttpClient({ fetch, timers: simTimers, random: () => 0 }),
      apiUrl: this.t.forge.apiUrl,
      token: GITHUB_TEST_TOKEN,
    });
    const provider = new GithubWorkspaceProvider({
      client,
      owner: GITHUB_TEST_LOGIN,
      repo: this.repo,
      branch: 'main',
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

  // Another writer commits (the same tree) straight into the repository: the sha the client
  // read is stale, its ref update is refused (TOO_LATE).
  private async commitElsewhere(): Promise<void> {
    const gitDir = this.t.forge.repos.get(GITHUB_TEST_LOGIN, this.repo)!.gitDir;
    await commitElsewhere(gitDir, 'main');
  }
}
