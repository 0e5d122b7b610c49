import { type ItemRepository, type WordPressToken } from '@inkstone/core';
import { withMainDatabase } from '../../services/github-tokens';
import { readProviderTokens, updateProviderTokens } from '../../services/provider-tokens';

/** The key of WordPress.com's accounts in the main workspace's `tokens` item. */
export const WORDPRESS_TOKENS_KEY = 'wordpress';

/** Whether a stored entry is a usable WordPress.com account (spec providers §3 "Site W:
 * accessToken, expiresOn, name, sub"). */
export function isWordPressToken(value: unknown): value is WordPressToken {
  if (typeof value !== 'object' || value === null) return false;
  const token = value as Record<string, unknown>;
  return (
    typeof token.accessToken === 'string' &&
    token.accessToken !== '' &&
    typeof token.expiresOn === 'number' &&
    typeof token.name === 'string' &&
    typeof token.sub === 'string' &&
    token.sub !== ''
  );
}

/** Where the WordPress.com accounts are kept: the main workspace's `tokens` item, under
 * `wordpress`, by sub. Never localStorage, a URL or a log. */
export interface WordPressTokenStore {
  read(): Promise<WordPressToken[]>;
  /** Adds or replaces one account. */
  write(token: WordPressToken): Promise<void>;
  remove(sub: string): Promise<void>;
}

export function readWordPressTokensFrom(repo: ItemRepository): Promise<WordPressToken[]> {
  return readProviderTokens(repo, WORDPRESS_TOKENS_KEY, isWordPressToken);
}

export function writeWordPressTokenTo(repo: ItemRepository, token: WordPressToken) {
  return updateProviderTokens(repo, WORDPRESS_TOKENS_KEY, (accounts) => {
    accounts[token.sub] = token;
    return true;
  });
}

export function removeWordPressTokenFrom(repo: ItemRepository, sub: string) {
  return updateProviderTokens(repo, WORDPRESS_TOKENS_KEY, (accounts) => {
    if (!(sub in accounts)) return false;
    delete accounts[sub];
    return true;
  });
}

/** The browser's store: the main workspace's database, opened for each call. */
export const browserWordPressTokens: WordPressTokenStore = {
  read: () => withMainDatabase(readWordPressTokensFrom),
  write: (token) => withMainDatabase((repo) => writeWordPressTokenTo(repo, token)),
  remove: (sub) => withMainDatabase((repo) => removeWordPressTokenFrom(repo, sub)),
};
