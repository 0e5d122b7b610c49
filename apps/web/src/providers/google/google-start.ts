import { type AppStore } from '../../store';
import { type Confirmer } from '../../services/confirm';
import { type LateService } from '../../services/late-service';
import { browserFrames } from '../../services/oauth/silent-frame';
import { GoogleAccounts, type GoogleAccountsOptions } from './google-accounts';
import { registerGoogleAccounts } from './google-accounts-port';
import { browserGoogleTokens } from './google-tokens';

/** What starting the Google accounts needs of the app. */
export interface GoogleStartDeps {
  ports: Pick<GoogleAccountsOptions, 'opener' | 'timers' | 'fetch' | 'signal'>;
  confirmer: Confirmer;
  /** Where the app's services wait for the accounts. */
  late: LateService<GoogleAccounts>;
  /** The server's configuration read: the sponsorship is asked after it. */
  confRead: Promise<void>;
}

/**
 * Starts the Google accounts after the first screen (Drive, Blogger, Sign in with Google): made,
 * registered for the app's services and the Drive and Blogger code, read from the tokens item,
 * and the signed-in account's sponsorship followed. Gives the accounts read and the undoing.
 */
export function startGoogle(
  store: AppStore,
  deps: GoogleStartDeps,
): { read: Promise<void>; stop: () => void } {
  const accounts = new GoogleAccounts({
    store,
    tokens: browserGoogleTokens,
    frames: browserFrames(document),
    ...deps.ports,
    isOnline: () => navigator.onLine,
    confirmRedirection: (provider) => deps.confirmer.ask('providerRedirection', provider),
  });
  registerGoogleAccounts(accounts);
  deps.late.register(accounts);
  const read = accounts.load();
  const stopWatch = accounts.watchSponsorship();
  Promise.all([read, deps.confRead])
    .then(() => accounts.refreshSponsorship())
    .catch((error: unknown) =>
      console.error('Reading the server configuration or the Google accounts failed.', error),
    );
  return {
    read,
    stop: () => {
      stopWatch();
      accounts.close();
      registerGoogleAccounts(undefined);
      deps.late.register(undefined);
    },
  };
}
