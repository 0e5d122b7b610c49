import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { ZENDESK_DEFAULT_URL_TEMPLATE } from '@inkstone/core';
import { GITHUB_COM, readGithubOrigins } from '../providers/github/github-conf';
import { type ForgeConf, NO_FORGE_CONF, readForgeConf } from '../providers/forges/forge-conf';
import { type AccountsState, googleLoginAccount, loginAccount } from './accounts-slice';

/** What the app knows of its server's configuration (`GET /conf`, spec core §7): whether the
 * server sells sponsorships (null until read, or when the server could not be read), and the
 * GitHub OAuth application and addresses (GitHub Enterprise and forge-sim need no rebuild). */
export interface ServerState {
  allowSponsorship: boolean | null;
  /** The OAuth application's client id; empty: GitHub sign-in is not configured. */
  githubClientId: string;
  /** GitHub's web origin (the authorize page). */
  githubUrl: string;
  /** GitHub's REST API root. */
  githubApiUrl: string;
  /** The server's GitLab application (client id and server URL): both set, the GitLab account
   * dialog asks nothing and the code is exchanged through the server. */
  gitlabClientId: string;
  gitlabUrl: string;
  /** The same for Gitea. */
  giteaClientId: string;
  giteaUrl: string;
  /** Gitee's web origin (the authorize page; the API is under `/api/v5`). */
  giteeUrl: string;
  /** Google's OAuth client id; empty: Google accounts are not configured. */
  googleClientId: string;
  /** Google's API key (the Picker). */
  googleApiKey: string;
  /** One origin standing in for every Google host (cloud-sim, a proxy); empty: Google's. */
  googleUrl: string;
  /** Dropbox's app keys: restricted to the app folder, and full Dropbox; empty: not offered. */
  dropboxAppKey: string;
  dropboxAppKeyFull: string;
  /** One origin standing in for every Dropbox host (cloud-sim, a proxy); empty: Dropbox's. */
  dropboxUrl: string;
  /** WordPress.com's OAuth client id (implicit grant); empty: WordPress is not offered. */
  wordpressClientId: string;
  /** The origin standing in for https://public-api.wordpress.com; empty: WordPress.com's. */
  wordpressUrl: string;
  /** Where a Zendesk help centre is reached, `{subdomain}` standing for the user's. */
  zendeskUrl: string;
  /** PayPal's checkout, where the sponsor dialog's offers go. */
  paypalCheckoutUrl: string;
  /** The hosted button ids of the three offers (3 months, 1 year, 2 years); empty: none. */
  paypalButtons: string[];
}

/** PayPal's live checkout, unless the server names another (its sandbox). */
export const PAYPAL_CHECKOUT_URL = 'https://www.paypal.com/cgi-bin/webscr';

/** The parts of `GET /conf` the app reads. */
export type ServerConf = Partial<Omit<ServerState, 'allowSponsorship' | keyof ForgeConf>> & {
  allowSponsorship: boolean;
  forges?: ForgeConf;
};

export const serverSlice = createSlice({
  name: 'server',
  initialState: {
    allowSponsorship: null,
    githubClientId: '',
    googleClientId: '',
    googleApiKey: '',
    googleUrl: '',
    dropboxAppKey: '',
    dropboxAppKeyFull: '',
    dropboxUrl: '',
    wordpressClientId: '',
    wordpressUrl: '',
    zendeskUrl: ZENDESK_DEFAULT_URL_TEMPLATE,
    paypalCheckoutUrl: PAYPAL_CHECKOUT_URL,
    paypalButtons: [],
    ...GITHUB_COM,
    ...NO_FORGE_CONF,
  } as ServerState,
  reducers: {
    serverConfLoaded: (state, action: PayloadAction<ServerConf>) => {
      const conf = action.payload;
      state.allowSponsorship = conf.allowSponsorship;
      state.githubClientId = conf.githubClientId ?? '';
      state.githubUrl = conf.githubUrl || GITHUB_COM.githubUrl;
      state.githubApiUrl = conf.githubApiUrl || GITHUB_COM.githubApiUrl;
      Object.assign(state, { ...NO_FORGE_CONF, ...conf.forges });
      state.googleClientId = conf.googleClientId ?? '';
      state.googleApiKey = conf.googleApiKey ?? '';
      state.googleUrl = conf.googleUrl ?? '';
      state.dropboxAppKey = conf.dropboxAppKey ?? '';
      state.dropboxAppKeyFull = conf.dropboxAppKeyFull ?? '';
      state.dropboxUrl = conf.dropboxUrl ?? '';
      state.wordpressClientId = conf.wordpressClientId ?? '';
      state.wordpressUrl = conf.wordpressUrl ?? '';
      state.zendeskUrl = conf.zendeskUrl || ZENDESK_DEFAULT_URL_TEMPLATE;
      state.paypalCheckoutUrl = conf.paypalCheckoutUrl || PAYPAL_CHECKOUT_URL;
      state.paypalButtons = conf.paypalButtons ?? [];
    },
  },
});

export const { serverConfLoaded } = serverSlice.actions;

/** Reads the answer of `GET /conf`: strings where strings are expected, else the defaults. */
export function readServerConf(answer: unknown): ServerConf {
  const conf = (typeof answer === 'object' && answer !== null ? answer : {}) as Record<
    string,
    unknown
  >;
  const text = (key: string) => (typeof conf[key] === 'string' ? conf[key] : '');
  return {
    allowSponsorship: conf.allowSponsorship === true,
    githubClientId: text('githubClientId'),
    googleClientId: text('googleClientId'),
    googleApiKey: text('googleApiKey'),
    googleUrl: /^https?:\/\/[^?#]+$/.test(text('googleUrl'))
      ? text('googleUrl').replace(/\/+$/, '')
      : '',
    dropboxAppKey: text('dropboxAppKey'),
    dropboxAppKeyFull: text('dropboxAppKeyFull'),
    dropboxUrl: /^https?:\/\/[^?#]+$/.test(text('dropboxUrl'))
      ? text('dropboxUrl').replace(/\/+$/, '')
      : '',
    wordpressClientId: text('wordpressClientId'),
    wordpressUrl: /^https?:\/\/[^?#]+$/.test(text('wordpressUrl'))
      ? text('wordpressUrl').replace(/\/+$/, '')
      : '',
    zendeskUrl: /^https?:\/\/[^?#]*\{subdomain\}[^?#]*$/.test(text('zendeskUrl'))
      ? text('zendeskUrl').replace(/\/+$/, '')
      : ZENDESK_DEFAULT_URL_TEMPLATE,
    paypalCheckoutUrl: /^https:\/\/[^?#]+$/.test(text('paypalCheckoutUrl'))
      ? text('paypalCheckoutUrl')
      : PAYPAL_CHECKOUT_URL,
    // Three ids of letters and digits, or none: anything else would make links to nowhere.
    paypalButtons:
      Array.isArray(conf.paypalButtons) &&
      conf.paypalButtons.length === 3 &&
      conf.paypalButtons.every((id) => typeof id === 'string' && /^[A-Za-z0-9]+$/.test(id))
        ? (conf.paypalButtons as string[])
        : [],
    ...readGithubOrigins(conf),
    forges: readForgeConf(conf),
  };
}

/** Whether the user counts as a sponsor (spec core §5 and §6): everyone does when the server does
 * not sell sponsorships (or its configuration is unknown); otherwise only a user signed in with
 * an account whose sponsorship the server confirmed (`isSponsor` of the login token), GitHub's
 * or Google's. A Gitee login never does: the server can tell only GitHub's and Google's users. */
export function isSponsor(server: ServerState, accounts?: AccountsState): boolean {
  if (server.allowSponsorship !== true) return true;
  if (!accounts) return false;
  return (
    loginAccount(accounts)?.isSponsor === true || googleLoginAccount(accounts)?.isSponsor === true
  );
}

/** The banner of the sponsor-only export dialogs (spec interface §6 and §9: it suggests $1.99). */
export const SPONSOR_BANNER =
  'PDF and pandoc exports are for sponsors of this server: sponsor Inkstone from $1.99 for 3 months.';
