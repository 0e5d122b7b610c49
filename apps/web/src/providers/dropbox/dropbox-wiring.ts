import { type AppServices } from '../../components/app-context';
import { type AppStore } from '../../store';
import { syncGithubLocations } from '../github/file-locations';
import {
  DropboxAccounts,
  type DropboxAccountsOptions,
  registerDropboxAccounts,
} from './dropbox-accounts';
import { browserDropboxTokens } from './dropbox-tokens';
import {
  dropboxLocationHandlers,
  registerDropboxHandlers,
  registerDropboxLocationContext,
} from './dropbox-locations';

/**
 * Wires the Dropbox file locations at start: Dropbox is reached at `/conf`'s dropboxUrl with the
 * app's Dropbox accounts, the sync of a file's locations syncs its Dropbox files too, and the
 * Synchronize and Publish panels' Dropbox entries appear. Gives the undoing.
 */
export function wireDropboxLocations(
  store: AppStore,
  accounts: DropboxAccounts,
  services: Pick<AppServices, 'workspace' | 'forgeAccounts'>,
): () => void {
  registerDropboxLocationContext({
    dropboxUrl: () => store.getState().server.dropboxUrl,
    accounts,
  });
  registerDropboxHandlers(
    dropboxLocationHandlers({
      repository: services.workspace.syncRepo,
      newId: services.workspace.newId,
      syncFile: (fileId) => {
        const { createFileMessage, updateFileMessage } = store.getState().settings.settings.git;
        return syncGithubLocations(
          services.workspace.syncRepo,
          fileId,
          { createFileMessage, updateFileMessage },
          services.forgeAccounts,
        );
      },
    }),
  );
  return () => {
    registerDropboxLocationContext(undefined);
    registerDropboxHandlers(undefined);
  };
}

/** What the Dropbox accounts need of the browser and of the other tabs. */
export type DropboxBrowserPorts = Pick<
  DropboxAccountsOptions,
  'opener' | 'timers' | 'fetch' | 'signal'
>;

/**
 * Starts Dropbox after the first screen (its code is not needed before the editor is editable):
 * the app's Dropbox accounts (spec providers, cloud drive D), read from the tokens item and
 * registered for Manage external accounts and the panels, then its file locations wired. Gives
 * the undoing.
 */
export function startDropbox(
  store: AppStore,
  ports: DropboxBrowserPorts,
  services: Pick<AppServices, 'workspace' | 'forgeAccounts'>,
): () => void {
  const accounts = new DropboxAccounts({
    tokens: browserDropboxTokens,
    opener: ports.opener,
    timers: ports.timers,
    fetch: ports.fetch,
    signal: ports.signal,
    conf: () => {
      const { dropboxAppKey, dropboxAppKeyFull, dropboxUrl } = store.getState().server;
      return { appKey: dropboxAppKey, appKeyFull: dropboxAppKeyFull, dropboxUrl };
    },
  });
  registerDropboxAccounts(accounts);
  accounts
    .load()
    .catch((error: unknown) => console.error('Reading the Dropbox accounts failed.', error));
  const unwire = wireDropboxLocations(store, accounts, services);
  return () => {
    unwire();
    accounts.close();
    registerDropboxAccounts(undefined);
  };
}
