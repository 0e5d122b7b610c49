import {
  APP_DATA_REPO,
  type ChangesPage,
  ensureAppDataRepository,
  type GitCommitMessages,
  GITHUB_PROVIDER_IDS,
  GithubClient,
  type GithubToken,
  GithubWorkspaceProvider,
  type HttpClient,
  MAIN_WORKSPACE_ID,
  type Workspace,
  type WorkspaceProvider,
} from '@inkstone/core';
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
      provider: new AppDataProvider(client, login.scopes.includes('repo'), messages, (owner) =>
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
    provider: new GithubWorkspaceProvider({ client, ...folder, messages }),
    target: repoFolderUrl(folder, origins.githubUrl),
  };
}

/**
 * The main workspace's provider: at its first call it reads the signed-in login (GET /user),
 * checks the app-data repository (created private on 404) and from then on is the GitHub
 * workspace provider of that repository's default branch, at its root. A login token without
 * the `repo` scope is refused with {@link APP_DATA_NEEDS_PRIVATE_ACCESS}, before any request.
 */
class AppDataProvider implements WorkspaceProvider {
  readonly id = GITHUB_PROVIDER_IDS.appData;
  private opening: Promise<GithubWorkspaceProvider> | undefined;
  private opened: GithubWorkspaceProvider | undefined;
  // Between beginSync and commitSync or discardSync: the repository opened meanwhile buffers too.
  private buffering = false;

  constructor(
    private readonly client: GithubClient,
    private readonly privateAccess: boolean,
    private readonly messages: GitCommitMessages | undefined,
    private readonly onOwner: (owner: string) => void,
  ) {}

  private open(): Promise<GithubWorkspaceProvider> {
    this.opening ??= this.connect().catch((error: unknown) => {
      // Tried again at the next sync (offline, a 5xx…).
      this.opening = undefined;
      throw error;
    });
    return this.opening;
  }

  private async connect(): Promise<GithubWorkspaceProvider> {
    // (GitHub would hide the repository, or refuse to create it: say why instead.)
    if (!this.privateAccess) throw new Error(APP_DATA_NEEDS_PRIVATE_ACCESS);
    const user = await this.client.get<{ login: string }>('/user');
    const repository = await ensureAppDataRepository(this.client, user.login);
    this.onOwner(repository.owner.login);
    this.opened = new GithubWorkspaceProvider({
      client: this.client,
      owner: repository.owner.login,
      repo: repository.name,
      branch: repository.default_branch,
      path: '',
      providerId: GITHUB_PROVIDER_IDS.appData,
      messages: this.messages,
    });
    if (this.buffering) this.opened.beginSync();
    return this.opened;
  }

  async getChanges(cursor: string | undefined): Promise<ChangesPage> {
    return (await this.open()).getChanges(cursor);
  }

  saveItem: WorkspaceProvider['saveItem'] = async (item, syncData) =>
    (await this.open()).saveItem(item, syncData);

  saveItems: NonNullable<WorkspaceProvider['saveItems']> = async (entries) =>
    (await this.open()).saveItems(entries);

  removeItem: WorkspaceProvider['removeItem'] = async (syncData) =>
    (await this.open()).removeItem(syncData);

  downloadContent: WorkspaceProvider['downloadContent'] = async (fileId) =>
    (await this.open()).downloadContent(fileId);

  uploadContent: WorkspaceProvider['uploadContent'] = async (content, syncData) =>
    (await this.open()).uploadContent(content, syncData);

  withCommitMessage(message: string): WorkspaceProvider {
    // Asked at a sync's first write: the changes were read, so the repository is open.
    return this.opened ? this.opened.withCommitMessage(message) : this;
  }

  beginSync(): void {
    this.buffering = true;
    this.opened?.beginSync();
  }

  commitSync(): Promise<{ from: string; to: string } | undefined> {
    this.buffering = false;
    return this.opened ? this.opened.commitSync() : Promise.resolve(undefined);
  }

  discardSync(): void {
    this.buffering = false;
    this.opened?.discardSync();
  }
}
