// What the seeded simulation's remotes over forge-sim share, whichever forge's dialect they
// speak: timers that retry at once, the remote's items read back through a provider, a commit
// of another writer made straight into a bare repository, a client without the batch save, and
// the fetch that puts the simulation's faults on each request.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { type Fault } from '@inkstone/forge-sim';
import { type Item } from '../items/types.js';
import { type Timers } from '../ports/timers.js';
import { type FetchPort, REQUEST_TIMEOUT } from '../sync/http-client.js';
import { type GitWorkspaceProvider } from '../providers/git/git-workspace-provider.js';
import { simFetch } from './sim-fetch.js';
import { type FaultInjector } from './memory-workspace-provider.js';
import { type SimRandom } from './sim-random.js';
import { readAllChanges } from './workspace-provider-contract.js';

const run = promisify(execFile);

/** Retries wait no real time (the back-off itself is tested in http-client.test.ts); the
 * request time-out never fires (a hung request is the tab closed). */
export const simTimers: Timers = {
  set(callback, delay) {
    if (delay >= REQUEST_TIMEOUT) return () => undefined;
    const timer = setTimeout(callback, 0);
    return () => clearTimeout(timer);
  },
  now: () => Date.now(),
};

/** `text` as a regular expression that matches it literally. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every live item a git workspace holds (content with its text), read from scratch. */
export async function providerSnapshot(provider: GitWorkspaceProvider): Promise<Item[]> {
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

/** Another writer commits (the same tree) on `branch` straight into the bare repository at
 * `gitDir`: whatever a client read of the branch is now stale. */
export async function commitElsewhere(gitDir: string, branch: string): Promise<void> {
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
  const head = await git('rev-parse', branch);
  const commit = await git('commit-tree', `${head}^{tree}`, '-p', head, '-m', 'Elsewhere');
  await git('update-ref', `refs/heads/${branch}`, commit, head);
}

/** The same client without the batch save (`saveItems`): each item is saved by its own call. */
export function withoutBatchSave<T extends object>(provider: T): T {
  const single = Object.create(provider) as T;
  Object.defineProperty(single, 'saveItems', { value: undefined });
  return single;
}

/** What {@link faultingFetch} needs: the simulation's fault for each request, the forge-sim
 * that makes the forge's own faults, and what the forge's dialect makes of two of them. */
export interface FaultingFetchOptions {
  faults: FaultInjector;
  forge: { faults: { next(fault: Fault): void } };
  random: SimRandom;
  /** The forge's answer to a 'server' fault of the request at `path`: a 5xx, or its 429. */
  server(path: RegExp): Fault;
  /** Moves the branch under the client (a 'tooLate' fault). */
  tooLate(): Promise<void>;
  /** How a fault names its request (default: its path and query, exactly). */
  pathOf?(url: URL): RegExp;
}

/**
 * The fetch of a simulated client: before each request, the simulation's fault for it — a
 * request that never ends, a failed network, the forge's server error or lost reply or latency
 * on exactly that request, or another writer moving the branch — then the request itself.
 */
export function faultingFetch(options: FaultingFetchOptions): FetchPort {
  const { faults, forge, random } = options;
  const pathOf =
    options.pathOf ?? ((url: URL) => new RegExp(`^${escapeRegExp(url.pathname + url.search)}$`));
  return async (url, init) => {
    const fault = faults(init.method === 'GET' ? 'getChanges' : 'saveItems');
    const path = pathOf(new URL(url));
    switch (fault) {
      case 'hang':
        return new Promise(() => undefined);
      case 'timeout':
      case 'offline':
        throw new Error('The network failed.');
      case 'server':
        // The client's back-off retries it.
        forge.faults.next(options.server(path));
        break;
      case 'lostReply':
        forge.faults.next(random.chance(0.5) ? { dropReply: true, path } : { latencyMs: 5, path });
        break;
      case 'tooLate':
        await options.tooLate();
        break;
      default:
        break;
    }
    return simFetch(url, init);
  };
}
