import { type AppServices } from '../../components/app-context';
import { isCancelled } from '../../services/modals';
import { AuthorizeSuperseded } from '../../services/oauth/authorize-popup';
import { type AppDispatch } from '../../store';
import { notified } from '../../store/notifications-slice';

// A failure shown in its own words (the spec's OAuth messages, the server's refusal…).
function shown(dispatch: AppDispatch) {
  return (error: unknown) => {
    if (isCancelled(error) || error instanceof AuthorizeSuperseded) return;
    console.error(error);
    dispatch(notified('error', error instanceof Error ? error.message : String(error)));
  };
}

/** "Sign in with GitHub" (spec interface §2 menu): the authorize window opens at once, from the
 * click; the account becomes the login one. */
export function signInWithGithub(dispatch: AppDispatch, { accounts }: AppServices): void {
  try {
    accounts.signIn().catch(shown(dispatch));
  } catch (error) {
    shown(dispatch)(error);
  }
}

/** "Add GitHub account": the account dialog, then the authorize window from its Ok. The choice
 * of private repositories is remembered (local setting githubRepoFullAccess). */
export function addGithubAccount(dispatch: AppDispatch, services: AppServices): void {
  services.modals
    .open('githubAccount')
    .then(({ repoFullAccess }) => {
      // The window first, while the click on Ok still counts as the user's.
      const linked = services.accounts.addAccount(repoFullAccess);
      const remembered = services.workspace.saveLocalSettings({
        githubRepoFullAccess: repoFullAccess,
      });
      return Promise.all([linked, remembered]);
    })
    .catch(shown(dispatch));
}

/** Signs out: the login account is unlinked from this browser (its token removed). */
export function signOutOfGithub(dispatch: AppDispatch, { accounts }: AppServices, sub: string) {
  accounts.remove(sub).catch(shown(dispatch));
}
