import {
  type ChangeSignal,
  GithubClient,
  type GithubToken,
  githubScopes,
  HttpClient,
  type Timers,
} from '@inkstone/core';
import { type AppStore } from '../../store';
import { accountOf, githubAccountsLoaded } from '../../store/accounts-slice';
import { authorizeInPopup, type OpenerPort } from '../../services/oauth/authorize-popup';
import { authorizeUrl, newState, redirectUri } from '../../services/oauth/authorize-url';
import { exchangeGithubCode, githubTokenFor, readGithubIdentity } from './github-account';
import {
  readSponsorship,
  SponsorshipUnknown,
  USER_INFO_POLL,
  USER_INFO_REFRESH,
  watchSponsorship,
} from '../../services/sponsorship';

// (Asked of the server the same way for every provider's login: services/sponsorship.ts.)
export { USER_INFO_POLL, USER_INFO_REFRESH };

/** Where GitHub accounts are kept: the main workspace's `tokens` item
 * (`services/github-tokens.ts` in the app, an in-memory one in tests). */
export interface GithubTokenStore {
  read(): Promise<GithubToken[]>;
  write(token: GithubToken): Promise<void>;
  remove(sub: string): Promise<void>;
}

/** What {@link GithubAccounts} needs from the page. */
export interface GithubAccountsOptions {
  store: AppStore;
  tokens: GithubTokenStore;
  opener: OpenerPort;
  timers: Timers;
  fetch: typeof fetch;
  /** The product server's base URL (the app's own origin by default). */
  serverBase?: string;
  /** Tells the other tabs when accounts change, and hears theirs (a BroadcastChannel). */
  signal?: ChangeSignal;
}

/** Sign-in when the server has no GitHub OAuth application. */
export const GITHUB_NOT_CONFIGURED =
  'GitHub sign-in is not configured on this server (GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET).';

/**
 * The GitHub accounts of this browser (spec core §4 and §6, providers §2 and §4): linking one
 * through the OAuth popup, signing in with one (the login token of the main workspace),
 * removing one, and the sponsorship of the signed-in one. The store's `accounts` slice shows
 * them; the access tokens stay in the token store.
 */
export class GithubAccounts {
  private readonly http: HttpClient;
  /** When the server last answered about the signed-in account's sponsorship. */
  private sponsorCheckedAt = Number.NEGATIVE_INFINITY;

  private readonly unsubscribe: () => void;

  constructor(private readonly options: GithubAccountsOptions) {
    this.http = new HttpClient({
      fetch: (url, init) => options.fetch(url, init as RequestInit),
      timers: options.timers,
    });
    // Another tab signed in or out: this one shows it too.
    this.unsubscribe =
      options.signal?.subscribe(() => {
        this.load().catch((error: unknown) => console.error(error));
      }) ?? (() => {});
  }

  /** Stops hearing the other tabs. */
  close(): void {
    this.unsubscribe();
  }

  // After a change of the stored accounts: shown here, and told to the other tabs.
  private async changed(): Promise<void> {
    await this.load();
    this.options.signal?.publish(this.options.timers.now());
  }

  /** Reads the stored accounts into the store. */
  async load(): Promise<GithubToken[]> {
    const tokens = await this.options.tokens.read();
    this.options.store.dispatch(githubAccountsLoaded(tokens.map(accountOf)));
    return tokens;
  }

  /** "Sign in with GitHub": links an account as the login one, always with access to private
   * repositories (`repo` + `gist`): the main workspace syncs with the private repository
   * `inkstone-appdata` (spec providers §6, §7), which a `public_repo` token can neither read nor
   * create. Opens the authorize window at once: call it from the click's handler. */
  signIn(): Promise<GithubToken> {
    return this.link(true, { isLogin: true });
  }

  /** "Add GitHub account" (the account dialog): links one more account, or the same one again
   * with other scopes; `expectedSub` refuses any other account. Opens the window at once. */
  addAccount(repoFullAccess: boolean, expectedSub?: string): Promise<GithubToken> {
    return this.link(repoFullAccess, { isLogin: false, expectedSub });
  }

  /** Unlinks an account from this browser (signing out when it is the login one). */
  async remove(sub: string): Promise<void> {
    await this.options.tokens.remove(sub);
    await this.changed();
  }

  /** The access token of the signed-in account, for the sponsor-only exports. */
  async loginToken(): Promise<string | undefined> {
    return (await this.options.tokens.read()).find((token) => token.isLogin)?.accessToken;
  }

  /** Asks the server whether the signed-in account sponsors it, and keeps the answer on its
   * token (spec core §6). Nothing to ask when the server sells no sponsorships or nobody is
   * signed in; when the server cannot tell now, what was known stands. */
  async refreshSponsorship(): Promise<void> {
    if (this.options.store.getState().server.allowSponsorship !== true) return;
    const login = (await this.options.tokens.read()).find((token) => token.isLogin);
    if (!login) return;
    let isSponsor: boolean;
    try {
      isSponsor = await readSponsorship(
        { kind: 'accessToken', value: login.accessToken },
        this.server(),
      );
    } catch (error) {
      if (error instanceof SponsorshipUnknown) {
        console.warn(`Sponsorship not read: ${error.message}`);
        return;
      }
      throw error;
    }
    this.sponsorCheckedAt = this.options.timers.now();
    if (login.isSponsor === isSponsor) return;
    await this.options.tokens.write({ ...login, isSponsor });
    await this.changed();
  }

  /** Keeps the signed-in account's sponsorship fresh: every minute, asks again when the last
   * answer is an hour old (a sponsorship bought or run out meanwhile shows). Returns the stop. */
  watchSponsorship(): () => void {
    return watchSponsorship(
      this.options.timers,
      () => this.sponsorCheckedAt,
      () => this.refreshSponsorship(),
    );
  }

  // Opens the window synchronously (a popup needs the click it answers), then finishes.
  private link(
    repoFullAccess: boolean,
    target: { isLogin: boolean; expectedSub?: string },
  ): Promise<GithubToken> {
    const { githubClientId, githubUrl } = this.options.store.getState().server;
    if (githubClientId === '') return Promise.reject(new Error(GITHUB_NOT_CONFIGURED));
    const state = newState();
    const url = authorizeUrl(`${githubUrl}/login/oauth/authorize`, {
      clientId: githubClientId,
      redirectUri: redirectUri(this.options.opener.origin),
      scopes: githubScopes(repoFullAccess),
      state,
    });
    const authorized = authorizeInPopup(url, state, {
      opener: this.options.opener,
      timers: this.options.timers,
    });
    return this.finish(authorized, githubClientId, repoFullAccess, target);
  }

  private async finish(
    authorized: Promise<{ code: string }>,
    clientId: string,
    repoFullAccess: boolean,
    target: { isLogin: boolean; expectedSub?: string },
  ): Promise<GithubToken> {
    const { code } = await authorized;
    const accessToken = await exchangeGithubCode(code, clientId, this.server());
    const client = new GithubClient({
      http: this.http,
      apiUrl: this.options.store.getState().server.githubApiUrl,
      token: accessToken,
    });
    const identity = await readGithubIdentity(client);
    const stored = await this.options.tokens.read();
    const token = githubTokenFor({
      accessToken,
      identity,
      repoFullAccess,
      isLogin: target.isLogin,
      expectedSub: target.expectedSub,
      previous: stored.find((candidate) => candidate.sub === identity.sub),
    });
    await this.options.tokens.write(token);
    await this.changed();
    if (token.isLogin) {
      await this.refreshSponsorship().catch((error: unknown) => console.error(error));
    }
    return token;
  }

  private server() {
    return { fetch: this.options.fetch, base: this.options.serverBase };
  }
}
