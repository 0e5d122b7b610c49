import { type AppStore } from '../../store';
import { WordPressAccounts, type WordPressAccountsOptions } from './wordpress-accounts';
import { registerWordPressLocationContext } from './wordpress-locations';
import { wordpressRegistry } from './wordpress-registry';
import { browserWordPressTokens } from './wordpress-tokens';

/** What the WordPress.com accounts need of the browser, of the other tabs and of the user. */
export type WordPressBrowserPorts = Pick<
  WordPressAccountsOptions,
  'opener' | 'timers' | 'fetch' | 'signal' | 'confirmRedirection'
>;

/**
 * Starts WordPress.com after the first screen (its code is not needed before the editor is
 * editable): the accounts (spec providers, site service W), read from the tokens item and
 * registered for Manage external accounts and the Publish panel, and its publish locations
 * wired. Gives the undoing.
 */
export function startWordPress(store: AppStore, ports: WordPressBrowserPorts): () => void {
  const accounts = new WordPressAccounts({
    ...ports,
    tokens: browserWordPressTokens,
    conf: () => {
      const { wordpressClientId, wordpressUrl } = store.getState().server;
      return { clientId: wordpressClientId, wordpressUrl };
    },
  });
  wordpressRegistry.register(accounts);
  accounts
    .load()
    .catch((error: unknown) => console.error('Reading the WordPress accounts failed.', error));
  registerWordPressLocationContext(accounts);
  return () => {
    registerWordPressLocationContext(undefined);
    accounts.close();
    wordpressRegistry.register(undefined);
  };
}
