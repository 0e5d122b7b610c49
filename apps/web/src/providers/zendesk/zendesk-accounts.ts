import {
  type ChangeSignal,
  HttpError,
  readZendeskAccountForm,
  type Timers,
  ZENDESK_ACCOUNT_NOT_EXPECTED,
  ZENDESK_SCOPE,
  zendeskBaseUrl,
  ZendeskClient,
  type ZendeskAccountForm,
  zendeskSub,
} from '@inkstone/core';
import { newPkce } from '../forges/pkce';
import { StoredAccounts } from '../../services/stored-accounts';
import { authorizeInPopup, type OpenerPort } from '../../services/oauth/authorize-popup';
import { newState, redirectUri } from '../../services/oauth/authorize-url';
import { type ZendeskToken, type ZendeskTokenStore } from './zendesk-tokens';

/** Every token request is given up after this long (a hung Zendesk never leaves a spinner). */
export const ZENDESK_TOKEN_TIMEOUT_MS = 30_000;
/** The account asked for is not linked in this browser (removed in another tab, say). */
export const ZENDESK_ACCOUNT_NOT_LINKED = 'This Zendesk account is not linked any more.';

/** What the Zendesk accounts need from the page. */
export interface ZendeskAccountsOptions {
  tokens: ZendeskTokenStore;
  opener: OpenerPort;
  timers: Timers;
  fetch: typeof fetch;
  /** `/conf`'s zendeskUrl, the help-centre template (read when needed: it may come later). */
  zendeskUrl(): string;
  /** Tells the other tabs when accounts change, and hears theirs. */
  signal?: ChangeSignal;
  random?: Pick<Crypto, 'getRandomValues' | 'subtle'>;
}

/**
 * The Zendesk accounts of this browser (spec providers §2/§3, help-centre Z): linking one with
 * the user's own OAuth client (Site URL and Client Unique Identifier) through the help centre's
 * authorize popup with the code grant and PKCE (Zendesk removed the implicit grant in 2025; a
 * public client has no secret, the browser exchanges the code with its verifier), scope
 * 'read hc:write'; `users/me` names the account; removal forgets the token here.
 */
export class ZendeskAccounts extends StoredAccounts<ZendeskToken> {
  constructor(private readonly options: ZendeskAccountsOptions) {
    super(options);
  }

  /** The help centre's base URL of a subdomain (the `/conf` template filled in). */
  baseUrl(subdomain: string): string {
    return zendeskBaseUrl(subdomain, this.options.zendeskUrl() || undefined);
  }

  /**
   * Links an account: checks the form (spec providers §5; a ZendeskFieldError names the
   * field), opens the help centre's authorize page in the popup (call it from the click),
   * exchanges the code with the PKCE verifier, reads the user with the new token and stores the
   * account. With `sub`, only that account is taken ('Zendesk account ID not expected.').
   */
  async link(form: ZendeskAccountForm, expected?: string): Promise<ZendeskToken> {
    const { subdomain, clientId } = readZendeskAccountForm(form);
    const base = this.baseUrl(subdomain);
    const state = newState(this.options.random);
    const pkce = await newPkce(this.options.random);
    const redirect = redirectUri(this.options.opener.origin);
    const url = new URL(`${base}/oauth/authorizations/new`);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', clientId);
    url.searchParams.set('redirect_uri', redirect);
    url.searchParams.set('scope', ZENDESK_SCOPE);
    url.searchParams.set('state', state);
    url.searchParams.set('code_challenge', pkce.challenge);
    url.searchParams.set('code_challenge_method', 'S256');
    const { code } = await authorizeInPopup(url.href, state, {
      opener: this.options.opener,
      timers: this.options.timers,
    });
    const accessToken = await this.exchange(`${base}/oauth/tokens`, {
      grant_type: 'authorization_code',
      code,
      client_id: clientId,
      redirect_uri: redirect,
      code_verifier: pkce.verifier,
      scope: ZENDESK_SCOPE,
    });
    const me = await new ZendeskClient({ http: this.http, baseUrl: base, accessToken }).me();
    const sub = zendeskSub(subdomain, me.id);
    if (expected !== undefined && sub !== expected) throw new Error(ZENDESK_ACCOUNT_NOT_EXPECTED);
    const token: ZendeskToken = { accessToken, name: me.name || me.email || sub, subdomain, sub };
    await this.options.tokens.write(token);
    await this.changed();
    return token;
  }

  /** A client for the account `sub` (its help centre and token). */
  async clientFor(sub: string): Promise<ZendeskClient> {
    const token = (await this.options.tokens.read()).find((stored) => stored.sub === sub);
    if (!token) throw new Error(ZENDESK_ACCOUNT_NOT_LINKED);
    return new ZendeskClient({
      http: this.http,
      baseUrl: this.baseUrl(token.subdomain),
      accessToken: token.accessToken,
    });
  }

  /** Unlinks an account: forgotten in this browser (revoke it in Zendesk's Admin Center). */
  async remove(sub: string): Promise<void> {
    await this.options.tokens.remove(sub);
    await this.changed();
  }

  // The code for a token: a JSON POST, the code and verifier in the body (never in an address).
  private async exchange(url: string, body: Record<string, string>): Promise<string> {
    let text: string;
    try {
      ({ text } = await this.http.request({
        method: 'POST',
        url,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        timeout: ZENDESK_TOKEN_TIMEOUT_MS,
        retry: false,
      }));
    } catch (error) {
      if (error instanceof HttpError && (error.status === 400 || error.status === 401)) {
        throw new Error(refusal(error.body));
      }
      throw error;
    }
    const answer = JSON.parse(text) as { access_token?: unknown };
    if (typeof answer.access_token !== 'string' || answer.access_token === '') {
      throw new Error('Zendesk sent no access token.');
    }
    return answer.access_token;
  }
}

function refusal(body: string): string {
  try {
    const answer = JSON.parse(body) as { error?: unknown; error_description?: unknown };
    const words = answer.error_description ?? answer.error;
    if (typeof words === 'string' && words !== '') return `Zendesk refused the access: ${words}`;
  } catch {
    // Not JSON: said generally below.
  }
  return 'Zendesk refused the access.';
}

export { zendeskAccounts, zendeskRegistry } from './zendesk-registry';
