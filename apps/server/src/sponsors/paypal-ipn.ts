import { SPONSOR_CURRENCY, SPONSOR_OFFERS } from './constants.js';
import { type SponsorPeriod } from './sponsor-store.js';

/** What the payment notification needs to know. */
export interface PaypalConfig {
  /** Where notifications are sent back for verification (live or sandbox). */
  verifyUrl: string;
  /** The merchant's PayPal e-mail addresses (primary and button addresses): a payment to any
   * other receiver is ignored. */
  receiverEmails: string[];
  timeoutMs: number;
}

/** PayPal's answer about a notification, or that it could not be asked. */
export type IpnVerdict = 'VERIFIED' | 'INVALID' | 'unreachable';

/** Sends the notification back to PayPal exactly as received, prefixed with
 * `cmd=_notify-validate&` (PayPal's IPN protocol), and reads its verdict. */
export async function verifyIpn(rawBody: Buffer, config: PaypalConfig): Promise<IpnVerdict> {
  try {
    const response = await fetch(config.verifyUrl, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'User-Agent': 'Inkstone-IPN-Verifier',
      },
      body: Buffer.concat([Buffer.from('cmd=_notify-validate&'), rawBody]),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    const text = (await response.text()).trim();
    if (!response.ok) return 'unreachable';
    return text === 'VERIFIED' ? 'VERIFIED' : 'INVALID';
  } catch {
    return 'unreachable';
  }
}

/** What a verified notification asks for: extend a sponsorship, or nothing (and why). */
export type PaymentOutcome =
  | { kind: 'extend'; userId: string; period: SponsorPeriod; paymentId: string }
  | { kind: 'ignore'; reason: string };

/** The user ids the app puts in the payment link's `custom` field. */
const USER_ID = /^(gh|go):[\x21-\x7e]{1,255}$/;
const TXN_ID = /^[A-Za-z0-9-]{1,64}$/;

/** Reads a verified notification: a Completed payment, to us, in USD, of one offer's exact
 * price, for a user id; anything else is ignored. */
export function evaluatePayment(fields: URLSearchParams, config: PaypalConfig): PaymentOutcome {
  const ignore = (reason: string): PaymentOutcome => ({ kind: 'ignore', reason });
  const paymentId = fields.get('txn_id') ?? '';
  if (!TXN_ID.test(paymentId)) return ignore('no transaction id');
  const status = fields.get('payment_status');
  if (status !== 'Completed') return ignore(`payment status ${status ?? 'missing'}`);
  const receivers = config.receiverEmails.map((email) => email.toLowerCase());
  const paidTo = [fields.get('receiver_email'), fields.get('business')].map((email) =>
    (email ?? '').trim().toLowerCase(),
  );
  if (!paidTo.some((email) => email && receivers.includes(email))) {
    return ignore('paid to another receiver');
  }
  if (fields.get('mc_currency') !== SPONSOR_CURRENCY) return ignore('not paid in USD');
  const gross = /^(\d{1,6})\.(\d{2})$/.exec(fields.get('mc_gross') ?? '');
  const cents = gross ? Number(gross[1]) * 100 + Number(gross[2]) : NaN;
  const offer = SPONSOR_OFFERS.find((candidate) => candidate.priceCents === cents);
  if (!offer) return ignore('the amount matches no offer');
  const userId = fields.get('custom') ?? '';
  if (!USER_ID.test(userId)) return ignore('no user id in custom');
  return { kind: 'extend', userId, period: { months: offer.months }, paymentId };
}
