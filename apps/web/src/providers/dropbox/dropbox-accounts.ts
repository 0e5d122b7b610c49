import {
  type ChangeSignal,
  DROPBOX_ACCOUNT_NOT_EXPECTED,
  DropboxAuthError,
  DropboxClient,
  HttpError,
  type Timers,
} from '@inkstone/core';
import { newPkce } from '../forges/pkce';
import { StoredAccounts } from '../../services/stored-accounts';
import { authorizeInPopup, type OpenerPort } from '../../services/oauth/authorize-popup';
import { newState, redirectUri } from '../../services/oauth/authorize-url';
import { type DropboxConf, dropboxEndpoints } from './dropbox-conf';
import { type DropboxToken, type DropboxTokenStore } from './dropbox-tokens';

/** An access token is renewed when fewer than 5 minutes of it remain (spec core §4). */
export const DROPBOX_REFRESH_MARGIN_MS = 5 * 60 * 1000;
/** Every token request is given up after this long (a hung Dropbox never leaves a spinner). */
export const DROPBOX_TOKEN_TIMEOUT_MS = 30_000;

/** Dropbox accounts are not configured on this server. */
export const DROPBOX_NOT_CONFIGURED =
  'Dropbox accounts are not configured on this server (DROPBOX_APP_KEY, DROPBOX_APP_KEY_FULL).';
/** The account asked for is not linked in this browser (removed in another tab, say). */
export const DROPBOX_ACCOUNT_NOT_LINKED = 'This Dropbox account is not linked any more.';

/** What the Dropbox accounts need from the page. */
export interface DropboxAccountsOptions {
  tokens: DropboxTokenStore;
  opener: OpenerPort;
  timers: Timers;
  fetch: typeof fetch;
  /** `/conf`'s Dropbox part, read when needed (it may come after start). */
  conf(): DropboxConf;
  /** Tells the other tabs when accounts change, and hears theirs. */
  signal?: ChangeSignal;
  random?: Pick<Crypto, 'getRandomValues' | 'subtle'>;
}

/** A token answer of Dropbox's `/oauth2/token` (the fields read). */
interface TokenAnswer {
  access_token: string;
  expires_in?: number;
  refresh_token?: string;
  account_id?: string;
}

/**
 * The Dropbox accounts of this browser (spec providers §2 and §3, cloud drive D): linking one
 * through Dropbox's authorize popup with the PKCE code flow (no secret anywhere: the browser
 * exchanges the code with its verifier), the app restricted to its folder or the full-Dropbox
 * one; `users/get_current_account` names the account; a fresh access token for each request,
 * renewed with the refresh token when under 5 minutes remain or Dropbox refused it; removal,
 * with the token revoked (best effort). `subscribe` tells who shows them.
 */
export class DropboxAccounts extends StoredAccounts<DropboxToken> {
  private readonly refreshing = new Map<string, Promise<DropboxToken>>();

  constructor(private readonly options: DropboxAccountsOptions) {
    super(options);
  }

  /** Whether `/conf` offers the app of this access (full, or restricted to its folder). */
  offers(fullAccess: boolean): boolean {
    const conf = this.options.conf();
    return (fullAccess ? conf.appKeyFull : conf.appKey) !== '';
  }

  /**
   * Links an account: Dropbox's authorize page in the popup (call it from the click), for the
   * full-Dropbox app or the one restricted to its folder; the code exchanged with the PKCE
   * verifier; the account read with the new token and stored. With `sub`, only that account is
   * taken ('Dropbox account ID not expected.').
   */
  async link(options: { fullAccess: boolean; sub?: string }): Promise<DropboxToken> {
    const conf = this.options.conf();
    const appKey = options.fullAccess ? conf.appKeyFull : conf.appKey;
    if (!appKey) throw new Error(DROPBOX_NOT_CONFIGURED);
    const endpoints = dropboxEndpoints(conf.dropboxUrl);
    const state = newState(this.options.random);
    const pkce = await newPkce(this.options.random);
    const redirect = redirectUri(this.options.opener.origin);
    const url = new URL(endpoints.authorize);
    url.searchParams.set('client_id', appKey);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('redirect_uri', redirect);
    url.searchParams.set('state', state);
    url.searchParams.set('code_challenge', pkce.challenge);
    url.searchParams.set('code_challenge_method', 'S256');
    url.searchParams.set('token_access_type', 'offline');
    const { code } = await authorizeInPopup(url.href, state, {
      opener: this.options.opener,
      timers: this.options.timers,
    });
    const answer = await this.tokenRequest(endpoints.token, {
      grant_type: 'authorization_code',
      code,
      client_id: appKey,
      redirect_uri: redirect,
      code_verifier: pkce.verifier,
    });
    const client = new DropboxClient({
      http: this.http,
      token: async () => ({ accessToken: answer.access_token }),
      sub: '',
      endpoints,
    });
    const account = await client.currentAccount();
    if (options.sub !== undefined && account.account_id !== options.sub) {
      throw new Error(DROPBOX_ACCOUNT_NOT_EXPECTED);
    }
    const token: DropboxToken = {
      accessToken: answer.access_token,
      name: account.name.display_name,
      sub: account.account_id,
      fullAccess: options.fullAccess,
      ...(answer.refresh_token ? { refreshToken: answer.refresh_token } : {}),
      ...this.expiry(answer),
    };
    await this.options.tokens.write(token);
    await this.changed();
    return token;
  }

  /**
   * An access token of `sub` with more than 5 minutes left: the stored one, or one renewed with
   * the refresh token; `force` renews anyway (Dropbox refused it). Without a refresh token, or
   * when Dropbox refuses the refresh token, the account must be linked again
   * ({@link DropboxAuthError}).
   */
  fresh = (sub: string, options: { force?: boolean } = {}): Promise<DropboxToken> => {
    const running = this.refreshing.get(sub);
    if (running) return running.then(() => this.fresh(sub, options));
    const task = this.freshNow(sub, options.force === true);
    this.refreshing.set(sub, task);
    const done = () => {
      if (this.refreshing.get(sub) === task) this.refreshing.delete(sub);
    };
    task.then(done, done);
    return task;
  };

  private async freshNow(sub: string, force: boolean): Promise<DropboxToken> {
    const token = (await this.options.tokens.read()).find((stored) => stored.sub === sub);
    if (!token) throw new Error(DROPBOX_ACCOUNT_NOT_LINKED);
    const now = this.options.timers.now();
    const expiring =
      token.expiresOn !== undefined && token.expiresOn - now <= DROPBOX_REFRESH_MARGIN_MS;
    if (!force && !expiring) return token;
    if (!token.refreshToken) throw new DropboxAuthError();
    const conf = this.options.conf();
    const appKey = token.fullAccess ? conf.appKeyFull : conf.appKey;
    let answer: TokenAnswer;
    try {
      answer = await this.tokenRequest(dropboxEndpoints(conf.dropboxUrl).token, {
        grant_type: 'refresh_token',
        refresh_token: token.refreshToken,
        client_id: appKey,
      });
    } catch (error) {
      // Dropbox refused the refresh token (revoked, another app): only linking again helps.
      if (error instanceof DropboxTokenRefused) throw new DropboxAuthError();
      throw error;
    }
    const renewed: DropboxToken = {
      ...token,
      accessToken: answer.access_token,
      ...(answer.refresh_token ? { refreshToken: answer.refresh_token } : {}),
      ...this.expiry(answer),
    };
    await this.options.tokens.write(renewed);
    await this.changed();
    return renewed;
  }

  /** Unlinks an account: its token revoked at Dropbox (best effort: offline or refused, it is
   * forgotten all the same), then removed from this browser. */
  async remove(sub: string): Promise<void> {
    const token = (await this.options.tokens.read()).find((stored) => stored.sub === sub);
    if (token) {
      try {
        await this.http.request({
          method: 'POST',
          url: `${dropboxEndpoints(this.options.conf().dropboxUrl).api}/2/auth/token/revoke`,
          headers: { Authorization: `Bearer ${token.accessToken}` },
          timeout: 10_000,
          retry: false,
        });
      } catch {
        // Best effort: an expired or already revoked token, or no network.
      }
    }
    await this.options.tokens.remove(sub);
    await this.changed();
  }

  private expiry(answer: TokenAnswer): { expiresOn?: number } {
    return typeof answer.expires_in === 'number'
      ? { expiresOn: this.options.timers.now() + answer.expires_in * 1000 }
      : {};
  }

  // A POST to Dropbox's token endpoint, the code, verifier or refresh token in the form body
  // (never in an address). A 400 or 401 is Dropbox refusing the grant: its words are kept.
  private async tokenRequest(url: string, form: Record<string, string>): Promise<TokenAnswer> {
    let text: string;
    try {
      ({ text } = await this.http.request({
        method: 'POST',
        url,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
        timeout: DROPBOX_TOKEN_TIMEOUT_MS,
      }));
    } catch (error) {
      if (error instanceof HttpError && (error.status === 400 || error.status === 401)) {
        throw new DropboxTokenRefused(describeRefusal(error.body));
      }
      throw error;
    }
    const answer = JSON.parse(text) as Partial<TokenAnswer>;
    if (typeof answer.access_token !== 'string' || answer.access_token === '') {
      throw new Error('Dropbox sent no access token.');
    }
    return answer as TokenAnswer;
  }
}

/** Dropbox's token endpoint refused the grant (a bad code or verifier, a revoked refresh
 * token): its `error_description`. */
export class DropboxTokenRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DropboxTokenRefused';
  }
}

function describeRefusal(body: string): string {
  try {
    const answer = JSON.parse(body) as { error?: unknown; error_description?: unknown };
    const words = answer.error_description ?? answer.error;
    if (typeof words === 'string' && words !== '') return `Dropbox refused the access: ${words}.`;
  } catch {
    // Not JSON: said generally below.
  }
  return 'Dropbox refused the access.';
}

// The registry is in a module of its own, light enough for the app's start.
export { dropboxAccounts, dropboxRegistry, registerDropboxAccounts } from './dropbox-registry';
