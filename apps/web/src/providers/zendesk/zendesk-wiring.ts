import { type AppStore } from '../../store';
import { ZendeskAccounts, type ZendeskAccountsOptions } from './zendesk-accounts';
import { zendeskRegistry } from './zendesk-registry';
import { browserZendeskTokens } from './zendesk-tokens';

/** What the Zendesk accounts need of the browser and of the other tabs. */
export type ZendeskBrowserPorts = Pick<
  ZendeskAccountsOptions,
  'opener' | 'timers' | 'fetch' | 'signal'
>;

/**
 * Starts Zendesk after the first screen (its code is not needed before the editor is
 * editable): the app's Zendesk accounts (spec providers, help-centre Z), read from the tokens
 * item and registered for Manage external accounts, the Publish panel and the publisher. Gives
 * the undoing.
 */
export function startZendesk(store: AppStore, ports: ZendeskBrowserPorts): () => void {
  const accounts = new ZendeskAccounts({
    tokens: browserZendeskTokens,
    opener: ports.opener,
    timers: ports.timers,
    fetch: ports.fetch,
    ...(ports.signal ? { signal: ports.signal } : {}),
    zendeskUrl: () => store.getState().server.zendeskUrl,
  });
  zendeskRegistry.register(accounts);
  accounts
    .load()
    .catch((error: unknown) => console.error('Reading the Zendesk accounts failed.', error));
  return () => {
    accounts.close();
    zendeskRegistry.register(undefined);
  };
}
