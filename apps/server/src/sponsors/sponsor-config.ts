import { join } from 'node:path';
import { readPublicConf } from '../conf.js';
import {
  GOOGLE_CERTS_URL,
  PAYPAL_IPN_VERIFY_URL,
  PAYPAL_SANDBOX_IPN_VERIFY_URL,
} from './constants.js';
import { type IdentityConfig } from './identity.js';
import { type PaypalConfig } from './paypal-ipn.js';

/** Where sponsorships are kept: PostgreSQL when DATABASE_URL is set, else a SQLite file. */
export type StoreConfig = { kind: 'postgres'; url: string } | { kind: 'sqlite'; path: string };

/** Everything sponsorship reads from the environment (docs/how-to/sponsorship.md). */
export interface SponsorConfig {
  store: StoreConfig;
  identity: IdentityConfig;
  paypal: PaypalConfig;
}

const TRUE_VALUES = new Set(['1', 'true', 'yes', 'on']);
const DEFAULT_TIMEOUT_MS = 10_000;

/** Reads the sponsorship configuration; `dataDir` holds the SQLite file when SPONSOR_DB_PATH is
 * not set. Throws, naming the variable, when sponsorship cannot work as configured. */
export function readSponsorConfig(
  env: Record<string, string | undefined>,
  dataDir: string,
): SponsorConfig {
  const text = (name: string) => (env[name] ?? '').trim();
  const databaseUrl = text('DATABASE_URL');
  const receiverEmails = text('PAYPAL_RECEIVER_EMAIL')
    .split(',')
    .map((email) => email.trim())
    .filter(Boolean);
  if (receiverEmails.length === 0) {
    throw new Error(
      'ALLOW_SPONSORSHIP is on but PAYPAL_RECEIVER_EMAIL is not set: payments could not be checked.',
    );
  }
  const sandbox = TRUE_VALUES.has(text('PAYPAL_SANDBOX').toLowerCase());
  return {
    store: databaseUrl
      ? { kind: 'postgres', url: databaseUrl }
      : { kind: 'sqlite', path: text('SPONSOR_DB_PATH') || join(dataDir, 'sponsors.sqlite') },
    identity: {
      // The same API the app is told to use in `GET /conf` (GITHUB_API_URL, default GitHub's).
      githubApiUrl: readPublicConf(env).githubApiUrl,
      // Google's keys, or the Google stand-in's when GOOGLE_URL names one (as `/conf` does).
      googleCertsUrl:
        text('GOOGLE_CERTS_URL') ||
        (readPublicConf(env).googleUrl
          ? `${readPublicConf(env).googleUrl}/oauth2/v3/certs`
          : GOOGLE_CERTS_URL),
      googleClientId: text('GOOGLE_CLIENT_ID'),
      timeoutMs: DEFAULT_TIMEOUT_MS,
    },
    paypal: {
      verifyUrl:
        text('PAYPAL_IPN_VERIFY_URL') ||
        (sandbox ? PAYPAL_SANDBOX_IPN_VERIFY_URL : PAYPAL_IPN_VERIFY_URL),
      receiverEmails,
      timeoutMs: DEFAULT_TIMEOUT_MS,
    },
  };
}
