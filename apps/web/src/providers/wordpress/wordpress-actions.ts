import { type AppServices } from '../../components/app-context';
import { isCancelled } from '../../services/modals';
import { AuthorizeSuperseded } from '../../services/oauth/authorize-popup';
import { type AppDispatch, type AppStore } from '../../store';
import { notified } from '../../store/notifications-slice';
import { type WordPressAccounts } from './wordpress-accounts';
import { addWordPressLocation } from './wordpress-locations';

type Services = Pick<AppServices, 'modals' | 'workspace'>;

/** A failure shown in its own words; a cancel, or a newer authorisation, says nothing. */
export function showWordPressError(dispatch: AppDispatch) {
  return (error: unknown) => {
    if (isCancelled(error) || error instanceof AuthorizeSuperseded) return;
    console.error(error);
    dispatch(notified('error', error instanceof Error ? error.message : String(error)));
  };
}

/** "Add WordPress account" (Manage external accounts): WordPress.com's authorize popup at once
 * (spec providers §2: no fields), from the click that asked. */
export function addWordPressAccount(dispatch: AppDispatch, accounts: WordPressAccounts): void {
  accounts.link().catch(showWordPressError(dispatch));
}

/**
 * "Publish to WordPress" (spec providers §2): an account linked first when none is (the popup,
 * from the click), then the dialog (Site domain from the `wordpressDomain` setting, Existing post
 * ID, Template), the domain remembered and the publish location added to the file. The spec's
 * notice, or undefined when cancelled.
 */
export async function addWordPressPublish(
  services: Services,
  store: AppStore,
  accounts: WordPressAccounts,
  fileId: string,
  templates: { id: string; name: string }[],
): Promise<string | undefined> {
  // (Linking needs the server's client id, and says so without one; a linked account does not.)
  const linked = await accounts.list();
  const choices = linked.length > 0 ? linked : [await accounts.link()];
  let request;
  try {
    request = await services.modals.open('wordpressLocation', {
      domain: store.getState().localSettings.wordpressDomain,
      accounts: choices.map(({ sub, name }) => ({ sub, name })),
      templates,
    });
  } catch (error) {
    if (isCancelled(error)) return undefined;
    throw error;
  }
  await services.workspace.saveLocalSettings({ wordpressDomain: request.fields.domain });
  return addWordPressLocation(services.workspace.repo, services.workspace.newId, fileId, request);
}
