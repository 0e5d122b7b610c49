/** The public configuration the app reads from `GET /conf` (spec core §7). Client ids and public
 * addresses only: client secrets never appear here. */
export interface PublicConf {
  githubClientId: string;
  /** GitHub's web origin, where the app sends the OAuth authorize window: `https://github.com`,
   * a GitHub Enterprise server, or forge-sim (GITHUB_URL). */
  githubUrl: string;
  /** GitHub's REST API root: `https://api.github.com`, an Enterprise server's `/api/v3`, or
   * forge-sim's (GITHUB_API_URL). */
  githubApiUrl: string;
  googleClientId: string;
  googleApiKey: string;
  /** One origin answering every Google host by Google's paths (cloud-sim, or a proxy):
   * GOOGLE_URL. Empty: Google's own hosts (accounts.google.com, www.googleapis.com, …). */
  googleUrl: string;
  giteaClientId: string;
  giteaUrl: string;
  gitlabClientId: string;
  gitlabUrl: string;
  /** Gitee's web origin, where the app sends Gitee's authorize window (its API is
   * `{giteeUrl}/api/v5`): `https://gitee.com`, or forge-sim's (GITEE_URL). The client id comes
   * from `/giteeClientId`. */
  giteeUrl: string;
  /** The app key of the Dropbox app restricted to its own folder (Applications/{app}): the
   * code is exchanged from the browser with PKCE, so no secret exists here. DROPBOX_APP_KEY. */
  dropboxAppKey: string;
  /** The app key of the full-Dropbox app (DROPBOX_APP_KEY_FULL), PKCE as well. */
  dropboxAppKeyFull: string;
  /** One origin answering every Dropbox host by Dropbox's paths (cloud-sim, or a proxy):
   * DROPBOX_URL. Empty: Dropbox's own hosts (www.dropbox.com, api.dropboxapi.com, …). */
  dropboxUrl: string;
  /** The WordPress.com OAuth client id (WORDPRESS_CLIENT_ID); implicit grant, so no secret. */
  wordpressClientId: string;
  /** The origin standing in for https://public-api.wordpress.com (cloud-sim's `{url}/wpcom`,
   * or a proxy): WORDPRESS_URL. Empty: WordPress.com's own. */
  wordpressUrl: string;
  /** Where a Zendesk help centre is reached, `{subdomain}` standing for the one the user types
   * (https://acme.zendesk.com → acme): ZENDESK_URL, default `https://{subdomain}.zendesk.com`;
   * cloud-sim's is `{url}/zendesk/{subdomain}`. Each user brings their own OAuth client id. */
  zendeskUrl: string;
  allowSponsorship: boolean;
  /** Where the sponsor dialog's offers go: PayPal's checkout (PAYPAL_CHECKOUT_URL; the sandbox's
   * with PAYPAL_SANDBOX). */
  paypalCheckoutUrl: string;
  /** The PayPal "Buy Now" buttons of the three offers, in their order (3 months, 1 year,
   * 2 years): PAYPAL_BUTTONS, their hosted_button_id values, comma-separated. Public: they are
   * in every payment link. Empty: the sponsor dialog says the server takes no payments. */
  paypalButtons: string[];
}

/** The environment variable behind each field of `PublicConf`. */
export const CONF_ENV = {
  githubClientId: 'GITHUB_CLIENT_ID',
  githubUrl: 'GITHUB_URL',
  githubApiUrl: 'GITHUB_API_URL',
  googleClientId: 'GOOGLE_CLIENT_ID',
  googleApiKey: 'GOOGLE_API_KEY',
  googleUrl: 'GOOGLE_URL',
  giteaClientId: 'GITEA_CLIENT_ID',
  giteaUrl: 'GITEA_URL',
  gitlabClientId: 'GITLAB_CLIENT_ID',
  gitlabUrl: 'GITLAB_URL',
  giteeUrl: 'GITEE_URL',
  dropboxAppKey: 'DROPBOX_APP_KEY',
  dropboxAppKeyFull: 'DROPBOX_APP_KEY_FULL',
  dropboxUrl: 'DROPBOX_URL',
  wordpressClientId: 'WORDPRESS_CLIENT_ID',
  wordpressUrl: 'WORDPRESS_URL',
  zendeskUrl: 'ZENDESK_URL',
  allowSponsorship: 'ALLOW_SPONSORSHIP',
  paypalCheckoutUrl: 'PAYPAL_CHECKOUT_URL',
  paypalButtons: 'PAYPAL_BUTTONS',
} as const satisfies Record<keyof PublicConf, string>;

/** Zendesk's help centres, used when ZENDESK_URL is not set. */
export const ZENDESK_DEFAULT_URL = 'https://{subdomain}.zendesk.com';

// A help-centre template: an http(s) URL with `{subdomain}` in it (without its trailing slash).
function zendeskTemplate(value: string): string {
  const probe = value.replace('{subdomain}', 'subdomain');
  if (!value.includes('{subdomain}')) {
    throw new Error(`ZENDESK_URL must contain {subdomain}, got "${value}".`);
  }
  baseUrl(probe, CONF_ENV.zendeskUrl);
  return value.replace(/\/+$/, '');
}

/** Gitee's public address, used when GITEE_URL is not set (as the token exchange does). */
export const GITEE_DEFAULT_URL = 'https://gitee.com';

/** PayPal's checkout, live and sandbox, where the sponsor dialog's offers go. */
export const PAYPAL_CHECKOUT_URL = 'https://www.paypal.com/cgi-bin/webscr';
export const PAYPAL_SANDBOX_CHECKOUT_URL = 'https://www.sandbox.paypal.com/cgi-bin/webscr';

// The offers' hosted button ids: three, each letters and digits as PayPal makes them, or none.
function paypalButtons(value: string): string[] {
  if (value === '') return [];
  const ids = value.split(',').map((id) => id.trim());
  if (ids.length !== 3 || ids.some((id) => !/^[A-Za-z0-9]+$/.test(id))) {
    throw new Error(
      `PAYPAL_BUTTONS must be three PayPal button ids, comma-separated (3 months, 1 year, 2 years), got "${value}".`,
    );
  }
  return ids;
}

/** GitHub's public addresses, used when GITHUB_URL and GITHUB_API_URL are not set. */
export const GITHUB_DEFAULTS = {
  githubUrl: 'https://github.com',
  githubApiUrl: 'https://api.github.com',
} as const;

const TRUE_VALUES = new Set(['1', 'true', 'yes', 'on']);

// An http(s) base URL without its trailing slash; anything else stops the server at start,
// naming the variable, rather than send every sign-in to a broken address.
function baseUrl(value: string, variable: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.search || url.hash) {
    throw new Error(`${variable} must be an http(s) URL, got "${value}".`);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/** Reads the public configuration from environment variables; every client id is empty unless
 * its variable is set, GitHub's addresses are github.com's unless set, and sponsorship is off
 * unless ALLOW_SPONSORSHIP is true, Google's and Dropbox's stand-in origins are empty unless
 * GOOGLE_URL or DROPBOX_URL is set. Throws on a GitHub, Gitee, Google or Dropbox address that is not an http(s) URL. */
export function readPublicConf(env: Record<string, string | undefined>): PublicConf {
  const text = (key: keyof typeof CONF_ENV) => (env[CONF_ENV[key]] ?? '').trim();
  return {
    githubClientId: text('githubClientId'),
    githubUrl: baseUrl(text('githubUrl') || GITHUB_DEFAULTS.githubUrl, CONF_ENV.githubUrl),
    githubApiUrl: baseUrl(
      text('githubApiUrl') || GITHUB_DEFAULTS.githubApiUrl,
      CONF_ENV.githubApiUrl,
    ),
    googleClientId: text('googleClientId'),
    googleApiKey: text('googleApiKey'),
    googleUrl: text('googleUrl') && baseUrl(text('googleUrl'), CONF_ENV.googleUrl),
    giteaClientId: text('giteaClientId'),
    giteaUrl: text('giteaUrl'),
    gitlabClientId: text('gitlabClientId'),
    gitlabUrl: text('gitlabUrl'),
    giteeUrl: baseUrl(text('giteeUrl') || GITEE_DEFAULT_URL, CONF_ENV.giteeUrl),
    dropboxAppKey: text('dropboxAppKey'),
    dropboxAppKeyFull: text('dropboxAppKeyFull'),
    dropboxUrl: text('dropboxUrl') && baseUrl(text('dropboxUrl'), CONF_ENV.dropboxUrl),
    wordpressClientId: text('wordpressClientId'),
    wordpressUrl: text('wordpressUrl') && baseUrl(text('wordpressUrl'), CONF_ENV.wordpressUrl),
    zendeskUrl: zendeskTemplate(text('zendeskUrl') || ZENDESK_DEFAULT_URL),
    allowSponsorship: TRUE_VALUES.has(text('allowSponsorship').toLowerCase()),
    paypalCheckoutUrl: baseUrl(
      text('paypalCheckoutUrl') ||
        (TRUE_VALUES.has((env.PAYPAL_SANDBOX ?? '').trim().toLowerCase())
          ? PAYPAL_SANDBOX_CHECKOUT_URL
          : PAYPAL_CHECKOUT_URL),
      CONF_ENV.paypalCheckoutUrl,
    ),
    paypalButtons: paypalButtons(text('paypalButtons')),
  };
}
