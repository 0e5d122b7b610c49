// The seeded simulation's remote as a Drive workspace on cloud-sim: each client a
// DriveWorkspaceProvider of its own over one workspace folder, its faults made by cloud-sim
// (5xx, a 403 rate limit, a 401 expired token, a lost reply, latency), by its network (a
// failed request, a request that never ends) or by another writer (a text edited in Drive, not
// by Inkstone: the client's next upload of it must be refused and the edit merged).
import { type Fault, type GoogleUser } from '@inkstone/cloud-sim';
import { type Item } from '../items/types.js';
import { PROP } from '../providers/google-drive/constants.js';
import { DriveWorkspaceProvider } from '../providers/google-drive/drive-workspace-provider.js';
import { type FetchPort, NetworkError } from '../sync/http-client.js';
import { type RemoteChange, type WorkspaceProvider } from '../sync/workspace-provider.js';
import { simFetch } from './sim-fetch.js';
import { type DriveTestCloud } from './drive-provider.js';
import { escapeRegExp, simTimers } from './forge-sim-remote.js';
import { type FaultInjector, type MemoryConnectionOptions } from './memory-workspace-provider.js';
import { type SimRandom } from './sim-random.js';
import { type SimRemote } from './sync-simulation.js';
import { readAllChanges } from './workspace-provider-contract.js';

/** A workspace folder on cloud-sim shared by the simulation's clients. */
export class DriveSimRemote implements SimRemote {
  constructor(
    private readonly cloud: DriveTestCloud,
    private readonly account: GoogleUser,
    private readonly folderId: string,
    private readonly random: SimRandom,
  ) {}

  /** A remote over a new workspace folder in the drive of a new account (one per seed: each
   * drive stays small, as each changes feed). */
  static async create(
    cloud: DriveTestCloud,
    seed: number,
    random: SimRandom,
  ): Promise<DriveSimRemote> {
    const account = cloud.google.accounts.addUser({
      email: `seed-${seed}-${Date.now()}@example.com`,
    });
    const provider = await cloud.provider({ account });
    await provider.layout();
    return new DriveSimRemote(cloud, account, provider.folderId, random);
  }

  connect(faults: FaultInjector, _options: MemoryConnectionOptions): WorkspaceProvider {
    const { google } = this.cloud;
    const random = this.random;
    // Whether this client's last request was answered as with an expired token.
    let expired = false;
    const fetch: FetchPort = async (url, init) => {
      const fault = faults(init.method === 'GET' ? 'getChanges' : 'saveItems');
      const parsed = new URL(url);
      const path = new RegExp(`^${escapeRegExp(parsed.pathname + parsed.search)}$`);
      const next = (f: Fault) => google.faults.next({ ...f, path, method: init.method });
      const wasExpired = expired;
      expired = false;
      if (wasExpired && fault === 'server') {
        next(random.chance(0.5) ? { status: 503 } : { rateLimit: true });
        return simFetch(url, init);
      }
      switch (fault) {
        case 'hang':
          return new Promise(() => undefined);
        case 'timeout':
        case 'offline':
          throw new Error('The network failed.');
        case 'server': {
          // Retried by the client's back-off, or (a 401) by a token refreshed by force; the
          // request after a refresh carries a new token, which cannot have expired already.
          const pick = random.int(3);
          expired = pick === 2;
          next(
            pick === 0
              ? { status: 503 }
              : pick === 1
                ? { rateLimit: true }
                : { expiredToken: true },
          );
          return simFetch(url, init);
        }
        case 'lostReply':
          next(random.chance(0.5) ? { dropReply: true } : { latencyMs: 5 });
          break;
        case 'tooLate':
          await this.editElsewhere();
          break;
        default:
          break;
      }
      return simFetch(url, init);
    };
    return new DriveWorkspaceProvider({
      client: this.cloud.client({ fetch, timers: simTimers, account: this.account }),
      folderId: this.folderId,
      pageSize: 4 + this.random.int(16),
    });
  }

  // The judge's read of the drive after a seed, without the seed's faults. Tried again on a
  // network error (once in a loaded full run: cloud-sim's socket closed under a reused
  // connection, "other side closed"; the seed replayed alone passes): a lost answer to the
  // judge says nothing of the sync under test, and every word is still compared.
  async snapshot(): Promise<Item[]> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.readSnapshot();
      } catch (error) {
        if (!(error instanceof NetworkError) || attempt === 3) throw error;
      }
    }
  }

  private async readSnapshot(): Promise<Item[]> {
    const provider = new DriveWorkspaceProvider({
      client: this.cloud.client({ account: this.account }),
      folderId: this.folderId,
    });
    const { pages } = await readAllChanges(provider);
    const latest = new Map<string, RemoteChange>();
    for (const change of pages.flat()) latest.set(change.itemId, change);
    const result: Item[] = [];
    for (const [id, { item, syncData }] of latest) {
      if (!item) continue;
      if (item.type !== 'content') result.push(item);
      else {
        const content = syncData && (await provider.downloadContent(id.slice(0, -8), syncData));
        if (content) result.push(content);
      }
    }
    return result;
  }

  // Someone edits a file's text in Drive (a line added at its end), not through Inkstone.
  private async editElsewhere(): Promise<void> {
    const drive = this.cloud.client({ account: this.account });
    const files = await drive.list(
      `appProperties has { key='${PROP.workspace}' and value='${this.folderId}' } and appProperties has { key='${PROP.kind}' and value='md' } and trashed = false`,
      'drive',
    );
    const live = files.filter((file) => file.appProperties?.[PROP.hash]);
    if (live.length === 0) return;
    const file = this.random.pick(live);
    const text = await drive.download(file.id);
    await drive.update(file.id, { media: `${text}elsewhere\n` });
  }
}
