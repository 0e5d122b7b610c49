import { GOOGLE_SCOPE, holdsScopes } from '@inkstone/core';
import { type AppServices } from '../../components/app-context';
import { type AppStore } from '../../store';
import { notified } from '../../store/notifications-slice';
import { syncGithubLocations } from '../github/file-locations';
import { type GoogleAccountsPort } from '../google/google-accounts-port';
import { registerDriveHandlers } from './drive-handlers';
import {
  driveLocationHandlers,
  type DriveLocationServices,
  runDriveStartState,
} from './drive-location-handlers';
import { takeDriveStartState } from './drive-workspace-params';
import { registerDriveLocationContext } from './drive-location-providers';

/**
 * Wires the Drive file locations at start: Google is reached at `/conf`'s googleUrl with the
 * app's Google accounts, the sync of a file's locations syncs its Drive files too, and the
 * Synchronize and Publish panels' Drive entries appear (their handlers registered, merged with
 * the workspaces' one). Gives the undoing.
 */
export function wireDriveLocations(
  store: AppStore,
  services: Pick<AppServices, 'workspace' | 'forgeAccounts'>,
): () => void {
  registerDriveLocationContext({ googleUrl: () => store.getState().server.googleUrl });
  registerDriveHandlers(
    driveLocationHandlers(driveLocationServices(store, services.workspace, services.forgeAccounts)),
  );
  return () => {
    registerDriveLocationContext(undefined);
    registerDriveHandlers({
      addSyncLocation: undefined,
      openFile: undefined,
      addPublishLocation: undefined,
    });
  };
}

/**
 * Drive's "Open with" / "New" (the start URL's `state`, kept by `takeDriveStartState()`): done
 * with the state's user when linked with Drive, else the first account with Drive; the first
 * file made or opened is opened in the editor. Without a Drive account it says so, and nothing
 * is touched. Errors are notified in their words.
 */
export async function openDriveStartState(
  store: AppStore,
  workspace: AppServices['workspace'],
  accounts: Pick<GoogleAccountsPort, 'list'>,
  forges: AppServices['forgeAccounts'],
): Promise<void> {
  const state = takeDriveStartState();
  if (!state) return;
  try {
    const linked = (await accounts.list()).filter(
      (token) =>
        holdsScopes(token, [GOOGLE_SCOPE.drive]) || holdsScopes(token, [GOOGLE_SCOPE.driveFile]),
    );
    const account = linked.find((token) => token.sub === state.userId) ?? linked[0];
    if (!account) throw new Error(DRIVE_START_NEEDS_ACCOUNT);
    const handlers = driveLocationServices(store, workspace, forges);
    const [first] = await runDriveStartState(handlers, state, account.sub);
    if (first) await workspace.openFile(first);
  } catch (error) {
    console.error(error);
    store.dispatch(notified('error', error instanceof Error ? error.message : String(error)));
  }
}

/** Said when Drive's "Open with" or "New" opened Inkstone and no Google account of this browser
 * has Drive access. */
export const DRIVE_START_NEEDS_ACCOUNT =
  'Google Drive asked Inkstone to open or create a file, but no Google account with Drive access is linked in this browser. Link one with "Open from Google Drive", then open the file again.';

/** The Drive handlers' part of the app: the sync database, its ids, and the sync of one file's
 * locations (all of them, Drive's among them) with the settings' commit messages. */
function driveLocationServices(
  store: AppStore,
  workspace: AppServices['workspace'],
  forges: AppServices['forgeAccounts'],
): DriveLocationServices {
  return {
    repository: workspace.syncRepo,
    newId: workspace.newId,
    syncFile: (fileId) => {
      const { createFileMessage, updateFileMessage } = store.getState().settings.settings.git;
      return syncGithubLocations(
        workspace.syncRepo,
        fileId,
        { createFileMessage, updateFileMessage },
        forges,
      );
    },
  };
}
