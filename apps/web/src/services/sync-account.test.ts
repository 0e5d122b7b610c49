import {
  type ContentItem,
  createFile,
  type FileItem,
  GithubClient,
  type GithubToken,
  type ItemRepository,
  itemIds,
  MAIN_LOCATION_ID,
  MAIN_WORKSPACE_ID,
  MemoryDatabase,
  readRepositoryFile,
  SYNC_STATE_ID,
  type SyncedContentItem,
  withHash,
  WorkspaceSynchronizer,
} from '@inkstone/core';
import { type ForgeSim, startForgeSim } from '@inkstone/forge-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { githubRemote } from '../providers/github/workspace-remote';
import { startAfreshForAccount } from './sync-account';
import { realHttpClient } from '../testing/real-http';

// The main workspace signed out and in as someone else, over forge-sim's real repositories: the
// same local database syncs with ada's inkstone-appdata, then with grace's.

const http = realHttpClient();
const main = { id: MAIN_WORKSPACE_ID, name: 'Main workspace', providerId: 'main' };

let forge: ForgeSim;
let ada: GithubToken;
let grace: GithubToken;

beforeAll(async () => {
  forge = await startForgeSim({ port: 0 });
  const login = (name: string): GithubToken => {
    const user = forge.users.add({ login: name, token: `ghp_${name}_switch` });
    return {
      sub: String(user.id),
      name,
      accessToken: `ghp_${name}_switch`,
      scopes: ['repo', 'gist'],
      repoFullAccess: true,
      isLogin: true,
    };
  };
  ada = login('ada');
  grace = login('grace');
});
afterAll(async () => forge.close(), 120_000);

/** One sync of `repo` as the main workspace signed in with `account`, as the app's sync
 * service does it: the sync state checked against the account, then the workspace sync. */
async function syncAs(repo: ItemRepository, account: GithubToken): Promise<boolean> {
  const remote = githubRemote({
    current: main,
    accounts: [account],
    origins: { githubUrl: forge.url, githubApiUrl: forge.apiUrl },
    http,
  });
  const afresh = await startAfreshForAccount(repo, account.sub);
  await new WorkspaceSynchronizer({
    repository: repo,
    provider: remote!.provider,
    welcomeFileHashes: new Set(),
  }).sync();
  return afresh;
}

async function texts(repo: ItemRepository): Promise<Record<string, string>> {
  const files = (await repo.getAll('file')) as FileItem[];
  const entries = await Promise.all(
    files
      .filter((file) => file.parentId !== 'trash')
      .map(async (file) => {
        const content = await repo.get<ContentItem>(itemIds.content(file.id));
        return [file.name, content?.text ?? ''] as const;
      }),
  );
  return Object.fromEntries(entries);
}

const onForge = async (account: GithubToken, path: string) =>
  (
    await readRepositoryFile(
      new GithubClient({ http, apiUrl: forge.apiUrl, token: account.accessToken }),
      { owner: account.name, repo: 'inkstone-appdata', branch: 'main', path },
    )
  )?.text;

describe('the main workspace signed in as another account', () => {
  it('starts its sync state afresh and merges every local file with the new account’s repository', async () => {
    // Grace already keeps a file in her inkstone-appdata (from another browser).
    const graces = new MemoryDatabase('grace-elsewhere').connect();
    await createFile(graces, () => 'g1', { name: 'Grace notes', text: 'Hers.' });
    await syncAs(graces, grace);

    let next = 0;
    const newId = () => `local${(next += 1)}`;
    const repo = new MemoryDatabase('switching').connect();
    await createFile(repo, newId, { name: 'Plans', text: 'Mine.' });
    expect(await syncAs(repo, ada)).toBe(false);
    expect(await onForge(ada, 'Plans.md')).toBe('Mine.\n');
    // Synced again as ada: the same state goes on.
    expect(await syncAs(repo, ada)).toBe(false);
    expect(await repo.get(SYNC_STATE_ID)).toBeDefined();

    // Signed out, a word more typed, then signed in as grace.
    const plans = ((await repo.getAll('file')) as FileItem[]).find((f) => f.name === 'Plans')!;
    await repo.update<ContentItem>(itemIds.content(plans.id), (content) => {
      if (!content) return content;
      const { hash: _hash, tx: _tx, ...rest } = content as ContentItem & { tx?: number };
      return withHash<ContentItem>({ ...rest, text: 'Mine, still.' });
    });
    expect(await syncAs(repo, grace)).toBe(true);

    // Nothing lost: both files here, both in grace's repository; ada's is as she left it.
    // (A text read from git ends with its line break.)
    expect(await texts(repo)).toEqual({ Plans: 'Mine, still.', 'Grace notes': 'Hers.\n' });
    expect(await onForge(grace, 'Plans.md')).toBe('Mine, still.');
    expect(await onForge(grace, 'Grace notes.md')).toBe('Hers.\n');
    expect(await onForge(ada, 'Plans.md')).toBe('Mine.\n');
    expect(await onForge(ada, 'Grace notes.md')).toBeUndefined();
  }, 60_000);

  it('drops only the workspace’s own sync history of a file, not its locations’', async () => {
    const repo = new MemoryDatabase('histories').connect();
    await startAfreshForAccount(repo, '1');
    const synced: SyncedContentItem = {
      id: itemIds.syncedContent('f'),
      type: 'syncedContent',
      hash: 'h',
      syncHistory: { [MAIN_LOCATION_ID]: ['a', null, null], gist1: ['b', null, null] },
      historyData: {},
      v: 1,
    };
    await repo.put([synced]);
    expect(await startAfreshForAccount(repo, '1')).toBe(false);
    expect((await repo.get<SyncedContentItem>(synced.id))?.syncHistory[MAIN_LOCATION_ID]).toEqual([
      'a',
      null,
      null,
    ]);
    expect(await startAfreshForAccount(repo, '2')).toBe(true);
    expect((await repo.get<SyncedContentItem>(synced.id))?.syncHistory).toEqual({
      gist1: ['b', null, null],
    });
  });
});
