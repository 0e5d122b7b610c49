import {
  APP_DATA_REPO,
  ensureAppDataRepository,
  type GitCommitMessages,
  GITHUB_PROVIDER_IDS,
  GithubClient,
  type GithubToken,
  GithubWorkspaceProvider,
  type HttpClient,
  MAIN_WORKSPACE_ID,
  type StackeditLayoutChoice,
  type Workspace,
  type WorkspaceProvider,
} from '@inkstone/core';
import { LazyWorkspaceProvider } from '../forges/lazy-workspace-provider';
import { type GithubOrigins } from './github-conf';
import { readRepoFolder, repoFolderUrl } from './workspace-params';

/** Where a workspace kept on GitHub syncs: its provider and the page the interface names. */
export interface GithubRemote {
  provider: WorkspaceProvider;
  /** The repository (folder) page on GitHub: 'synced with' it. */
  target: string;
}

/** The main workspace's repository is private: a login token without the `repo` scope (signed in
 * without access to private repositories) can neither create nor read it. */
export const APP_DATA_NEEDS_PRIVATE_ACCESS =
  'The main workspace is kept in your private repository inkstone-appdata: sign in with GitHub again with access to private repositories to sync it.';

/** What {@link githubRemote} needs. */
export interface GithubRemoteOptions {
  /** The workspace this tab has open. */
  current: Workspace;
  /** The GitHub accounts linked in this browser. */
  accounts: readonly GithubToken[];
  origins: GithubOrigins;
  /** The HTTP client port (retries, back-off, time-outs); without cookies: GitHub's API
   * answers any origin, and credentials would be refused. */
  http: HttpClient;
  /** Commit message templates of the user settings. */
  messages?: GitCommitMessages;
  /** Told the app-data repository's page once its owner's login is known (first sync). */
  onTarget?: (target: string) => void;
  /** Asked what to do with a repository folder in StackEdit's layout (issue 33). */
  onStackeditLayout?: () => Promise<StackeditLayoutChoice>;
  /** 'keep': the folder is synced in StackEdit's layout (the choice remembered). */
  stackeditLayout?: 'keep';
}

/** The account a workspace syncs with: its own (`sub`) when linked, else the login one, else
 * the first linked; none when the workspace's own is not linked here. */
export function accountFor(
  workspace: Workspace,
  accounts: readonly GithubToken[],
): GithubToken | undefined {
  if (typeof workspace.sub === 'string') {
    return accounts.find((account) => account.sub === workspace.sub);
  }
  return accounts.find((account) => account.isLogin) ?? accounts[0];
}

/**
 * The GitHub remote of the open workspace, or undefined when it has none: a repository
 * workspace (githubWorkspace) syncs its folder with its account's token; the main workspace
 * syncs with the signed-in account's private `inkstone-appdata` repository (githubAppData),
 * checked and created on the first sync (spec providers §7). Without the account it needs, a
 * workspace stays in this browser.
 */
export function githubRemote(options: GithubRemoteOptions): GithubRemote | undefined {
  const { current, accounts, origins, http, messages } = options;
  if (current.id === MAIN_WORKSPACE_ID) {
    const login = accounts.find((account) => account.isLogin);
    if (!login) return undefined;
    const client = new GithubClient({
      http,
      apiUrl: origins.githubApiUrl,
      token: login.accessToken,
    });
    return {
      provider: appDataProvider(client, login.scopes.includes('repo'), messages, (owner) =>
        options.onTarget?.(
          repoFolderUrl(
            { owner, repo: APP_DATA_REPO, branch: 'main', path: '' },
            origins.githubUrl,
          ),
        ),
      ),
      // (The login is known for sure once GitHub answered; the name kept at sign-in until then.)
      target: `${origins.githubUrl}/${encodeURIComponent(login.name)}/${APP_DATA_REPO}`,
    };
  }
  if (current.providerId !== GITHUB_PROVIDER_IDS.workspace) return undefined;
  const folder = readRepoFolder(current);
  const account = accountFor(current, accounts);
  if (typeof folder === 'string' || !account) return undefined;
  const client = new GithubClient({
    http,
    apiUrl: origins.githubApiUrl,
    token: account.accessToken,
  });
  return {
    provider: new GithubWorkspaceProvider({
      client,
      ...folder,
      messages,
      onStackeditLayout: options.onStackeditLayout,
      stackeditLayout: options.stackeditLayout,
    }),
    target: repoFolderUrl(folder, origins.githubUrl),
  };
}

/**
 * The main workspace's provider: at its first call it reads the signed-in login (GET /user),
 * checks the app-data repository (created private on 404) and from then on is the GitHub
 * workspace provider of that repository's default branch, at its root. A login token without
 * the `repo` scope is refused with {@link APP_DATA_NEEDS_PRIVATE_ACCESS}, before any request.
 */
function appDataProvider(
  client: GithubClient,
  privateAccess: boolean,
  messages: GitCommitMessages | undefined,
  onOwner: (owner: string) => void,
): WorkspaceProvider {
  return new LazyWorkspaceProvider(GITHUB_PROVIDER_IDS.appData, undefined, async () => {
    // (GitHub would hide the repository, or refuse to create it: say why instead.)
    if (!privateAccess) throw new Error(APP_DATA_NEEDS_PRIVATE_ACCESS);
    const user = await client.get<{ login: string }>('/user');
    const repository = await ensureAppDataRepository(client, user.login);
    onOwner(repository.owner.login);
    return new GithubWorkspaceProvider({
      client,
      owner: repository.owner.login,
      repo: repository.name,
      branch: repository.default_branch,
      path: '',
      providerId: GITHUB_PROVIDER_IDS.appData,
      messages,
    });
  });
}
