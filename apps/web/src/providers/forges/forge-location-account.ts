import { type ForgeId } from '@inkstone/core';
import { type AppServices } from '../../components/app-context';
import { type AppStore } from '../../store';
import { selfHostedDialogProps } from './forge-actions';
import { newPkce } from './pkce';

/**
 * The account a new location of `forge` is written with: the first linked one of that forge;
 * without any, the forge's account dialog and the authorize window first (as "Add GitLab
 * account" does), then the account just linked. Rejects when the user cancels.
 */
export async function locationForgeAccount(
  services: AppServices,
  store: AppStore,
  forge: ForgeId,
): Promise<{ sub: string; serverUrl?: string }> {
  const linked = store.getState().accounts.forges[forge][0];
  if (linked) return linked;
  const { forgeAccounts, modals } = services;
  if (forge === 'gitee') {
    const clientId = forgeAccounts.giteeClientId();
    clientId.catch(() => {}); // Said after Ok, if the user goes on.
    await modals.open('giteeAccount');
    const token = await forgeAccounts.link('gitee', { giteeClientId: await clientId });
    return { sub: token.sub };
  }
  const server = store.getState().server;
  const conf =
    forge === 'gitlab'
      ? { clientId: server.gitlabClientId, url: server.gitlabUrl }
      : { clientId: server.giteaClientId, url: server.giteaUrl };
  const pkce = forge === 'gitlab' ? newPkce() : Promise.resolve(undefined);
  const request = await modals.open(
    'selfHostedAccount',
    selfHostedDialogProps(forge, conf, window.location.origin),
  );
  const token = await forgeAccounts.link(forge, {
    serverUrl: request.serverUrl,
    applicationId: request.applicationId,
    applicationSecret: request.applicationSecret,
    ...((await pkce) ? { pkce: await pkce } : {}),
  });
  return { sub: token.sub, serverUrl: token.serverUrl };
}
