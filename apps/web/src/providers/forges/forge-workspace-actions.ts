import { type ForgeId, type ForgeToken } from '@inkstone/core';
import { type AppServices } from '../../components/app-context';
import { browserForgeTokens } from '../../services/forge-tokens';
import { openInNewTab } from '../../services/workspace-actions';
import { type AppDispatch } from '../../store';
import { fetchServerConf } from '../github/github-conf';
import { linkForgeAccount, showForgeError } from './forge-actions';
import { readForgeConf } from './forge-conf';
import { forgeWorkspace } from './forge-workspace-params';
import { type ForgeWorkspaceAccount } from './forge-workspace-types';

/** The accounts the workspace dialog offers, with the server each one belongs to (Gitee's
 * web origin for Gitee's). */
export const dialogAccounts = (
  accounts: readonly ForgeToken[],
  giteeUrl: string,
): ForgeWorkspaceAccount[] =>
  accounts.map((account) => ({
    sub: account.sub,
    name: account.name,
    serverUrl: 'serverUrl' in account ? account.serverUrl : giteeUrl,
  }));

/**
 * The panel's "Add a GitLab workspace", "Add a Gitea workspace" and "Add a Gitee workspace"
 * (spec providers §2, §4): without an account of the forge, its account dialog comes first and
 * links one; then the workspace dialog asks the repository folder (and the account, when
 * several are linked), the workspace joins the list and opens in a new tab. A cancelled dialog
 * does nothing; a failure is shown as an error notification.
 */
export async function addForgeWorkspace(
  services: Pick<AppServices, 'modals' | 'workspaces' | 'forgeAccounts' | 'workspace'>,
  dispatch: AppDispatch,
  forge: ForgeId,
): Promise<void> {
  const { modals, workspaces } = services;
  try {
    const conf = readForgeConf(await fetchServerConf());
    let accounts: ForgeToken[] = await browserForgeTokens.read(forge);
    if (accounts.length === 0) accounts = [await linkForgeAccount(services, forge, conf)];
    const { folder, sub } = await modals.open('forgeWorkspace', {
      forge,
      accounts: dialogAccounts(accounts, conf.giteeUrl),
    });
    const workspace = forgeWorkspace(folder, conf.giteeUrl, sub);
    workspaces.add(workspace);
    openInNewTab(workspace);
  } catch (error) {
    showForgeError(dispatch)(error);
  }
}
