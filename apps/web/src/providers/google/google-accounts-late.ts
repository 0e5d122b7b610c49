import type { LateService } from '../../services/late-service';
import { type AppStore } from '../../store';
import type { GoogleAccounts } from './google-accounts';

/** What the app's panes and dialogs use of the Google accounts (AppServices.googleAccounts). */
export type GoogleAccountsService = Pick<
  GoogleAccounts,
  | 'load'
  | 'list'
  | 'link'
  | 'fresh'
  | 'remove'
  | 'loginIdToken'
  | 'accountsState'
  | 'refreshSponsorship'
>;

/**
 * The Google accounts as the app's services give them from the start, while their code (the
 * OAuth popup and frame, the token checks) loads after the first screen (`google-start.ts`):
 * each call waits for them; the accounts' state is the store's.
 */
export function lateGoogleAccounts(
  store: AppStore,
  late: LateService<GoogleAccounts>,
): GoogleAccountsService {
  return {
    load: async () => (await late.ready()).load(),
    list: async () => (await late.ready()).list(),
    link: async (needs, options) => (await late.ready()).link(needs, options),
    fresh: async (sub, scopes, options) => (await late.ready()).fresh(sub, scopes, options),
    remove: async (sub) => (await late.ready()).remove(sub),
    loginIdToken: async () => (await late.ready()).loginIdToken(),
    refreshSponsorship: async () => (await late.ready()).refreshSponsorship(),
    accountsState: () => store.getState().accounts,
  };
}
