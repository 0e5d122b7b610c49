import {
  databaseName,
  type DataItem,
  GITHUB_TOKENS_KEY,
  type GithubToken,
  isGithubToken,
  type ItemRepository,
  MAIN_WORKSPACE_ID,
  withHash,
} from '@inkstone/core';
import { openDexieRepository } from '@inkstone/core/dexie';

/** The id of the data item that holds linked accounts (spec providers §3 "Tokens"). */
const TOKENS_ID = 'tokens';

/** Runs `run` on the main workspace's database, opened for the call (every tab and every
 * workspace reads accounts from there, as the reference kept tokens in its main store). */
export async function withMainDatabase<T>(run: (repo: ItemRepository) => Promise<T>): Promise<T> {
  const repo = await openDexieRepository(databaseName(MAIN_WORKSPACE_ID), {
    indexedDB,
    IDBKeyRange,
  });
  try {
    return await run(repo);
  } finally {
    repo.close();
  }
}

/** The GitHub accounts of a `tokens` data item, by sub (unusable entries left out). */
export async function readGithubTokensFrom(repo: ItemRepository): Promise<GithubToken[]> {
  const data = (await repo.get<DataItem>(TOKENS_ID))?.data;
  if (typeof data !== 'object' || data === null) return [];
  const entries = (data as Record<string, unknown>)[GITHUB_TOKENS_KEY];
  if (typeof entries !== 'object' || entries === null) return [];
  return Object.values(entries).filter(isGithubToken);
}

/** Adds or replaces one GitHub account (by sub) in a `tokens` data item, keeping the rest. When
 * `token.isLogin` is set, no other GitHub account stays the login one. */
export async function writeGithubTokenTo(repo: ItemRepository, token: GithubToken): Promise<void> {
  await repo.update<DataItem>(TOKENS_ID, (current) => {
    const data = current?.data;
    const kept = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
    const previous = kept[GITHUB_TOKENS_KEY];
    const accounts: Record<string, unknown> =
      typeof previous === 'object' && previous !== null ? { ...previous } : {};
    if (token.isLogin) {
      for (const [sub, account] of Object.entries(accounts)) {
        if (isGithubToken(account) && account.isLogin)
          accounts[sub] = { ...account, isLogin: false };
      }
    }
    accounts[token.sub] = token;
    return withHash<DataItem>({
      id: TOKENS_ID,
      type: 'data',
      data: { ...kept, [GITHUB_TOKENS_KEY]: accounts },
    });
  });
}

/** Removes one GitHub account from a `tokens` data item. */
export async function removeGithubTokenFrom(repo: ItemRepository, sub: string): Promise<void> {
  await repo.update<DataItem>(TOKENS_ID, (current) => {
    const data = current?.data;
    if (typeof data !== 'object' || data === null) return undefined;
    const kept = data as Record<string, unknown>;
    const accounts = kept[GITHUB_TOKENS_KEY];
    if (typeof accounts !== 'object' || accounts === null || !(sub in accounts)) return undefined;
    const { [sub]: _removed, ...rest } = accounts as Record<string, unknown>;
    return withHash<DataItem>({
      id: TOKENS_ID,
      type: 'data',
      data: { ...kept, [GITHUB_TOKENS_KEY]: rest },
    });
  });
}

/** The GitHub accounts linked in this browser (kept in the main workspace's database). */
export const readGithubTokens = () => withMainDatabase(readGithubTokensFrom);

/** Links (or updates) a GitHub account in this browser. */
export const writeGithubToken = (token: GithubToken) =>
  withMainDatabase((repo) => writeGithubTokenTo(repo, token));

/** Unlinks a GitHub account from this browser. */
export const removeGithubToken = (sub: string) =>
  withMainDatabase((repo) => removeGithubTokenFrom(repo, sub));

/** The account used to sign in, if any (spec core §6: the main workspace's login token). */
export async function readGithubLoginToken(): Promise<GithubToken | undefined> {
  return (await readGithubTokens()).find((token) => token.isLogin);
}
