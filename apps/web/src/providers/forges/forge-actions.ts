import { type ForgeId, type ForgeTokens } from '@inkstone/core';
import { type AppServices } from '../../components/app-context';
import { isCancelled } from '../../services/modals';
import { AuthorizeSuperseded } from '../../services/oauth/authorize-popup';
import { type AppDispatch } from '../../store';
import { notified } from '../../store/notifications-slice';
import { SignInDeclined } from './forge-accounts';
import { type ForgeConf } from './forge-conf';
import { newPkce } from './pkce';
import { type SelfHostedAccountProps } from './self-hosted-account-types';

/** Shows a failure in its own words; a cancelled dialog or a superseded window says nothing. */
export function showForgeError(dispatch: AppDispatch) {
  return (error: unknown) => {
    if (isCancelled(error) || error instanceof AuthorizeSuperseded) return;
    if (error instanceof SignInDeclined) {
      dispatch(notified('info', error.message));
      return;
    }
    console.error(error);
    dispatch(notified('error', error instanceof Error ? error.message : String(error)));
  };
}

/** The GitLab or Gitea account dialog's props from the server's `/conf`: the server's
 * application when it gives both client id and URL; its URL locked when it gives a URL only. */
export function selfHostedDialogProps(
  forge: 'gitlab' | 'gitea',
  conf: { clientId: string; url: string },
  appOrigin: string,
  forcedServerUrl?: string,
): SelfHostedAccountProps {
  const props: SelfHostedAccountProps = { forge, appOrigin };
  if (conf.clientId !== '' && conf.url !== '') {
    props.serverApplication = { clientId: conf.clientId, serverUrl: conf.url };
  }
  const forced =
    forcedServerUrl ?? (conf.clientId === '' && conf.url !== '' ? conf.url : undefined);
  if (forced !== undefined) props.forcedServerUrl = forced;
  return props;
}

/**
 * "Add GitLab account", "Add Gitea account", "Add Gitee account" (spec providers §2): the
 * account dialog, then the authorize window from its Ok (the click still counts as the user's).
 * What is slow (Gitee's client id, GitLab's PKCE pair) starts before the dialog shows.
 */
export function addForgeAccount(
  dispatch: AppDispatch,
  services: AppServices,
  forge: ForgeId,
  server: ForgeConf,
): void {
  linkForgeAccount(services, forge, server).catch(showForgeError(dispatch));
}

/** The account dialog of `forge`, then its authorize window: resolves to the linked account's
 * token (stored); rejects when the dialog is cancelled or the linking fails. Also asked first
 * by a new workspace of a forge without an account (spec providers §4). */
export async function linkForgeAccount<F extends ForgeId>(
  services: Pick<AppServices, 'forgeAccounts' | 'modals' | 'workspace'>,
  forge: F,
  server: ForgeConf,
): Promise<ForgeTokens[F]> {
  const { forgeAccounts, modals } = services;
  if (forge === 'gitee') {
    const clientId = forgeAccounts.giteeClientId();
    clientId.catch(() => {}); // Said after Ok, if the user goes on.
    await modals.open('giteeAccount', { signIn: false });
    return forgeAccounts.link(forge, { giteeClientId: await clientId });
  }
  const conf =
    forge === 'gitlab'
      ? { clientId: server.gitlabClientId, url: server.gitlabUrl }
      : { clientId: server.giteaClientId, url: server.giteaUrl };
  const pkce = forge === 'gitlab' ? newPkce() : Promise.resolve(undefined);
  const request = await modals.open(
    'selfHostedAccount',
    selfHostedDialogProps(forge as 'gitlab' | 'gitea', conf, window.location.origin),
  );
  const linked = forgeAccounts.link(forge, {
    serverUrl: request.serverUrl,
    applicationId: request.applicationId,
    applicationSecret: request.applicationSecret,
    ...((await pkce) ? { pkce: await pkce } : {}),
  });
  // Remembered for the next account (the server's own application needs nothing).
  const remembered =
    request.applicationId === ''
      ? undefined
      : services.workspace.saveLocalSettings({
          [`${forge}ServerUrl`]: request.serverUrl,
          [`${forge}ApplicationId`]: request.applicationId,
        });
  const [token] = await Promise.all([linked, remembered]);
  return token;
}
