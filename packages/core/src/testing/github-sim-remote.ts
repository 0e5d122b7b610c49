// The seeded simulation's remote as a GitHub repository workspace over forge-sim: each client
// a GithubWorkspaceProvider of its own, its faults made by forge-sim (5xx, a rate limit, a lost
// reply, latency), by its network (a failed request, a request that never ends) or by another
// writer (a commit that makes the client's sha stale: the ref update is refused).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { type Item } from '../items/types.js';
import { type Timers } from '../ports/timers.js';
import { GithubClient } from '../providers/github/github-client.js';
import { GithubWorkspaceProvider } from '../providers/github/github-workspace-provider.js';
import { type FetchPort, HttpClient, REQUEST_TIMEOUT } from '../sync/http-client.js';
import { type WorkspaceProvider } from '../sync/workspace-provider.js';
import { nodeFetch } from './couchdb-provider.js';
import { GITHUB_TEST_LOGIN, GITHUB_TEST_TOKEN, type GithubTestForge } from './github-provider.js';
import { type FaultInjector, type MemoryConnectionOptions } from './memory-workspace-provider.js';
import { type SimRandom } from './sim-random.js';
import { type SimRemote } from './sync-simulation.js';
import { readAllChanges } from './workspace-provider-contract.js';

const run = promisify(execFile);

// Retries wait no real time (the back-off itself is tested in http-client.test.ts); the request
// time-out never fires (a hung request is the tab closed).
const simTimers: Timers = {
  set(callback, delay) {
    if (delay >= REQUEST_TIMEOUT) return () => undefined;
    const timer = setTimeout(callback, 0);
    return () => clearTimeout(timer);
  },
  now: () => Date.now(),
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A repository workspace on forge-sim shared by the simulation's clients. */
export class GithubSimRemote implements SimRemote {
  constructor(
    private readonly t: GithubTestForge,
    private readonly repo: string,
    private readonly random: SimRandom,
  ) {}

  /** A remote over a new, empty repository of the forge. */
  static async create(t: GithubTestForge, random: SimRandom): Promise<GithubSimRemote> {
    return new GithubSimRemote(t, await t.createRepository(undefined, { empty: true }), random);
  }

  connect(faults: FaultInjector, options: MemoryConnectionOptions): WorkspaceProvider {
    const fetch: FetchPort = async (url, init) => {
      const method = init.method;
      const fault = faults(method === 'GET' ? 'getChanges' : 'saveItems');
      const { pathname, search } = new URL(url);
      const path = new RegExp(`^${escape(pathname + search)}$`);
      switch (fault) {
        case 'hang':
          return new Promise(() => undefined);
        case 'timeout':
        case 'offline':
          throw new Error('The network failed.');
        case 'server':
          // A 5xx or a rate limit: the client's back-off retries it.
          this.t.forge.faults.next(
            this.random.chance(0.5) ? { status: 503, path } : { rateLimit: true, path },
          );
          break;
        case 'lostReply':
          this.t.forge.faults.next(
            this.random.chance(0.5) ? { dropReply: true, path } : { latencyMs: 5, path },
          );
          break;
        case 'tooLate':
          await this.commitElsewhere();
          break;
        default:
          break;
      }
      return nodeFetch(url, init);
    };
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
      path: '',
      pageSize: 1 + this.random.int(8),
    });
    if (options.batch !== false) return provider;
    // A client without the batch save: each item its own call (the commit is still one).
    const single = Object.create(provider) as GithubWorkspaceProvider;
    Object.defineProperty(single, 'saveItems', { value: undefined });
    return single;
  }

  async snapshot(): Promise<Item[]> {
    const provider = this.t.provider(this.repo);
    const { pages } = await readAllChanges(provider);
    const items = new Map<string, Item>();
    for (const change of pages.flat()) {
      if (change.item) items.set(change.itemId, change.item);
      else items.delete(change.itemId);
    }
    const result: Item[] = [];
    for (const [id, item] of items) {
      if (item.type !== 'content') result.push(item);
      else {
        const content = await provider.downloadContent(id.slice(0, -'/content'.length));
        if (content) result.push(content);
      }
    }
    return result;
  }

  // Another writer commits (the same tree) straight into the repository: the sha the client
  // read is stale, its ref update is refused (TOO_LATE).
  private async commitElsewhere(): Promise<void> {
    const gitDir = this.t.forge.repos.get(GITHUB_TEST_LOGIN, this.repo)!.gitDir;
    const git = async (...args: string[]) =>
      (
        await run('git', ['--git-dir', gitDir, ...args], {
          env: {
            ...process.env,
            GIT_AUTHOR_NAME: 'Other',
            GIT_AUTHOR_EMAIL: 'other@example.com',
            GIT_COMMITTER_NAME: 'Other',
            GIT_COMMITTER_EMAIL: 'other@example.com',
          },
        })
      ).stdout.trim();
    const head = await git('rev-parse', 'main');
    const commit = await git('commit-tree', `${head}^{tree}`, '-p', head, '-m', 'Elsewhere');
    await git('update-ref', 'refs/heads/main', commit, head);
  }
}
