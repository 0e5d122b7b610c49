import {
  type DataItem,
  FORGE_TOKENS_KEYS,
  type ForgeId,
  type ForgeTokens,
  isForgeToken,
  type ItemRepository,
  withHash,
} from '@inkstone/core';
import { withMainDatabase } from './github-tokens';

/** The id of the data item that holds linked accounts (spec providers §3 "Tokens"). */
const TOKENS_ID = 'tokens';

type Entries = Record<string, unknown>;

const objectOr = (value: unknown): Entries =>
  typeof value === 'object' && value !== null ? (value as Entries) : {};

/** The accounts of `forge` in a `tokens` data item (under `gitlab`, `gitea` or `gitee`, by sub),
 * unusable entries left out. */
export async function readForgeTokensFrom<F extends ForgeId>(
  repo: ItemRepository,
  forge: F,
): Promise<ForgeTokens[F][]> {
  const data = objectOr((await repo.get<DataItem>(TOKENS_ID))?.data);
  return Object.values(objectOr(data[FORGE_TOKENS_KEYS[forge]])).filter(
    (token): token is ForgeTokens[F] => isForgeToken(forge, token),
  );
}

// Rewrites the accounts of `forge` in the tokens item, keeping every other key (GitHub's…).
function updateAccounts(
  repo: ItemRepository,
  forge: ForgeId,
  change: (accounts: Entries) => Entries | undefined,
): Promise<unknown> {
  return repo.update<DataItem>(TOKENS_ID, (current) => {
    const kept = objectOr(current?.data);
    const accounts = change({ ...objectOr(kept[FORGE_TOKENS_KEYS[forge]]) });
    if (!accounts) return undefined;
    return withHash<DataItem>({
      id: TOKENS_ID,
      type: 'data',
      data: { ...kept, [FORGE_TOKENS_KEYS[forge]]: accounts },
    });
  });
}

/** Adds or replaces one account of `forge` (by sub) in a `tokens` data item. */
export async function writeForgeTokenTo<F extends ForgeId>(
  repo: ItemRepository,
  forge: F,
  token: ForgeTokens[F],
): Promise<void> {
  await updateAccounts(repo, forge, (accounts) => ({ ...accounts, [token.sub]: token }));
}

/** Removes one account of `forge` from a `tokens` data item. */
export async function removeForgeTokenFrom(
  repo: ItemRepository,
  forge: ForgeId,
  sub: string,
): Promise<void> {
  await updateAccounts(repo, forge, (accounts) => {
    if (!(sub in accounts)) return undefined;
    const { [sub]: _removed, ...rest } = accounts;
    return rest;
  });
}

/** Where the GitLab, Gitea and Gitee accounts of this browser are kept: the main workspace's
 * database, as GitHub's. */
export const browserForgeTokens = {
  read: <F extends ForgeId>(forge: F) =>
    withMainDatabase((repo) => readForgeTokensFrom(repo, forge)),
  write: <F extends ForgeId>(forge: F, token: ForgeTokens[F]) =>
    withMainDatabase((repo) => writeForgeTokenTo(repo, forge, token)),
  remove: (forge: ForgeId, sub: string) =>
    withMainDatabase((repo) => removeForgeTokenFrom(repo, forge, sub)),
};
