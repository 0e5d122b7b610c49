import { type GoogleToken } from '@inkstone/core';
import { type AppServices } from '../../components/app-context';
import { isCancelled } from '../../services/modals';
import { AuthorizeSuperseded } from '../../services/oauth/authorize-popup';
import { type AppDispatch } from '../../store';
import { notified } from '../../store/notifications-slice';
import { GoogleSignInDeclined } from './google-accounts';

/** Said when 'Sign in with Google' is asked while signed in with another provider: one login at
 * a time, as Gitee's sign-in refuses (providers/forges/gitee-sign-in.ts). */
export const SIGNED_IN_ELSEWHERE =
  'You are already signed in: your main workspace syncs with that account. Sign out of it first to sign in with Google.';

// A failure shown in its own words; a cancel or a declined sign-in says nothing more.
export function showGoogleError(dispatch: AppDispatch) {
  return (error: unknown) => {
    if (
      isCancelled(error) ||
      error instanceof AuthorizeSuperseded ||
      error instanceof GoogleSignInDeclined
    ) {
      return;
    }
    console.error(error);
    dispatch(notified('error', error instanceof Error ? error.message : String(error)));
  };
}

/**
 * The googleDriveAccount dialog, then Google's authorize window from its Ok (the click still
 * counts as the user's): links an account with Drive, full or restricted by the Restrict access
 * checkbox, whose choice is remembered (googleDriveRestrictedAccess). The Drive dialogs call it
 * before linking. Rejects with the modal's cancel when the user cancels.
 */
export async function askGoogleDriveAccount(
  services: Pick<AppServices, 'modals' | 'googleAccounts' | 'workspace'>,
): Promise<GoogleToken> {
  const { restrictedAccess } = await services.modals.open('googleDriveAccount');
  const linked = services.googleAccounts.link({ drive: restrictedAccess ? 'restricted' : 'full' });
  await services.workspace.saveLocalSettings({ googleDriveRestrictedAccess: restrictedAccess });
  return linked;
}

/**
 * The workspaceGoogleRedirection modal (spec providers §4): a Drive workspace needs full Drive
 * access, which account `sub` (when given) has not given; OK links with `drive: 'full'`.
 * Resolves to the token, or rejects with GoogleSignInDeclined when the user declines.
 */
export async function askWorkspaceGoogleRedirection(
  services: Pick<AppServices, 'confirmer' | 'googleAccounts'>,
  sub?: string,
): Promise<GoogleToken> {
  if (!(await services.confirmer.ask('workspaceGoogleRedirection'))) {
    throw new GoogleSignInDeclined();
  }
  return services.googleAccounts.link({ drive: 'full' }, sub ? { sub } : {});
}

/** "Add Google account" (Accounts): the Drive account dialog, as the Drive dialogs ask. */
export function addGoogleAccount(dispatch: AppDispatch, services: AppServices): void {
  askGoogleDriveAccount(services).catch(showGoogleError(dispatch));
}

/**
 * 'Sign in with Google' (spec core §6: drive.appdata for sign-in): the authorize window at once,
 * from the click; the account becomes the login one. Refused while signed in with GitHub or
 * Gitee ({@link SIGNED_IN_ELSEWHERE}).
 *
 * The main workspace kept in Drive's application data folder is handed this account by
 * {@link googleLoginForMainWorkspace}: the one place the lead wires the Drive app-data remote.
 */
export function signInWithGoogle(
  services: Pick<AppServices, 'googleAccounts'>,
): Promise<GoogleToken> {
  const accounts = services.googleAccounts.accountsState();
  const elsewhere =
    accounts.github.some((account) => account.isLogin) ||
    accounts.forges.gitee.some((account) => account.isLogin);
  if (elsewhere) return Promise.reject(new Error(SIGNED_IN_ELSEWHERE));
  return services.googleAccounts.link({ login: true });
}

/** The menu's 'Sign in with Google': failures shown as notifications, a cancel says nothing. */
export function signInWithGoogleFromMenu(dispatch: AppDispatch, services: AppServices): void {
  signInWithGoogle(services).catch(showGoogleError(dispatch));
}

/**
 * The Google login account the main workspace syncs with (in Drive's appDataFolder), or
 * undefined when nobody signed in with Google. The drive-core engineer's app-data remote takes
 * `sub` and `fresh` from here (as `gitee-app-data-remote.ts` takes Gitee's login); not wired
 * yet.
 */
export function googleLoginForMainWorkspace(
  services: Pick<AppServices, 'googleAccounts'>,
): { sub: string; fresh: AppServices['googleAccounts']['fresh'] } | undefined {
  const login = services.googleAccounts.accountsState().google.find((account) => account.isLogin);
  return login ? { sub: login.sub, fresh: services.googleAccounts.fresh } : undefined;
}
