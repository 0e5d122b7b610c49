import {
  GOOGLE_TOKENS_KEY,
  type GoogleToken,
  isGoogleToken,
  type ItemRepository,
} from '@inkstone/core';
import { withMainDatabase } from '../../services/github-tokens';
import { readProviderTokens, updateProviderTokens } from '../../services/provider-tokens';

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
  return readProviderTokens(repo, GOOGLE_TOKENS_KEY, isGoogleToken);
}

// The `tokens` item with Google's accounts changed by `change`, every other provider's kept.
function updateGoogle(
  repo: ItemRepository,
  change: (accounts: Record<string, unknown>) => boolean,
): Promise<void> {
  return updateProviderTokens(repo, GOOGLE_TOKENS_KEY, change);
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
