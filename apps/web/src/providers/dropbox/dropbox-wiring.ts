import { type AppServices } from '../../components/app-context';
import { type AppStore } from '../../store';
import { syncGithubLocations } from '../github/file-locations';
import { type DropboxAccounts } from './dropbox-accounts';
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
