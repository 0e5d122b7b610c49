import {
  GithubApiError,
  GithubClient,
  GITEE_PROVIDER_IDS,
  GITHUB_PROVIDER_IDS,
  type GithubToken,
  type Workspace,
} from '@inkstone/core';
import { FORGE_WORKSPACE_PROVIDER_IDS } from '../providers/forges/forge-workspace-params';
import { type GithubOrigins, loadGithubOrigins } from '../providers/github/github-conf';
import { githubWorkspace, type RepoFolder } from '../providers/github/workspace-params';
import { type AppServices } from '../components/app-context';
import { type AppDispatch } from '../store';
import { notified } from '../store/notifications-slice';
import { checkCouchdbDatabase } from './couchdb';
import { isCancelled } from './modals';
import {
  couchdbWorkspace,
  removalRefusal,
  WORKSPACE_URL_COPIED,
  workspaceUrl,
} from './workspace-list';
import { readGithubTokens } from './github-tokens';
import { storeCredentials } from './workspaces';
import { browserHttpClient } from './browser-http';

/** The provider ids whose workspaces have an auto sync switch (spec interface §4: git
 * workspaces; the main workspace syncs with git once signed in). */
export const AUTO_SYNC_PROVIDER_IDS: ReadonlySet<string> = new Set([
  GITHUB_PROVIDER_IDS.appData,
  // (The main workspace signed in with Gitee: a git workspace of host B, spec providers §3.)
  GITEE_PROVIDER_IDS.appData,
  GITHUB_PROVIDER_IDS.workspace,
  ...Object.values(FORGE_WORKSPACE_PROVIDER_IDS),
]);

type Services = Pick<AppServices, 'modals' | 'confirmer' | 'workspaces'>;

/** Opens a workspace in a new tab; where the browser blocks the tab, in this one. */
export function openInNewTab(workspace: Workspace): void {
  const url = workspaceUrl(workspace, window.location.href);
  const tab = window.open(url, '_blank');
  if (tab) tab.opener = null;
  else window.location.assign(url);
}

/** The panel's "Add a CouchDB workspace": asks the database URL, reads the database (asking
 * credentials on a 401), adds the workspace and opens it in a new tab. Failures are shown as
 * error notifications; a cancelled dialog does nothing. */
export async function addCouchdbWorkspace(
  { modals, workspaces }: Services,
  dispatch: AppDispatch,
): Promise<void> {
  try {
    const dbUrl = await modals.open('couchdbWorkspace');
    const workspace = couchdbWorkspace(dbUrl);
    const check = await checkCouchdbDatabase(dbUrl, () =>
      modals.open('couchdbCredentials', { dbUrl }),
    );
    if (check.credentials) await storeCredentials(workspace.id, dbUrl, check.credentials);
    workspaces.add(workspace);
    openInNewTab(workspace);
  } catch (error) {
    if (isCancelled(error)) return;
    dispatch(notified('error', error instanceof Error ? error.message : String(error)));
  }
}

/** The panel's "Add a GitHub workspace": asks the repository folder (Repository URL, Folder
 * path, Branch), adds the workspace (synced with the login account, else the first one linked)
 * and opens it in a new tab. Without a GitHub account, the account dialog comes first and links
 * one (spec providers §4). */
export async function addGithubWorkspace(
  services: Pick<AppServices, 'modals' | 'workspaces' | 'accounts' | 'workspace'>,
  dispatch: AppDispatch,
): Promise<void> {
  const { modals, workspaces } = services;
  try {
    const linked = await readGithubTokens();
    const account =
      linked.find((token) => token.isLogin) ?? linked[0] ?? (await linkGithubAccount(services));
    const origins = await loadGithubOrigins();
    const folder = await modals.open('githubWorkspace', { githubUrl: origins.githubUrl });
    await checkRepository(folder, account, origins);
    const workspace = githubWorkspace(folder, origins.githubUrl, account.sub);
    workspaces.add(workspace);
    openInNewTab(workspace);
  } catch (error) {
    if (isCancelled(error)) return;
    dispatch(notified('error', error instanceof Error ? error.message : String(error)));
  }
}

// The account dialog, then GitHub's authorize window from its Ok; the choice of private
// repositories is remembered (local setting githubRepoFullAccess), as Accounts does.
async function linkGithubAccount({
  modals,
  accounts,
  workspace,
}: Pick<AppServices, 'modals' | 'accounts' | 'workspace'>): Promise<GithubToken> {
  const { repoFullAccess } = await modals.open('githubAccount');
  // The window first, while the click on Ok still counts as the user's.
  const linking = accounts.addAccount(repoFullAccess);
  await workspace.saveLocalSettings({ githubRepoFullAccess: repoFullAccess });
  return linking;
}

/** Said when the repository of a new GitHub workspace cannot be seen with its account. */
export const repositoryNotFound = (folder: Pick<RepoFolder, 'owner' | 'repo'>, login: string) =>
  `Repository ${folder.owner}/${folder.repo} was not found with the GitHub account ${login}: check its URL, or that the account may read it (private repositories need full repository access).`;

// Reads the repository with the account's token (GET /repos/{owner}/{repo}): a typing mistake
// is told now rather than as an error of the first sync.
async function checkRepository(
  folder: RepoFolder,
  account: GithubToken,
  origins: GithubOrigins,
): Promise<void> {
  const client = new GithubClient({
    http: browserHttpClient(),
    apiUrl: origins.githubApiUrl,
    token: account.accessToken,
  });
  const path = `/repos/${encodeURIComponent(folder.owner)}/${encodeURIComponent(folder.repo)}`;
  try {
    await client.get(path);
  } catch (error) {
    if (error instanceof GithubApiError && error.status === 404) {
      throw new Error(repositoryNotFound(folder, account.name));
    }
    throw error;
  }
}

/** Switches a git workspace's auto sync after the autoSyncWorkspace (on) or
 * stopAutoSyncWorkspace (off) confirmation (spec interface §4); every tab of it follows. */
export async function toggleAutoSync(
  { confirmer, workspaces }: Services,
  workspace: Workspace,
): Promise<void> {
  const on = workspace.autoSync === false;
  if (!(await confirmer.ask(on ? 'autoSyncWorkspace' : 'stopAutoSyncWorkspace', workspace.name)))
    return;
  workspaces.setAutoSync(workspace.id, on);
}

/** Removes a workspace after the removeWorkspace confirmation; the main and the current one are
 * refused with the spec's words (interface §4 and §8). */
export async function removeWorkspace(
  { confirmer, workspaces }: Services,
  dispatch: AppDispatch,
  workspace: Workspace,
): Promise<void> {
  const refusal = removalRefusal(workspace.id, workspaces.current.id);
  if (refusal) {
    dispatch(notified('error', refusal));
    return;
  }
  if (!(await confirmer.ask('removeWorkspace', workspace.name))) return;
  try {
    await workspaces.remove(workspace.id);
  } catch (error) {
    console.error(error);
    dispatch(notified('error', error instanceof Error ? error.message : String(error)));
  }
}

/** Copies the URL that opens a workspace (spec interface §8's notice once done). */
export async function copyWorkspaceUrl(workspace: Workspace, dispatch: AppDispatch): Promise<void> {
  try {
    await navigator.clipboard.writeText(workspaceUrl(workspace, window.location.href));
    dispatch(notified('info', WORKSPACE_URL_COPIED));
  } catch (error) {
    console.error(error);
    dispatch(notified('error', 'The workspace URL could not be copied.'));
  }
}
