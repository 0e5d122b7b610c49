import { DROPBOX_TOKENS_KEY, type ItemRepository } from '@inkstone/core';
import { withMainDatabase } from '../../services/github-tokens';
import { readProviderTokens, updateProviderTokens } from '../../services/provider-tokens';

/**
 * A linked Dropbox account (spec providers §3, cloud drive D: accessToken, name, sub,
 * fullAccess), with what renews its short-lived access token: the refresh token of the PKCE code
 * flow and when the access token ends (ms).
 */
export interface DropboxToken {
  accessToken: string;
  name: string;
  /** Dropbox's account_id (`dbid:…`). */
  sub: string;
  /** Linked through the full-Dropbox app; false: restricted to the app folder. */
  fullAccess: boolean;
  refreshToken?: string;
  expiresOn?: number;
}

/** Whether a stored entry is a usable Dropbox account. */
export function isDropboxToken(value: unknown): value is DropboxToken {
  if (typeof value !== 'object' || value === null) return false;
  const token = value as Record<string, unknown>;
  return (
    typeof token.accessToken === 'string' &&
    typeof token.sub === 'string' &&
    token.sub !== '' &&
    typeof token.name === 'string' &&
    typeof token.fullAccess === 'boolean' &&
    (token.refreshToken === undefined || typeof token.refreshToken === 'string') &&
    (token.expiresOn === undefined || typeof token.expiresOn === 'number')
  );
}

/** Where the Dropbox accounts are kept: the main workspace's `tokens` item, under `dropbox`, by
 * sub. Never localStorage, a URL or a log. */
export interface DropboxTokenStore {
  read(): Promise<DropboxToken[]>;
  /** Adds or replaces one account. */
  write(token: DropboxToken): Promise<void>;
  remove(sub: string): Promise<void>;
}

/** The Dropbox accounts of a `tokens` data item (unusable entries left out). */
export async function readDropboxTokensFrom(repo: ItemRepository): Promise<DropboxToken[]> {
  return readProviderTokens(repo, DROPBOX_TOKENS_KEY, isDropboxToken);
}

// The `tokens` item with Dropbox's accounts changed by `change`, every other provider's kept.
function updateDropbox(
  repo: ItemRepository,
  change: (accounts: Record<string, unknown>) => boolean,
): Promise<void> {
  return updateProviderTokens(repo, DROPBOX_TOKENS_KEY, change);
}

export async function writeDropboxTokenTo(
  repo: ItemRepository,
  token: DropboxToken,
): Promise<void> {
  await updateDropbox(repo, (accounts) => {
    accounts[token.sub] = token;
    return true;
  });
}

export async function removeDropboxTokenFrom(repo: ItemRepository, sub: string): Promise<void> {
  await updateDropbox(repo, (accounts) => {
    if (!(sub in accounts)) return false;
    delete accounts[sub];
    return true;
  });
}

/** The browser's store: the main workspace's database, opened for each call. */
export const browserDropboxTokens: DropboxTokenStore = {
  read: () => withMainDatabase(readDropboxTokensFrom),
  write: (token) => withMainDatabase((repo) => writeDropboxTokenTo(repo, token)),
  remove: (sub) => withMainDatabase((repo) => removeDropboxTokenFrom(repo, sub)),
};
