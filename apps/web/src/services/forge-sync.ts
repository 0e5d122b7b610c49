import {
  type ForgeToken,
  type GiteeToken,
  MAIN_WORKSPACE_ID,
  type Workspace,
} from '@inkstone/core';
import { type ForgeAccounts } from '../providers/forges/forge-accounts';
import { readForgeConf } from '../providers/forges/forge-conf';
import { fetchServerConf } from '../providers/github/github-conf';
import { forgeOfProvider } from '../providers/forges/forge-workspace-params';
import { forgeAccountMissing, forgeRemote } from '../providers/forges/forge-workspace-remote';
import { giteeAppDataRemote } from '../providers/forges/gitee-app-data-remote';
import { type AppStore } from '../store';
import { giteeLoginKey } from '../store/accounts-slice';
import { notified } from '../store/notifications-slice';
import { syncTargetSet } from '../store/sync-slice';
import { browserForgeTokens } from './forge-tokens';
import { type SyncRemote } from './sync';
import { type WorkspaceList } from './workspaces';
import { browserHttpClient } from './browser-http';
import { type ModalStack } from './modals';
import { stackeditLayoutOptions } from './stackedit-layout';

/**
 * The remote of a GitLab, Gitea or Gitee repository workspace (spec providers §4), made with
 * the account it needs, read from the main workspace's `tokens` item: undefined for any other
 * workspace, and — with an error notice — when its account is not linked in this browser (the
 * workspace then stays here, its text untouched).
 */
export async function loadForgeRemote(
  current: Workspace,
  store: AppStore,
  forgeAccounts: ForgeAccounts,
  workspaces: Pick<WorkspaceList, 'find' | 'add'>,
  modals?: ModalStack,
): Promise<SyncRemote | undefined> {
  const forge = forgeOfProvider(current.providerId);
  if (!forge) return undefined;
  let accounts: ForgeToken[];
  try {
    accounts = await browserForgeTokens.read(forge);
  } catch (error) {
    console.error(`The ${forge} accounts could not be read.`, error);
    accounts = [];
  }
  // (Gitee's origin is the server's to say, forge-sim's in tests: read before the first sync.)
  const { giteeUrl } = readForgeConf(await fetchServerConf());
  const remote = forgeRemote({
    current,
    accounts,
    giteeUrl,
    // No cookies: the forges' APIs take the token, never credentials.
    http: browserHttpClient(),
    fresh: (forgeId, sub) => forgeAccounts.fresh(forgeId, sub),
    signInAgain: (forgeId, sub) => forgeAccounts.signInAgain(forgeId, sub),
    messages: store.getState().settings.settings.git,
    // A folder in StackEdit's layout: converted or kept as the user says (issue 33).
    ...stackeditLayoutOptions(current, modals, workspaces),
    onProjectId: (projectId) => {
      const known = workspaces.find(current.id) ?? current;
      if (known.projectId !== projectId) workspaces.add({ ...known, projectId });
    },
  });
  if (!remote) {
    store.dispatch(notified('error', forgeAccountMissing(forge, current.name)));
    return undefined;
  }
  return { ...remote, git: true };
}

/**
 * The main workspace's remote once signed in with Gitee (and not with GitHub, whose login comes
 * first): the Gitee login's `inkstone-appdata` repository, made with fresh tokens of that
 * account. Its sync state belongs to `gitee:{sub}`: signing in as someone else starts it afresh
 * and keeps every local file. Undefined for any other workspace, or without a Gitee login.
 */
export async function loadGiteeAppDataRemote(
  current: Workspace,
  store: AppStore,
  forgeAccounts: Pick<ForgeAccounts, 'fresh' | 'signInAgain'>,
): Promise<SyncRemote | undefined> {
  if (current.id !== MAIN_WORKSPACE_ID) return undefined;
  let accounts: GiteeToken[];
  try {
    accounts = await browserForgeTokens.read('gitee');
  } catch (error) {
    console.error('The Gitee accounts could not be read.', error);
    return undefined;
  }
  const login = accounts.find((account) => account.isLogin);
  if (!login) return undefined;
  const { giteeUrl } = readForgeConf(await fetchServerConf());
  const remote = giteeAppDataRemote({
    accounts,
    giteeUrl,
    http: browserHttpClient(),
    fresh: (forge, sub) => forgeAccounts.fresh(forge, sub),
    signInAgain: (forge, sub) => forgeAccounts.signInAgain(forge, sub),
    messages: store.getState().settings.settings.git,
    onTarget: (target) => store.dispatch(syncTargetSet(target)),
  });
  if (!remote) return undefined;
  return { ...remote, git: true, account: giteeLoginKey(login.sub) };
}
