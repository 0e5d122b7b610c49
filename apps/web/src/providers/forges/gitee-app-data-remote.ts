import {
  APP_DATA_REPO,
  ensureGiteeAppDataRepository,
  type GitCommitMessages,
  GiteeClient,
  GITEE_FILE_LIMIT,
  GITEE_PROVIDER_IDS,
  type GiteeToken,
  GiteeWorkspaceProvider,
  type HttpClient,
} from '@inkstone/core';
import { type ForgeRemote } from './forge-workspace-remote';
import { FreshTokenProvider, type FreshTokenPort } from './fresh-token-provider';
import { LazyWorkspaceProvider } from './lazy-workspace-provider';

/** What {@link giteeAppDataRemote} needs. */
export interface GiteeAppDataRemoteOptions extends FreshTokenPort {
  /** The Gitee accounts linked in this browser (the login one is used). */
  accounts: readonly GiteeToken[];
  /** Gitee's web origin (its API is `{giteeUrl}/api/v5`). */
  giteeUrl: string;
  http: HttpClient;
  /** Commit message templates of the user settings. */
  messages?: GitCommitMessages;
  /** Told the app-data repository's page once its owner's login is known (first sync). */
  onTarget?: (target: string) => void;
}

/**
 * The main workspace's remote once signed in with Gitee (spec providers §3 "The main workspace
 * uses the app-data provider", host B): the login account's private `inkstone-appdata`
 * repository on `master` (Gitee's default), at its root, under provider id `giteeAppData`. At
 * each sync's first call the login's token is made fresh; at the first call with a token, the
 * login is read (`GET user`) and the repository checked, created on 404 (`POST user/repos`
 * with name and auto_init). One commit per file, the index first, as every Gitee workspace.
 * Undefined when no Gitee account is the login one.
 */
export function giteeAppDataRemote(options: GiteeAppDataRemoteOptions): ForgeRemote | undefined {
  const login = options.accounts.find((account) => account.isLogin);
  if (!login) return undefined;
  const origin = options.giteeUrl.replace(/\/+$/, '');
  const repositoryPage = (owner: string) =>
    `${origin}/${encodeURIComponent(owner)}/${APP_DATA_REPO}`;
  const make = (token: string) => {
    const client = new GiteeClient({ http: options.http, apiUrl: `${origin}/api/v5`, token });
    return new LazyWorkspaceProvider(GITEE_PROVIDER_IDS.appData, GITEE_FILE_LIMIT, async () => {
      const user = await client.get<{ login: string }>('/user');
      const repository = await ensureGiteeAppDataRepository(client, user.login);
      options.onTarget?.(repositoryPage(repository.owner.login));
      return new GiteeWorkspaceProvider({
        client,
        owner: repository.owner.login,
        repo: repository.path,
        branch: repository.default_branch,
        path: '',
        providerId: GITEE_PROVIDER_IDS.appData,
        messages: options.messages,
      });
    });
  };
  return {
    provider: new FreshTokenProvider('gitee', login.sub, make, options),
    // (The login is known for sure once Gitee answered; the name kept at sign-in until then.)
    target: repositoryPage(login.name),
  };
}
