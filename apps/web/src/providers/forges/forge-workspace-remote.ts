import {
  type ChangesPage,
  FORGE_NAMES,
  type ForgeId,
  type ForgeToken,
  type GitCommitMessages,
  giteaApiUrl,
  GiteaClient,
  GiteaWorkspaceProvider,
  GiteeClient,
  GiteaAuthError,
  GiteeAuthError,
  GitlabAuthError,
  GiteeWorkspaceProvider,
  GitlabClient,
  GitlabWorkspaceProvider,
  type HttpClient,
  type Workspace,
  type WorkspaceProvider,
} from '@inkstone/core';
import {
  type ForgeFolder,
  forgeFolderUrl,
  forgeOfProvider,
  readForgeFolder,
} from './forge-workspace-params';

/** Where a GitLab, Gitea or Gitee workspace syncs: its provider and the page the interface
 * names ('synced with'). */
export interface ForgeRemote {
  provider: WorkspaceProvider;
  target: string;
}

/** What {@link forgeRemote} needs. */
export interface ForgeRemoteOptions {
  current: Workspace;
  /** The linked accounts of the workspace's forge. */
  accounts: readonly ForgeToken[];
  /** Gitee's web origin (its API is `{giteeUrl}/api/v5`). */
  giteeUrl: string;
  http: HttpClient;
  /** The account's token with more than 5 minutes to live (`services.forgeAccounts.fresh`):
   * asked before each sync; it refreshes, asks to sign in again, or throws offline. */
  fresh(forge: ForgeId, sub: string): Promise<ForgeToken>;
  /** Gitee's 401 on the user or a tree: the providerRedirection confirmation, then the popup
   * (spec providers §4); resolves to the new token. */
  signInAgain(forge: ForgeId, sub: string): Promise<ForgeToken>;
  messages?: GitCommitMessages;
  /** Told a GitLab project's numeric id once the first sync read it (spec providers §3). */
  onProjectId?(projectId: string): void;
}

/** Said when a forge workspace opens in a browser where no account of it is linked. */
export const forgeAccountMissing = (forge: ForgeId, name: string) =>
  `“${name}” syncs with a ${FORGE_NAMES[forge]} account that is not linked in this browser: add the account in Accounts to sync it.`;

/** The account a forge workspace syncs with: its own (`sub`) when linked, else the first one of
 * its server (GitLab, Gitea) or the first Gitee one; none otherwise. */
export function forgeAccountFor(
  workspace: Workspace,
  folder: ForgeFolder,
  accounts: readonly ForgeToken[],
): ForgeToken | undefined {
  if (typeof workspace.sub === 'string' && workspace.sub !== '') {
    return accounts.find((account) => account.sub === workspace.sub);
  }
  if (folder.forge === 'gitee') return accounts[0];
  return accounts.find(
    (account) => 'serverUrl' in account && account.serverUrl === folder.serverUrl,
  );
}

/**
 * The remote of a GitLab, Gitea or Gitee repository workspace, or undefined when the workspace
 * is none of them, names no repository, or its account is not linked here. Its provider makes
 * the account's token fresh before each sync (the first call of a sync reads the changes).
 */
export function forgeRemote(options: ForgeRemoteOptions): ForgeRemote | undefined {
  const forge = forgeOfProvider(options.current.providerId);
  if (!forge) return undefined;
  const folder = readForgeFolder(forge, options.current);
  if (typeof folder === 'string') return undefined;
  const account = forgeAccountFor(options.current, folder, options.accounts);
  if (!account) return undefined;
  return {
    provider: new FreshTokenProvider(folder, account.sub, options),
    target: forgeFolderUrl(folder, options.giteeUrl),
  };
}

// The forge's workspace provider over a client with `token`.
function providerFor(
  folder: ForgeFolder,
  token: string,
  options: ForgeRemoteOptions,
): WorkspaceProvider {
  const { http, messages } = options;
  switch (folder.forge) {
    case 'gitlab': {
      const projectId = options.current.projectId;
      return new GitlabWorkspaceProvider({
        client: new GitlabClient({ http, serverUrl: folder.serverUrl, token }),
        projectPath: folder.projectPath,
        ...(typeof projectId === 'string' && projectId !== '' ? { projectId } : {}),
        branch: folder.branch,
        path: folder.path,
        messages,
      });
    }
    case 'gitea': {
      const [owner, repo] = folder.projectPath.split('/') as [string, string];
      return new GiteaWorkspaceProvider({
        client: new GiteaClient({ http, apiUrl: giteaApiUrl(folder.serverUrl), token }),
        owner,
        repo,
        branch: folder.branch,
        path: folder.path,
        messages,
      });
    }
    case 'gitee':
      return new GiteeWorkspaceProvider({
        client: new GiteeClient({
          http,
          apiUrl: `${options.giteeUrl.replace(/\/+$/, '')}/api/v5`,
          token,
        }),
        owner: folder.owner,
        repo: folder.repo,
        branch: folder.branch,
        path: folder.path,
        messages,
      });
  }
}

// A 401 of any of the three forges' clients (Gitee's GiteeSignInError is one).
const isRefusedToken = (error: unknown) =>
  error instanceof GitlabAuthError ||
  error instanceof GiteaAuthError ||
  error instanceof GiteeAuthError;

/**
 * The forge's workspace provider, remade whenever the account's token changes: each sync's
 * first call (getChanges from the start of the sync) asks `fresh` for the token, so a token
 * about to expire is refreshed before any request. A token the forge refuses while the changes
 * are read (a 401: revoked, or Gitee's on the user or the tree, spec providers §4) signs in
 * again (the providerRedirection confirmation first) and reads once more; declined, the sync
 * fails before any write and nothing local is touched.
 */
class FreshTokenProvider implements WorkspaceProvider {
  readonly id: string;
  readonly contentLimit: WorkspaceProvider['contentLimit'];
  private inner: WorkspaceProvider | undefined;
  private token: string | undefined;
  private buffering = false;

  constructor(
    private readonly folder: ForgeFolder,
    private readonly sub: string,
    private readonly options: ForgeRemoteOptions,
  ) {
    // (The id and limit do not depend on the token.)
    const probe = providerFor(folder, '', options);
    this.id = probe.id;
    this.contentLimit = probe.contentLimit;
  }

  private use(token: string): WorkspaceProvider {
    if (this.inner && this.token === token) return this.inner;
    this.token = token;
    this.inner = providerFor(this.folder, token, this.options);
    if (this.buffering) this.inner.beginSync?.();
    return this.inner;
  }

  private async current(): Promise<WorkspaceProvider> {
    const token = await this.options.fresh(this.folder.forge, this.sub);
    return this.use(token.accessToken);
  }

  // Within a sync, the provider its changes were read with (its token had more than 5 minutes
  // left then, and a new one would drop the sync's buffered writes); else a fresh one.
  private async writer(): Promise<WorkspaceProvider> {
    return this.inner ?? (await this.current());
  }

  async getChanges(cursor: string | undefined): Promise<ChangesPage> {
    const provider = await this.current();
    let page: ChangesPage;
    try {
      page = await provider.getChanges(cursor);
    } catch (error) {
      if (!isRefusedToken(error)) throw error;
      const token = await this.options.signInAgain(this.folder.forge, this.sub);
      page = await this.use(token.accessToken).getChanges(cursor);
    }
    if (this.inner instanceof GitlabWorkspaceProvider && this.options.onProjectId) {
      this.options.onProjectId(await this.inner.git.project());
    }
    return page;
  }

  saveItem: WorkspaceProvider['saveItem'] = async (item, syncData) =>
    (await this.writer()).saveItem(item, syncData);

  saveItems: NonNullable<WorkspaceProvider['saveItems']> = async (entries) => {
    const provider = await this.writer();
    if (!provider.saveItems) throw new Error('saveItems is not supported.');
    return provider.saveItems(entries);
  };

  removeItem: WorkspaceProvider['removeItem'] = async (syncData) =>
    (await this.writer()).removeItem(syncData);

  downloadContent: WorkspaceProvider['downloadContent'] = async (fileId, syncData) =>
    (await this.writer()).downloadContent(fileId, syncData);

  uploadContent: WorkspaceProvider['uploadContent'] = async (content, syncData) =>
    (await this.writer()).uploadContent(content, syncData);

  prefetchContent(fileIds: readonly string[]): void {
    this.inner?.prefetchContent?.(fileIds);
  }

  listRevisions: NonNullable<WorkspaceProvider['listRevisions']> = async (fileId, syncData) =>
    (await this.current()).listRevisions?.(fileId, syncData) ?? [];

  withCommitMessage(message: string): WorkspaceProvider {
    // Asked at a sync's first write, after the changes were read.
    return this.inner?.withCommitMessage ? this.inner.withCommitMessage(message) : this;
  }

  beginSync(): void {
    this.buffering = true;
    this.inner?.beginSync?.();
  }

  commitSync(): Promise<{ from: string; to: string } | undefined> {
    this.buffering = false;
    return this.inner?.commitSync ? this.inner.commitSync() : Promise.resolve(undefined);
  }

  discardSync(): void {
    this.buffering = false;
    this.inner?.discardSync?.();
  }
}
