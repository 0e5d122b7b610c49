import {
  type ChangeSignal,
  CLIENT_ID_INCONSISTENT,
  GOOGLE_AUTHORIZATION_FAILED,
  GOOGLE_REFRESH_MARGIN_MS,
  GOOGLE_SCOPE,
  GOOGLE_SILENT_TIMEOUT_MS,
  googleAuthorizeUrl,
  googleEndpoints,
  type GoogleScopeNeeds,
  googleScopes,
  googleTokenFromGrant,
  googleTokenNeedsRefresh,
  type GoogleToken,
  HttpClient,
  idTokenClaims,
  NetworkError,
  OFFLINE_MESSAGE,
  takeGoogleAnswer,
  type Timers,
} from '@inkstone/core';
import { type AppStore } from '../../store';
import { googleAccountOf, googleAccountsLoaded } from '../../store/accounts-slice';
import { authorizeTokenInPopup, type OpenerPort } from '../../services/oauth/authorize-popup';
import { newState, redirectUri } from '../../services/oauth/authorize-url';
import { type CallbackMessage } from '../../services/oauth/callback-message';
import { authorizeInFrame, type FramePort, SilentTimeout } from '../../services/oauth/silent-frame';
import { readSponsorship, watchSponsorship } from '../../services/sponsorship';
import { type GoogleAccountsPort } from './google-accounts-port';
import { type GoogleTokenStore } from './google-tokens';

/** The provider's name in the providerRedirection dialog. */
export const GOOGLE_PROVIDER_NAME = 'Google';

/** Google sign-in is not configured on this server. */
export const GOOGLE_NOT_CONFIGURED =
  'Google accounts are not configured on this server (GOOGLE_CLIENT_ID).';

/** The account asked for is not linked in this browser (removed in another tab, say). */
export const GOOGLE_ACCOUNT_NOT_LINKED = 'This Google account is not linked any more.';

/** The user declined to sign in again (providerRedirection's Cancel). */
export class GoogleSignInDeclined extends Error {
  constructor() {
    super(`${GOOGLE_PROVIDER_NAME} access has expired: sign in again to use this account.`);
    this.name = 'GoogleSignInDeclined';
  }
}

/** What {@link GoogleAccounts} needs from the page. */
export interface GoogleAccountsOptions {
  store: AppStore;
  tokens: GoogleTokenStore;
  opener: OpenerPort;
  /** Hidden frames for the silent refresh. */
  frames: FramePort;
  timers: Timers;
  fetch: typeof fetch;
  /** Whether the browser is online (`navigator.onLine`). */
  isOnline(): boolean;
  /** providerRedirection (spec core §4): true when the user agrees to sign in again. */
  confirmRedirection(providerName: string): Promise<boolean>;
  /** Tells the other tabs when accounts change, and hears theirs. */
  signal?: ChangeSignal;
  /** Random nonces and states (the page's crypto). */
  random?: Pick<Crypto, 'getRandomValues'>;
  /** The product server's base URL (the app's own origin by default): its `/userInfo`. */
  serverBase?: string;
}

// The scopes a token holds, read back as the needs that ask for them again.
function needsOf(scopes: readonly string[]): GoogleScopeNeeds {
  const held = new Set(scopes);
  return {
    login: held.has(GOOGLE_SCOPE.driveAppData),
    ...(held.has(GOOGLE_SCOPE.drive)
      ? { drive: 'full' as const }
      : held.has(GOOGLE_SCOPE.driveFile)
        ? { drive: 'restricted' as const }
        : {}),
    blogger: held.has(GOOGLE_SCOPE.blogger),
    photos: held.has(GOOGLE_SCOPE.photos),
  };
}

/**
 * The Google accounts of this browser (spec core §3-§6, providers §2, §4): linking one through
 * Google's authorize popup (implicit flow: `token id_token`), the id token checked, the name and
 * avatar read from People; a fresh token for each request, refreshed silently in a hidden frame
 * when fewer than 5 minutes remain or a scope is missing (15 s, one retry, then offline), and
 * through providerRedirection and the popup when Google refuses the silent way; removal, with
 * the token revoked at Google (best effort). The store's `accounts.google` shows them.
 */
export class GoogleAccounts implements GoogleAccountsPort {
  private readonly http: HttpClient;
  private readonly unsubscribe: () => void;
  // One refresh at a time per account: concurrent requests share it.
  private readonly refreshing = new Map<string, Promise<GoogleToken>>();
  // The accounts as last read (the scopes a popup asks for again, without waiting).
  private known = new Map<string, GoogleToken>();
  /** When the server last answered about the signed-in account's sponsorship. */
  private sponsorCheckedAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly options: GoogleAccountsOptions) {
    this.http = new HttpClient({
      fetch: (url, init) => options.fetch(url, init as RequestInit),
      timers: options.timers,
    });
    this.unsubscribe =
      options.signal?.subscribe(() => {
        this.load().catch((error: unknown) => console.error(error));
      }) ?? (() => {});
  }

  /** Stops hearing the other tabs. */
  close(): void {
    this.unsubscribe();
  }

  /** Reads the stored accounts into the store. */
  async load(): Promise<void> {
    const tokens = await this.options.tokens.read();
    this.known = new Map(tokens.map((token) => [token.sub, token]));
    this.options.store.dispatch(googleAccountsLoaded(tokens.map(googleAccountOf)));
  }

  /** Every provider's accounts as the store shows them (who is signed in where). */
  accountsState() {
    return this.options.store.getState().accounts;
  }

  list(): Promise<GoogleToken[]> {
    return this.options.tokens.read();
  }

  /**
   * Links an account, or widens a linked one, so that it holds `needs`' scopes (with what it
   * held before): opens Google's authorize popup at once (call it from the click), checks the
   * answer and the id token, asks tokeninfo and People who it is, and stores the token. With
   * `sub`, only that account is taken ('Google account ID not expected.').
   */
  link(needs: GoogleScopeNeeds, options: { sub?: string } = {}): Promise<GoogleToken> {
    const clientId = this.clientId();
    if (!clientId) return Promise.reject(new Error(GOOGLE_NOT_CONFIGURED));
    // The popup must open now, inside the click: what a known account already holds comes
    // from the accounts as last read (Google adds what it granted before all the same).
    const state = newState(this.options.random);
    const nonce = newState(this.options.random);
    const held = options.sub ? (this.known.get(options.sub)?.scopes ?? []) : [];
    const scopes = [...new Set([...googleScopes(needs), ...held])];
    const answer = authorizeTokenInPopup(
      this.authorizeUrl(scopes, state, nonce, options.sub),
      state,
      { opener: this.options.opener, timers: this.options.timers },
    );
    const linked = answer.then((message) =>
      this.take(message, { state, nonce, sub: options.sub, login: needs.login === true }),
    );
    if (!needs.login || options.sub !== undefined) return linked;
    // Signing in: the new login's sponsorship is asked at once (spec core §6).
    return linked.then(async (token) => {
      await this.refreshSponsorship().catch((error: unknown) => console.error(error));
      return (await this.options.tokens.read()).find((stored) => stored.sub === token.sub) ?? token;
    });
  }

  /**
   * A token of `sub` holding `scopes`, with more than 5 minutes left (spec core §4): the stored
   * one, or one refreshed silently; `force` refreshes anyway (after a 401). When Google refuses
   * the silent way and the browser is online, providerRedirection asks, and its OK opens the
   * popup; offline, or after two silent attempts of 15 s, 'You are offline.' (a time-out, which
   * the sync's offline detector takes as going offline).
   */
  fresh = (
    sub: string,
    scopes: readonly string[],
    options: { force?: boolean; silentOnly?: boolean } = {},
  ): Promise<GoogleToken> => {
    const running = this.refreshing.get(sub);
    if (running) return running.then(() => this.fresh(sub, scopes, options));
    const task = this.freshNow(sub, scopes, options.force === true, options.silentOnly === true);
    this.refreshing.set(sub, task);
    const done = () => {
      if (this.refreshing.get(sub) === task) this.refreshing.delete(sub);
    };
    task.then(done, done);
    return task;
  };

  private async freshNow(
    sub: string,
    scopes: readonly string[],
    force: boolean,
    // Nobody asked (a check in the background): Google's refusal is not put to the user.
    silentOnly = false,
  ): Promise<GoogleToken> {
    const token = (await this.options.tokens.read()).find((stored) => stored.sub === sub);
    if (!token) throw new Error(GOOGLE_ACCOUNT_NOT_LINKED);
    if (!force && !googleTokenNeedsRefresh(token, scopes, this.options.timers.now())) return token;
    const wanted = [...new Set([...token.scopes, ...scopes])];
    if (!this.options.isOnline()) throw new Error(OFFLINE_MESSAGE);
    let refused: unknown;
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        return await this.silent(token, wanted);
      } catch (error) {
        if (error instanceof SilentTimeout) continue; // one retry, then offline handling
        refused = error;
        break;
      }
    }
    if (refused === undefined) throw new NetworkError('timeout');
    // A wrong account or client is never papered over by asking again.
    if (refused instanceof Error && refused.message === CLIENT_ID_INCONSISTENT) throw refused;
    if (silentOnly) {
      throw refused instanceof Error ? refused : new Error(GOOGLE_AUTHORIZATION_FAILED);
    }
    if (!this.options.isOnline()) throw new Error(OFFLINE_MESSAGE);
    if (!(await this.options.confirmRedirection(GOOGLE_PROVIDER_NAME))) {
      throw new GoogleSignInDeclined();
    }
    return this.link(needsOf(wanted), { sub });
  }

  // One silent authorisation in a hidden frame: prompt=none, the account as login_hint.
  private async silent(token: GoogleToken, scopes: readonly string[]): Promise<GoogleToken> {
    const state = newState(this.options.random);
    const nonce = newState(this.options.random);
    const message = await authorizeInFrame(
      this.authorizeUrl(scopes, state, nonce, token.sub, true),
      state,
      {
        frames: this.options.frames,
        messages: this.options.opener,
        timers: this.options.timers,
        timeoutMs: GOOGLE_SILENT_TIMEOUT_MS,
      },
    );
    return this.take(message, { state, nonce, sub: token.sub, login: token.isLogin === true });
  }

  /** The id token of the account signed in with Google, for the sponsor-only exports (sent with
   * `tokenKind=idToken`): refreshed first when it has 5 minutes or less to live (the user
   * clicked, so providerRedirection may ask). Undefined when nobody is signed in with Google. */
  async loginIdToken(): Promise<string | undefined> {
    const login = (await this.options.tokens.read()).find((token) => token.isLogin);
    return login ? (await this.withFreshIdToken(login, false)).idToken : undefined;
  }

  /** Asks the server whether the account signed in with Google sponsors it
   * (`GET /userInfo?tokenKind=idToken`, the id token in the Authorization header), and keeps
   * the answer on its token (spec core §6). Nothing to ask when the server sells no sponsorships
   * or nobody is signed in with Google; when the server cannot tell now, or the id token cannot
   * be refreshed without asking the user, what was known stands. */
  async refreshSponsorship(): Promise<void> {
    if (this.options.store.getState().server.allowSponsorship !== true) return;
    const login = (await this.options.tokens.read()).find((token) => token.isLogin);
    if (!login) return;
    let idToken: string;
    try {
      ({ idToken } = await this.withFreshIdToken(login, true));
    } catch (error) {
      // A fresh id token needs the user (or Google is out of reach): what was known stands, and
      // the hidden frame is not tried again every minute, but at the next hourly look (or at
      // once should the user sign in again).
      this.sponsorCheckedAt = this.options.timers.now();
      console.warn(
        `Sponsorship not read: ${error instanceof Error ? error.message : String(error)}`,
      );
      return;
    }
    let isSponsor: boolean;
    try {
      isSponsor = await readSponsorship(
        { kind: 'idToken', value: idToken },
        { fetch: this.options.fetch, base: this.options.serverBase },
        this.options.timers.now(),
      );
    } catch (error) {
      // The server cannot tell now (RETRY): what was known stands, and the next look (a minute
      // on) asks again.
      console.warn(
        `Sponsorship not read: ${error instanceof Error ? error.message : String(error)}`,
      );
      return;
    }
    this.sponsorCheckedAt = this.options.timers.now();
    // The token as stored now (a refresh may have replaced it meanwhile), still the login one.
    const current = (await this.options.tokens.read()).find((token) => token.sub === login.sub);
    if (!current?.isLogin || current.isSponsor === isSponsor) return;
    await this.options.tokens.write({ ...current, isSponsor });
    await this.changed();
  }

  /** Keeps the Google login's sponsorship fresh as GitHub's: looked at every minute, asked
   * again when the last answer is an hour old. Returns the stop. */
  watchSponsorship(): () => void {
    return watchSponsorship(
      this.options.timers,
      () => this.sponsorCheckedAt,
      () => this.refreshSponsorship(),
    );
  }

  // The token with an id token the server will still take (the server checks its expiry): the
  // stored one, or one refreshed through `fresh`.
  private withFreshIdToken(token: GoogleToken, silentOnly: boolean): Promise<GoogleToken> {
    let expiring = true;
    try {
      expiring =
        idTokenClaims(token.idToken).exp * 1000 - this.options.timers.now() <=
        GOOGLE_REFRESH_MARGIN_MS;
    } catch {
      // Unreadable: a new one is asked for.
    }
    return this.fresh(token.sub, [], { force: expiring, silentOnly });
  }

  /** Unlinks an account: its token revoked at Google (best effort: offline or refused, it is
   * forgotten all the same), then removed from this browser. */
  async remove(sub: string): Promise<void> {
    const token = (await this.options.tokens.read()).find((stored) => stored.sub === sub);
    if (token) {
      try {
        await this.http.request({
          method: 'POST',
          url: this.endpoints().revoke,
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ token: token.accessToken }).toString(),
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

  private async take(
    message: CallbackMessage,
    expected: { state: string; nonce: string; sub?: string; login: boolean },
  ): Promise<GoogleToken> {
    const clientId = this.clientId();
    const grant = takeGoogleAnswer(message, {
      state: expected.state,
      nonce: expected.nonce,
      clientId,
      now: this.options.timers.now(),
      ...(expected.sub !== undefined ? { sub: expected.sub } : {}),
    });
    const info = await this.tokenInfo(grant.accessToken);
    if (info.audience !== clientId) throw new Error(CLIENT_ID_INCONSISTENT);
    if (info.userId !== grant.claims.sub) throw new Error(GOOGLE_AUTHORIZATION_FAILED);
    const previous = (await this.options.tokens.read()).find(
      (stored) => stored.sub === grant.claims.sub,
    );
    // Google keeps what was granted before (include_granted_scopes); tokeninfo says it all.
    const scopes = info.scopes.length > 0 ? info.scopes : grant.scopes;
    // People is asked once, when the account is new here; a refresh keeps the name it had.
    const profile = previous ? {} : await this.profile(grant.accessToken);
    const token = googleTokenFromGrant({ ...grant, scopes }, profile, previous);
    if (expected.login) token.isLogin = true;
    await this.options.tokens.write(token);
    await this.changed();
    return token;
  }

  // tokeninfo, the access token in the body (never in an address of ours).
  private async tokenInfo(
    accessToken: string,
  ): Promise<{ audience: string; userId: string; scopes: string[] }> {
    const response = await this.http.request({
      method: 'POST',
      url: this.endpoints().tokenInfo,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ access_token: accessToken }).toString(),
    });
    const info = JSON.parse(response.text) as Record<string, unknown>;
    const text = (key: string) => (typeof info[key] === 'string' ? info[key] : '');
    return {
      audience: text('audience') || text('issued_to'),
      userId: text('user_id'),
      scopes: text('scope').split(/\s+/).filter(Boolean),
    };
  }

  // People's people/me: the display name and the avatar.
  private async profile(accessToken: string): Promise<{ name?: string; avatarUrl?: string }> {
    const response = await this.http.request({
      url: `${this.endpoints().people}/people/me?personFields=names,photos`,
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    const person = JSON.parse(response.text) as {
      names?: { displayName?: string }[];
      photos?: { url?: string }[];
    };
    const name = person.names?.find((entry) => entry.displayName)?.displayName;
    const avatarUrl = person.photos?.find((entry) => entry.url)?.url;
    return { ...(name ? { name } : {}), ...(avatarUrl ? { avatarUrl } : {}) };
  }

  private authorizeUrl(
    scopes: readonly string[],
    state: string,
    nonce: string,
    sub?: string,
    silent = false,
  ): string {
    return googleAuthorizeUrl({
      endpoint: this.endpoints().authorize,
      clientId: this.clientId(),
      redirectUri: redirectUri(this.options.opener.origin),
      scopes,
      state,
      nonce,
      ...(sub ? { loginHint: sub } : {}),
      silent,
    });
  }

  private clientId(): string {
    return this.options.store.getState().server.googleClientId;
  }

  private endpoints() {
    return googleEndpoints(this.options.store.getState().server.googleUrl);
  }

  private async changed(): Promise<void> {
    await this.load();
    this.options.signal?.publish(this.options.timers.now());
  }
}
