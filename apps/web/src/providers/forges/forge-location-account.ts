import { type ForgeId, type ForgeToken } from '@inkstone/core';
import { type AppServices } from '../../components/app-context';
import { browserForgeTokens } from '../../services/forge-tokens';
import { type AppStore } from '../../store';
import { linkForgeAccount } from './forge-actions';
import { dialogAccounts } from './forge-workspace-actions';
import { type ForgeWorkspaceAccount } from './forge-workspace-types';

/**
 * The accounts a new location of `forge` may be written with, each with its server (Gitee's
 * web origin for Gitee's): the linked ones; without any, the forge's account dialog and the
 * authorize window first (as "Add GitLab account" does), then the account just linked. Rejects
 * when the user cancels.
 */
export async function locationForgeAccounts(
  services: Pick<AppServices, 'forgeAccounts' | 'modals' | 'workspace'>,
  store: AppStore,
  forge: ForgeId,
): Promise<ForgeWorkspaceAccount[]> {
  const server = store.getState().server;
  let accounts: ForgeToken[] = await browserForgeTokens.read(forge);
  if (accounts.length === 0) accounts = [await linkForgeAccount(services, forge, server)];
  return dialogAccounts(accounts, server.giteeUrl);
}
