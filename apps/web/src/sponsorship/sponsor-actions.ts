import { type AppServices } from '../components/app-context';
import { type AppStore } from '../store';
import { sponsorUserId, readPaymentSuccess } from './sponsor-offers';
import { earnBadge } from '../badges/badges';

/** "Sponsor": a user signed out is asked to sign in first (signInForSponsorship, whose Ok opens
 * GitHub's window; the sign-in reads the account's sponsorship), then the sponsor dialog shows
 * the offers, or that the account sponsors already. Cancelled anywhere, nothing happens. */
export async function startSponsorship(services: AppServices, store: AppStore): Promise<void> {
  if (sponsorUserId(store.getState().accounts) === undefined) {
    if (!(await services.confirmer.ask('signInForSponsorship'))) return;
    await services.accounts.signIn();
  }
  await services.modals.open('sponsor').catch(() => {});
}

/** Back from PayPal (its return address carries `#paymentSuccess`): the flag leaves the address,
 * the paymentSuccess dialog thanks the user, and the sponsorship is read again now and once more
 * a minute later, when the payment's notification has surely reached the server. */
export async function welcomeBackFromPayment(
  services: AppServices,
  location: Pick<Location, 'hash' | 'pathname' | 'search'>,
  history: Pick<History, 'replaceState'>,
  later: (task: () => void, ms: number) => void = (task, ms) => setTimeout(task, ms),
): Promise<boolean> {
  const { paid, rest } = readPaymentSuccess(location.hash);
  if (!paid) return false;
  history.replaceState(null, '', `${location.pathname}${location.search}${rest}`);
  const refresh = () => {
    services.accounts.refreshSponsorship().catch((error: unknown) => console.error(error));
    services.googleAccounts.refreshSponsorship().catch((error: unknown) => console.error(error));
  };
  refresh();
  later(refresh, 60_000);
  earnBadge('sponsor');
  await services.confirmer.ask('paymentSuccess');
  return true;
}
