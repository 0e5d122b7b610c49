import { FOLDER_WORKSPACE_PROVIDER_ID, isAutoSyncOn, MAIN_WORKSPACE_ID } from '@inkstone/core';
import { type AppStore } from '../store';
import { mainLoginKey } from '../store/accounts-slice';
import { type Announcer } from './announcer';
import { type ExplorerService } from './explorer';
import { type ForgeAccounts } from '../providers/forges/forge-accounts';
import {
  loadDriveAppDataRemote,
  loadDriveWorkspaceRemote,
} from '../providers/google-drive/drive-workspace-sync';
import { type AppServices } from '../components/app-context';
import { Confirmer } from './confirm';
import { loadForgeRemote, loadGiteeAppDataRemote } from './forge-sync';
import { followFolder, loadFolderRemote } from '../providers/folder/folder-sync';
import { currentFileLocations, loadGithubRemote } from './github-sync';
import { type StartedSync } from './later-sync';
import { type ModalStack } from './modals';
import { SyncService } from './sync';
import { type WorkspaceService } from './workspace';
import { type WorkspaceList } from './workspaces';

/** What starting the sync needs. */
export interface SyncStartDeps {
  store: AppStore;
  workspace: WorkspaceService;
  workspaces: WorkspaceList;
  explorer: ExplorerService;
  modals: ModalStack;
  announcer: Announcer;
  flushEditor: () => Promise<void>;
  /** The GitLab, Gitea and Gitee accounts: a forge workspace, and the current file's forge
   * locations, sync with a fresh token of theirs. */
  forgeAccounts: ForgeAccounts;
  /** The Google accounts: a Drive workspace, and the main workspace of a Google sign-in, sync
   * with a fresh token of theirs. */
  googleAccounts: AppServices['googleAccounts'];
}

/**
 * Builds and starts the open workspace's sync service (loaded after the first screen, see
 * `LaterSync`): with its GitHub remote when it has one (read with the account it needs), the
 * trash purge of a workspace without a sync target, and, in the main workspace, the change of
 * remote when another GitHub account signs in or out.
 */
export async function startSync(deps: SyncStartDeps): Promise<StartedSync> {
  const { store, workspace, workspaces, explorer } = deps;
  const current = workspaces.current;
  // (Read once the workspace is open: its settings give the commit messages.)
  const known = workspaces.find(current.id) ?? current;
  // (The sync service is made once the remote is: a Drive workspace asks it whether the running
  // sync is one the user asked for.)
  const made: { service?: SyncService } = {};
  const google = {
    googleAccounts: deps.googleAccounts,
    confirmer: new Confirmer(deps.modals),
    syncAsked: () => made.service?.userAsked ?? false,
  };
  // (The Google accounts are read at start without being waited for: read here before the main
  // workspace's remote is chosen, so a Google login is known as GitHub's and Gitee's are.)
  if (current.id === MAIN_WORKSPACE_ID) {
    await deps.googleAccounts
      .load()
      .catch((error: unknown) => console.error('Reading the Google accounts failed.', error));
  }
  // The main workspace: the GitHub login's app-data repository, else the Gitee login's, else
  // the Google login's Drive application data folder.
  const mainRemote = async () =>
    (await loadGithubRemote(current, store)) ??
    (await loadGiteeAppDataRemote(current, store, deps.forgeAccounts)) ??
    (await loadDriveAppDataRemote(current, store, google));
  const remote =
    // (A folder workspace: each sync is asked again once the browser allows the folder.)
    (await loadFolderRemote(
      known,
      store,
      () => made.service?.requestNow(),
      deps.modals,
      workspaces,
    )) ??
    (await loadGithubRemote(known, store, deps.modals, workspaces)) ??
    (await loadForgeRemote(known, store, deps.forgeAccounts, workspaces, deps.modals)) ??
    (await loadDriveWorkspaceRemote(known, store, google, workspaces)) ??
    (await loadGiteeAppDataRemote(known, store, deps.forgeAccounts)) ??
    (await loadDriveAppDataRemote(known, store, google));
  const sync = new SyncService({
    store,
    workspace,
    current,
    modals: deps.modals,
    announcer: deps.announcer,
    flushEditor: deps.flushEditor,
    remote,
    autoSyncOn: () => isAutoSyncOn(workspaces.find(current.id) ?? {}),
    fileLocations: currentFileLocations(store, workspace, deps.forgeAccounts),
  });
  made.service = sync;
  // Signing in or out in a tab of the main workspace (with GitHub, Gitee or Google): it syncs with the
  // signed-in account's inkstone-appdata from then on, or stays here.
  let stopFollowingLogin = () => {};
  if (current.id === MAIN_WORKSPACE_ID) {
    stopFollowingLogin = followLogin(store, remote?.account, () => {
      mainRemote().then(
        (next) => sync.setRemote(next),
        (error: unknown) => console.error('The main workspace’s remote could not be made.', error),
      );
    });
  }
  // Trashed files are purged after the cleaning delay only without a sync target (spec core
  // §4): a synced workspace deletes them in its syncs, once the trashing is synced.
  if (!sync.syncable) explorer.startTrashPurge();
  sync.start();
  // A folder workspace reads its folder every few seconds and on focus (other tools' changes).
  const stopFollowingFolder =
    current.providerId === FOLDER_WORKSPACE_PROVIDER_ID && sync.syncable
      ? followFolder(sync)
      : () => {};
  return {
    service: sync,
    stop: () => {
      stopFollowingFolder();
      stopFollowingLogin();
      sync.stop();
    },
  };
}

// Calls `changed` when the signed-in account (GitHub's, else Gitee's, else Google's) is another than `login`,
// the one the sync began with: now (the accounts were read before the sync started) or at any
// later change.
function followLogin(store: AppStore, login: string | undefined, changed: () => void): () => void {
  let accounts = store.getState().accounts;
  let following = login;
  const check = () => {
    const sub = mainLoginKey(accounts);
    if (sub === following) return;
    following = sub;
    changed();
  };
  check();
  return store.subscribe(() => {
    const now = store.getState().accounts;
    if (now === accounts) return;
    accounts = now;
    check();
  });
}
