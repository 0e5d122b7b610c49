import {
  GITHUB_PROVIDER_IDS,
  type GithubToken,
  MAIN_WORKSPACE_ID,
  type Workspace,
} from '@inkstone/core';
import { type ModalStack } from './modals';
import { stackeditLayoutOptions, type WorkspaceRecords } from './stackedit-layout';
import { type ForgeLocationPort } from '../providers/forges/forge-locations';
import { fileLocations, syncGithubLocations } from '../providers/github/file-locations';
import { loadGithubOrigins } from '../providers/github/github-conf';
import { type AppStore } from '../store';
import { notified } from '../store/notifications-slice';
import { syncTargetSet } from '../store/sync-slice';
import { readGithubTokens } from './github-tokens';
import { type CurrentFileLocations, type SyncRemote } from './sync';
import { type WorkspaceService } from './workspace';
import { browserHttpClient } from './browser-http';

/** Said when a repository workspace opens in a browser where its GitHub account is not linked:
 * it is kept here until the account is. */
export const githubAccountMissing = (name: string) =>
  `“${name}” syncs with a GitHub account that is not linked in this browser: sign in with GitHub to sync it.`;

/**
 * The remote of a workspace kept on GitHub, made with the account it needs (read from the main
 * workspace's `tokens` item) and GitHub's addresses from `/conf`: a repository workspace, or the
 * main workspace once signed in (its `inkstone-appdata` repository). Undefined for any other
 * workspace, and for the main one while nobody is signed in: it then stays in this browser.
 */
export async function loadGithubRemote(
  current: Workspace,
  store: AppStore,
  modals?: ModalStack,
  workspaces?: WorkspaceRecords,
): Promise<SyncRemote | undefined> {
  const isMain = current.id === MAIN_WORKSPACE_ID;
  if (!isMain && current.providerId !== GITHUB_PROVIDER_IDS.workspace) return undefined;
  let accounts: GithubToken[];
  try {
    accounts = await readGithubTokens();
  } catch (error) {
    console.error('The GitHub accounts could not be read.', error);
    accounts = [];
  }
  if (isMain && !accounts.some((account) => account.isLogin)) return undefined;
  // The git engine loads only for a workspace that syncs with GitHub, not with the app.
  const { githubRemote } = await import('../providers/github/workspace-remote');
  const remote = githubRemote({
    current,
    accounts,
    origins: await loadGithubOrigins(),
    // No cookies: GitHub's API answers any origin, never with credentials.
    http: browserHttpClient(),
    messages: store.getState().settings.settings.git,
    onTarget: (target) => store.dispatch(syncTargetSet(target)),
    // A folder in StackEdit's layout: converted or kept as the user says (issue 33).
    ...stackeditLayoutOptions(current, modals, workspaces),
  });
  if (!remote) {
    store.dispatch(notified('error', githubAccountMissing(current.name)));
    return undefined;
  }
  // The main workspace's repository is the signed-in account's: its sync state is that
  // account's, and starts afresh when someone else signs in.
  const login = isMain ? accounts.find((account) => account.isLogin)?.sub : undefined;
  return { ...remote, git: true, ...(login === undefined ? {} : { account: login }) };
}

/** The current file's own sync locations (GitHub, gists, and GitLab, Gitea and Gitee with the
 * accounts of `forges`) for the sync service (spec core §4 rule 2): counted (the workspace's
 * own location 'main' and a temporary file's are not), and synced with the accounts that wrote
 * them and the settings' commit messages. */
export function currentFileLocations(
  store: AppStore,
  workspace: Pick<WorkspaceService, 'repo' | 'syncRepo'>,
  forges: ForgeLocationPort,
): CurrentFileLocations {
  return {
    count: async (fileId) => {
      if (store.getState().workspace.files[fileId]?.parentId === 'temp') return 0;
      const found = await fileLocations(workspace.repo, fileId, 'syncLocation');
      return found.filter((location) => location.id !== 'main').length;
    },
    sync: (fileId, onConflict) => {
      const { createFileMessage, updateFileMessage } = store.getState().settings.settings.git;
      return syncGithubLocations(
        workspace.syncRepo,
        fileId,
        { createFileMessage, updateFileMessage },
        forges,
        onConflict,
      );
    },
  };
}
