import {
  type ChangeSignal,
  readWordPressFragment,
  type Timers,
  WORDPRESS_ACCOUNT_NOT_EXPECTED,
  WORDPRESS_API_URL,
  WORDPRESS_NAME,
  WORDPRESS_SCOPE,
  WordPressAuthError,
  WordPressClient,
  type WordPressToken,
  wordpressToken,
  wordpressTokenExpired,
} from '@inkstone/core';
import { StoredAccounts } from '../../services/stored-accounts';
import { authorizeTokenInPopup, type OpenerPort } from '../../services/oauth/authorize-popup';
import { type CallbackMessage } from '../../services/oauth/callback-message';
import { newState, redirectUri } from '../../services/oauth/authorize-url';
import { type WordPressTokenStore } from './wordpress-tokens';

/** WordPress.com accounts are not configured on this server. */
export const WORDPRESS_NOT_CONFIGURED =
  'WordPress accounts are not configured on this server (WORDPRESS_CLIENT_ID).';
/** The account asked for is not linked in this browser (removed in another tab, say). */
export const wordpressAccountMissing = (sub: string) =>
  `The WordPress account of this location (${sub}) is not linked in this browser. Link it again in Manage external accounts.`;

/** What `/conf` says of WordPress.com: the OAuth client id and the stand-in origin. */
export interface WordPressConf {
  /** Empty: WordPress accounts are not offered. */
  clientId: string;
  /** Empty: WordPress.com's own API (https://public-api.wordpress.com). */
  wordpressUrl: string;
}

/** WordPress.com's API origin for `/conf`'s wordpressUrl (its authorize page is on it too). */
export const wordpressApiUrl = (conf: Pick<WordPressConf, 'wordpressUrl'>): string =>
  conf.wordpressUrl.replace(/\/+$/, '') || WORDPRESS_API_URL;

/** What the WordPress.com accounts need from the page. */
export interface WordPressAccountsOptions {
  tokens: WordPressTokenStore;
  opener: OpenerPort;
  timers: Timers;
  fetch: typeof fetch;
  /** `/conf`'s WordPress part, read when needed (it may come after start). */
  conf(): WordPressConf;
  /** providerRedirection (spec providers §4): true when the user agrees to sign in again. */
  confirmRedirection(provider: string): Promise<boolean>;
  /** Tells the other tabs when accounts change, and hears theirs. */
  signal?: ChangeSignal;
  random?: Pick<Crypto, 'getRandomValues'>;
}

// The popup's answer as the fragment it came in (core reads it: error, token, lifetime).
const fragmentOf = (message: CallbackMessage): string =>
  new URLSearchParams({
    ...(message.error ? { error: message.error } : {}),
    ...(message.accessToken ? { access_token: message.accessToken } : {}),
    ...(message.expiresIn ? { expires_in: message.expiresIn } : {}),
  }).toString();

/**
 * The WordPress.com accounts of this browser (spec providers §2, §3 and §6, site service W):
 * linking one through WordPress.com's authorize popup with the implicit grant (scope global; the
 * token comes back in the callback's fragment, no secret anywhere); `/me` names the account;
 * tokens do not renew, so an expired one (or one WordPress.com refuses) asks through
 * providerRedirection and links the same account again ('WordPress account ID not expected.'
 * for another). `subscribe` tells who shows them.
 */
export class WordPressAccounts extends StoredAccounts<WordPressToken> {
  private readonly relinking = new Map<string, Promise<WordPressToken>>();

  constructor(private readonly options: WordPressAccountsOptions) {
    super(options);
  }

  /** WordPress.com's API origin (or the stand-in's). */
  apiUrl(): string {
    return wordpressApiUrl(this.options.conf());
  }

  /** A client of the API with `accessToken` (its retries and time limits). */
  client(accessToken: string): WordPressClient {
    return new WordPressClient({ http: this.http, apiUrl: this.apiUrl(), accessToken });
  }

  /**
   * Links an account: WordPress.com's authorize page in the popup (call it from the click: the
   * window opens before anything is awaited), implicit grant with scope global; the account
   * read with `/me` and stored. With `sub`, only that account is taken ('WordPress account ID
   * not expected.').
   */
  async link(options: { sub?: string } = {}): Promise<WordPressToken> {
    const { clientId } = this.options.conf();
    if (!clientId) throw new Error(WORDPRESS_NOT_CONFIGURED);
    const state = newState(this.options.random);
    const url = new URL(`${this.apiUrl()}/oauth2/authorize`);
    url.searchParams.set('client_id', clientId);
    url.searchParams.set('redirect_uri', redirectUri(this.options.opener.origin));
    url.searchParams.set('response_type', 'token');
    url.searchParams.set('scope', WORDPRESS_SCOPE);
    url.searchParams.set('state', state);
    const answer = await authorizeTokenInPopup(url.href, state, {
      opener: this.options.opener,
      timers: this.options.timers,
    });
    const grant = readWordPressFragment(fragmentOf(answer));
    const me = await this.client(grant.accessToken).me();
    const token = wordpressToken(grant, me, this.options.timers.now());
    if (options.sub !== undefined && token.sub !== options.sub) {
      throw new Error(WORDPRESS_ACCOUNT_NOT_EXPECTED);
    }
    await this.options.tokens.write(token);
    await this.changed();
    return token;
  }

  /**
   * A token of `sub` WordPress.com still takes: the stored one while it has not expired (and
   * `force` is not set: WordPress.com refused it). Otherwise providerRedirection asks to sign in
   * again, and its Ok links the same account in the popup; Cancel rejects with
   * {@link WordPressAuthError} ('… Link the WordPress account again.').
   */
  fresh = (sub: string, options: { force?: boolean } = {}): Promise<WordPressToken> => {
    const running = this.relinking.get(sub);
    if (running) return running;
    return this.freshNow(sub, options.force === true);
  };

  private async freshNow(sub: string, force: boolean): Promise<WordPressToken> {
    const token = (await this.options.tokens.read()).find((stored) => stored.sub === sub);
    if (!token) throw new Error(wordpressAccountMissing(sub));
    if (!force && !wordpressTokenExpired(token, this.options.timers.now())) return token;
    const running = this.relinking.get(sub);
    if (running) return running;
    const task = (async () => {
      if (!(await this.options.confirmRedirection(WORDPRESS_NAME))) throw new WordPressAuthError();
      return this.link({ sub });
    })();
    this.relinking.set(sub, task);
    const done = () => {
      if (this.relinking.get(sub) === task) this.relinking.delete(sub);
    };
    task.then(done, done);
    return task;
  }

  /** Unlinks an account: forgotten in this browser (an implicit-grant token cannot be revoked
   * by the app; it ends by itself, or in WordPress.com's Connected applications). */
  async remove(sub: string): Promise<void> {
    await this.options.tokens.remove(sub);
    await this.changed();
  }
}
