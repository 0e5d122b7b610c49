import { type GiteeToken } from '@inkstone/core';
import { type AppServices } from '../../components/app-context';
import { type AppDispatch } from '../../store';
import { showForgeError } from './forge-actions';

/** Said when 'Sign in with Gitee' is asked while signed in with GitHub: one login at a time, and
 * the main workspace keeps syncing with the GitHub one until the user signs out of it. */
export const SIGNED_IN_WITH_GITHUB =
  'You are signed in with GitHub: your main workspace syncs with your GitHub account. Sign out of GitHub first to sign in with Gitee.';

/**
 * 'Sign in with Gitee' (spec core §4 "Login tokens mark the account used for signing in"): the
 * Gitee dialog, saying where the main workspace will be kept, then the authorize window from
 * its Ok (the click still counts as the user's; Gitee's client id is asked meanwhile). The
 * account is linked as the login one, and the main workspace syncs with its `inkstone-appdata`
 * repository from then on; the files of this browser are kept and merged in at the first sync.
 * Refused while a GitHub login exists ({@link SIGNED_IN_WITH_GITHUB}).
 */
export async function signInWithGitee(
  services: Pick<AppServices, 'forgeAccounts' | 'modals'> & {
    accounts: Pick<AppServices['accounts'], 'loginToken'>;
  },
): Promise<GiteeToken> {
  if ((await services.accounts.loginToken()) !== undefined) throw new Error(SIGNED_IN_WITH_GITHUB);
  const clientId = services.forgeAccounts.giteeClientId();
  clientId.catch(() => {}); // Said after Ok, if the user goes on.
  await services.modals.open('giteeAccount', { signIn: true });
  return services.forgeAccounts.link('gitee', { giteeClientId: await clientId, isLogin: true });
}

/** The menu's 'Sign in with Gitee': failures shown as notifications, a cancel says nothing. */
export function signInWithGiteeFromMenu(dispatch: AppDispatch, services: AppServices): void {
  signInWithGitee(services).catch(showForgeError(dispatch));
}
