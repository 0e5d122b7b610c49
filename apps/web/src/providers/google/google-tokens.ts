import {
  type DataItem,
  GOOGLE_TOKENS_KEY,
  type GoogleToken,
  isGoogleToken,
  type ItemRepository,
  withHash,
} from '@inkstone/core';
import { withMainDatabase } from '../../services/github-tokens';

/** The id of the data item that holds linked accounts (spec providers §3 "Tokens"). */
const TOKENS_ID = 'tokens';

/** Where the Google accounts are kept: the main workspace's `tokens` item, under `google`, by
 * sub. Never localStorage, a URL or a log. */
export interface GoogleTokenStore {
  read(): Promise<GoogleToken[]>;
  /** Adds or replaces one account; with `isLogin`, no other Google account stays the login. */
  write(token: GoogleToken): Promise<void>;
  remove(sub: string): Promise<void>;
}

/** The Google accounts of a `tokens` data item (unusable entries left out). */
export async function readGoogleTokensFrom(repo: ItemRepository): Promise<GoogleToken[]> {
  const data = (await repo.get<DataItem>(TOKENS_ID))?.data;
  if (typeof data !== 'object' || data === null) return [];
  const entries = (data as Record<string, unknown>)[GOOGLE_TOKENS_KEY];
  if (typeof entries !== 'object' || entries === null) return [];
  return Object.values(entries).filter(isGoogleToken);
}

// The `tokens` item with Google's accounts changed by `change`, every other provider's kept.
async function updateGoogle(
  repo: ItemRepository,
  change: (accounts: Record<string, unknown>) => boolean,
): Promise<void> {
  await repo.update<DataItem>(TOKENS_ID, (current) => {
    const data = current?.data;
    const kept = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
    const previous = kept[GOOGLE_TOKENS_KEY];
    const accounts: Record<string, unknown> =
      typeof previous === 'object' && previous !== null ? { ...previous } : {};
    if (!change(accounts)) return undefined;
    return withHash<DataItem>({
      id: TOKENS_ID,
      type: 'data',
      data: { ...kept, [GOOGLE_TOKENS_KEY]: accounts },
    });
  });
}

export async function writeGoogleTokenTo(repo: ItemRepository, token: GoogleToken): Promise<void> {
  await updateGoogle(repo, (accounts) => {
    if (token.isLogin) {
      for (const [sub, account] of Object.entries(accounts)) {
        if (isGoogleToken(account) && account.isLogin) {
          accounts[sub] = { ...account, isLogin: false };
        }
      }
    }
    accounts[token.sub] = token;
    return true;
  });
}

export async function removeGoogleTokenFrom(repo: ItemRepository, sub: string): Promise<void> {
  await updateGoogle(repo, (accounts) => {
    if (!(sub in accounts)) return false;
    delete accounts[sub];
    return true;
  });
}

/** The browser's store: the main workspace's database, opened for each call. */
export const browserGoogleTokens: GoogleTokenStore = {
  read: () => withMainDatabase(readGoogleTokensFrom),
  write: (token) => withMainDatabase((repo) => writeGoogleTokenTo(repo, token)),
  remove: (sub) => withMainDatabase((repo) => removeGoogleTokenFrom(repo, sub)),
};
