import { type AccountsState, googleLoginAccount, loginAccount } from '../store/accounts-slice';

/** A sponsorship offer as the sponsor dialog shows it (spec interface §3 "Sponsor option":
 * price, offer, description, link). */
export interface SponsorOption {
  price: string;
  /** The saving against the 3-month price, when there is one. */
  offer?: string;
  description: string;
  link: string;
}

/** The three offers (spec interface §9 "Sponsorship"), in the order of the server's
 * PAYPAL_BUTTONS; the server's payment check accepts exactly these prices. */
export const SPONSOR_OFFERS: readonly Omit<SponsorOption, 'link'>[] = [
  { price: '$1.99', description: '3 months sponsorship' },
  { price: '$5.99', offer: '-25%', description: '1 year sponsorship' },
  { price: '$9.99', offer: '-37%', description: '2 years sponsorship' },
];

/** Who pays, as the server's payment notification names the user in `custom`: `gh:{id}` for a
 * GitHub sign-in, `go:{sub}` for a Google one; undefined when nobody who can sponsor is signed
 * in (a Gitee login cannot: the server tells only GitHub's and Google's users). */
export function sponsorUserId(accounts: AccountsState): string | undefined {
  const github = loginAccount(accounts);
  if (github) return `gh:${github.sub}`;
  const google = googleLoginAccount(accounts);
  return google ? `go:${google.sub}` : undefined;
}

/** The offers with their payment links: PayPal's checkout with `cmd`, `hosted_button_id` and
 * `custom` (spec interface §7); none when the server has no buttons. */
export function sponsorOptions(
  checkoutUrl: string,
  buttons: readonly string[],
  userId: string,
): SponsorOption[] {
  if (buttons.length !== SPONSOR_OFFERS.length) return [];
  return SPONSOR_OFFERS.map((offer, index) => {
    const link = new URL(checkoutUrl);
    link.searchParams.set('cmd', '_s-xclick');
    link.searchParams.set('hosted_button_id', buttons[index] ?? '');
    link.searchParams.set('custom', userId);
    return { ...offer, link: link.href };
  });
}

/** The URL hash flag PayPal's return address carries after a payment (spec core §2). */
export const PAYMENT_SUCCESS_FLAG = 'paymentSuccess';

/** Whether `hash` (location.hash) carries the paymentSuccess flag, and the hash without it. */
export function readPaymentSuccess(hash: string): { paid: boolean; rest: string } {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  if (!params.has(PAYMENT_SUCCESS_FLAG)) return { paid: false, rest: hash };
  params.delete(PAYMENT_SUCCESS_FLAG);
  const rest = params.toString();
  return { paid: true, rest: rest === '' ? '' : `#${rest}` };
}
