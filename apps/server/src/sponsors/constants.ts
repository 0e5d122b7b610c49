/** One sponsorship offer (spec interface §9 "Sponsorship"): its price in US dollar cents and
 * the months it buys. */
export interface SponsorOffer {
  name: string;
  priceCents: number;
  months: number;
}

/** The three offers: 3 months $1.99; 1 year $5.99; 2 years $9.99. */
export const SPONSOR_OFFERS: readonly SponsorOffer[] = [
  { name: '3 months', priceCents: 199, months: 3 },
  { name: '1 year', priceCents: 599, months: 12 },
  { name: '2 years', priceCents: 999, months: 24 },
];

/** The currency the offers are priced in. */
export const SPONSOR_CURRENCY = 'USD';

/** PayPal's IPN verification addresses (live, and the sandbox). */
export const PAYPAL_IPN_VERIFY_URL = 'https://ipnpb.paypal.com/cgi-bin/webscr';
export const PAYPAL_SANDBOX_IPN_VERIFY_URL = 'https://ipnpb.sandbox.paypal.com/cgi-bin/webscr';

/** Where Google publishes the keys that sign its id tokens. (GitHub's API, asked who an access
 * token belongs to, is `GITHUB_API_URL`, read with the public configuration: conf.ts.) */
export const GOOGLE_CERTS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
