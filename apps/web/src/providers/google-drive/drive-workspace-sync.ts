import {
  GOOGLE_DRIVE_WORKSPACE_PROVIDER_ID,
  googleEndpoints,
  type GoogleToken,
  MAIN_WORKSPACE_ID,
  type Workspace,
} from '@inkstone/core';
import { type AppServices } from '../../components/app-context';
import { browserHttpClient } from '../../services/browser-http';
import { type Confirmer } from '../../services/confirm';
import { type SyncRemote } from '../../services/sync';
import { type WorkspaceList } from '../../services/workspaces';
import { type AppStore } from '../../store';
import { googleLoginKey } from '../../store/accounts-slice';
import { notified } from '../../store/notifications-slice';
import { fetchServerConf } from '../github/github-conf';
import {
  askWorkspaceGoogleRedirection,
  googleLoginForMainWorkspace,
} from '../google/google-actions';
import { readServerConf } from '../../store/server-slice';
import {
  createDriveWorkspaceFolder,
  type DriveRemoteOptions,
  driveAppDataRemote,
  driveWorkspaceRemote,
} from './drive-workspace-remote';

type GoogleServices = Pick<AppServices, 'googleAccounts'>;

// Google's origin as the server says (cloud-sim's in tests), the browser's HTTP client (30 s a
// request) and the accounts' fresh tokens.
async function remoteOptions(
  store: AppStore,
  services: GoogleServices,
): Promise<DriveRemoteOptions> {
  let googleUrl = store.getState().server.googleUrl;
  if (googleUrl === '') googleUrl = readServerConf(await fetchServerConf()).googleUrl ?? '';
  return { googleUrl, http: browserHttpClient(), fresh: services.googleAccounts.fresh };
}

/**
 * The remote of a Google Drive workspace (spec providers §4), made with the Google account it
 * needs: undefined for any other workspace, and — with an error notice — when no Google account
 * of this browser can sync it (the workspace stays here, its text untouched). Once its folder's
 * name is read, a workspace still called by the default name takes it.
 */
export async function loadDriveWorkspaceRemote(
  current: Workspace,
  store: AppStore,
  services: GoogleServices & { confirmer: Confirmer; syncAsked?: () => boolean },
  workspaces: Pick<WorkspaceList, 'find' | 'add'>,
): Promise<SyncRemote | undefined> {
  if (current.providerId !== GOOGLE_DRIVE_WORKSPACE_PROVIDER_ID) return undefined;
  let accounts: GoogleToken[];
  try {
    accounts = await services.googleAccounts.list();
  } catch (error) {
    console.error('The Google accounts could not be read.', error);
    accounts = [];
  }
  const options = await remoteOptions(store, services);
  const remote = driveWorkspaceRemote({
    ...options,
    current,
    accounts,
    askFullAccess: (sub) => askWorkspaceGoogleRedirection(services, sub),
    ...(services.syncAsked ? { syncAsked: services.syncAsked } : {}),
    onFolderName: (name) => {
      const known = workspaces.find(current.id) ?? current;
      if (known.name !== name) workspaces.add({ ...known, name });
    },
  });
  if (typeof remote === 'string') {
    store.dispatch(notified('error', remote));
    return undefined;
  }
  return remote && { ...remote, git: false, probe: googleEndpoints(options.googleUrl).drive };
}

/**
 * The main workspace's remote once signed in with Google (and with neither GitHub nor Gitee,
 * whose logins come first): the login account's Drive application data folder. Its sync state
 * belongs to `google:{sub}`: signing in as someone else starts it afresh and keeps every local
 * file. Undefined for any other workspace, or without a Google login.
 */
export async function loadDriveAppDataRemote(
  current: Workspace,
  store: AppStore,
  services: GoogleServices,
): Promise<SyncRemote | undefined> {
  if (current.id !== MAIN_WORKSPACE_ID) return undefined;
  const login = googleLoginForMainWorkspace(services);
  if (!login) return undefined;
  const options = await remoteOptions(store, services);
  const remote = driveAppDataRemote({ ...options, sub: login.sub });
  return {
    ...remote,
    git: false,
    account: googleLoginKey(login.sub),
    probe: googleEndpoints(options.googleUrl).drive,
  };
}

/** The `createWorkspaceFolder` Drive handler: a new workspace folder in the drive root of the
 * account `sub` ("Add a Google Drive workspace" with no Folder ID). */
export function driveWorkspaceFolderMaker(
  store: AppStore,
  services: GoogleServices,
): (sub: string) => Promise<string> {
  return async (sub) => createDriveWorkspaceFolder(await remoteOptions(store, services), sub);
}
