import { type ChatConfig } from '@inkstone/core';
import { withMainDatabase } from '../services/github-tokens';
import { readProviderTokens, updateProviderTokens } from '../services/provider-tokens';

/** The key of the chat assistant's config in the main workspace's `tokens` item: in this
 * browser's database, never synced, sent only to the configured address. */
export const CHAT_TOKENS_KEY = 'chatGpt';

const isConfig = (value: unknown): value is ChatConfig =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ChatConfig).apiKey === 'string' &&
  typeof (value as ChatConfig).proxyHost === 'string';

/** The config kept in this browser, or an empty one. */
export function readChatConfig(): Promise<ChatConfig> {
  return withMainDatabase(async (repo) => {
    const [config] = await readProviderTokens(repo, CHAT_TOKENS_KEY, isConfig);
    return config ?? { apiKey: '', proxyHost: '' };
  });
}

/** Keeps `config` in this browser. */
export function writeChatConfig(config: ChatConfig): Promise<void> {
  return withMainDatabase((repo) =>
    updateProviderTokens(repo, CHAT_TOKENS_KEY, (entries) => {
      entries.config = { apiKey: config.apiKey, proxyHost: config.proxyHost };
      return true;
    }),
  );
}
