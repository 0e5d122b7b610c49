import {
  FORGE_NAMES,
  type ForgeId,
  type ForgeToken,
  type GitCommitMessages,
  type StackeditLayoutChoice,
  giteaApiUrl,
  GiteaClient,
  GiteaWorkspaceProvider,
  GiteeClient,
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
import { FreshTokenProvider, type FreshTokenPort } from './fresh-token-provider';

/** Where a GitLab, Gitea or Gitee workspace syncs: its provider and the page the interface
 * names ('synced with'). */
export interface ForgeRemote {
  provider: WorkspaceProvider;
  target: string;
}

/** What {@link forgeRemote} needs: the workspace, its accounts, and the token port (`fresh`
 * before each sync, `signInAgain` on a refused token, `onProjectId`). */
export interface ForgeRemoteOptions extends FreshTokenPort {
  current: Workspace;
  /** The linked accounts of the workspace's forge. */
  accounts: readonly ForgeToken[];
  /** Gitee's web origin (its API is `{giteeUrl}/api/v5`). */
  giteeUrl: string;
  http: HttpClient;
  messages?: GitCommitMessages;
  /** Asked what to do with a repository folder in StackEdit's layout (issue 33). */
  onStackeditLayout?: () => Promise<StackeditLayoutChoice>;
  /** 'keep': the folder is synced in StackEdit's layout (the choice remembered). */
  stackeditLayout?: 'keep';
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
    provider: new FreshTokenProvider(
      folder.forge,
      account.sub,
      (token) => providerFor(folder, token, options),
      options,
    ),
    target: forgeFolderUrl(folder, options.giteeUrl),
  };
}

// The forge's workspace provider over a client with `token`.
function providerFor(
  folder: ForgeFolder,
  token: string,
  options: ForgeRemoteOptions,
): WorkspaceProvider {
  const { http, messages, onStackeditLayout, stackeditLayout } = options;
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
        onStackeditLayout,
        stackeditLayout,
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
        onStackeditLayout,
        stackeditLayout,
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
        onStackeditLayout,
        stackeditLayout,
      });
  }
}
