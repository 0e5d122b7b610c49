import { ZENDESK_TOKENS_KEY, type ItemRepository } from '@inkstone/core';
import { withMainDatabase } from '../../services/github-tokens';
import { readProviderTokens, updateProviderTokens } from '../../services/provider-tokens';

/** A linked Zendesk account (spec providers §3, help-centre Z: accessToken, name, subdomain,
 * sub, where sub is `{subdomain}/{userId}`). Zendesk's access tokens do not expire. */
export interface ZendeskToken {
  accessToken: string;
  name: string;
  /** The help centre: `acme` for https://acme.zendesk.com. */
  subdomain: string;
  sub: string;
}

/** Whether a stored entry is a usable Zendesk account. */
export function isZendeskToken(value: unknown): value is ZendeskToken {
  if (typeof value !== 'object' || value === null) return false;
  const token = value as Record<string, unknown>;
  return (
    typeof token.accessToken === 'string' &&
    token.accessToken !== '' &&
    typeof token.name === 'string' &&
    typeof token.subdomain === 'string' &&
    token.subdomain !== '' &&
    typeof token.sub === 'string' &&
    token.sub.startsWith(`${token.subdomain}/`)
  );
}

/** Where the Zendesk accounts are kept: the main workspace's `tokens` item, under `zendesk`, by
 * sub. Never localStorage, a URL or a log. */
export interface ZendeskTokenStore {
  read(): Promise<ZendeskToken[]>;
  /** Adds or replaces one account. */
  write(token: ZendeskToken): Promise<void>;
  remove(sub: string): Promise<void>;
}

export function readZendeskTokensFrom(repo: ItemRepository): Promise<ZendeskToken[]> {
  return readProviderTokens(repo, ZENDESK_TOKENS_KEY, isZendeskToken);
}

export async function writeZendeskTokenTo(repo: ItemRepository, token: ZendeskToken) {
  await updateProviderTokens(repo, ZENDESK_TOKENS_KEY, (accounts) => {
    accounts[token.sub] = token;
    return true;
  });
}

export async function removeZendeskTokenFrom(repo: ItemRepository, sub: string) {
  await updateProviderTokens(repo, ZENDESK_TOKENS_KEY, (accounts) => {
    if (!(sub in accounts)) return false;
    delete accounts[sub];
    return true;
  });
}

/** The browser's store: the main workspace's database, opened for each call. */
export const browserZendeskTokens: ZendeskTokenStore = {
  read: () => withMainDatabase(readZendeskTokensFrom),
  write: (token) => withMainDatabase((repo) => writeZendeskTokenTo(repo, token)),
  remove: (sub) => withMainDatabase((repo) => removeZendeskTokenFrom(repo, sub)),
};
