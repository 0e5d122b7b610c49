import {
  accountNotExpected,
  type ChangeSignal,
  FORGE_IDS,
  FORGE_NAMES,
  type ForgeId,
  type ForgeTokens,
  FreshTokens,
  type GiteeToken,
  HttpClient,
  type SelfHostedToken,
  selfHostedSub,
  type Timers,
  type TokenGrant,
} from '@inkstone/core';
import { type AppStore } from '../../store';
import { forgeAccountOf, forgeAccountsLoaded } from '../../store/accounts-slice';
import { authorizeInPopup, type OpenerPort } from '../../services/oauth/authorize-popup';
import { authorizeUrl, newState, redirectUri } from '../../services/oauth/authorize-url';
import { FORGE_SCOPES, forgeEndpoints } from './forge-endpoints';
import { readForgeIdentity } from './forge-identity';
import { type Pkce } from './pkce';
import { type ForgeClient, requestForgeToken, type TokenRequest } from './token-exchange';

/** Where the forge accounts are kept (`services/forge-tokens.ts` in the app). */
export interface ForgeTokenStore {
  read<F extends ForgeId>(forge: F): Promise<ForgeTokens[F][]>;
  write<F extends ForgeId>(forge: F, token: ForgeTokens[F]): Promise<void>;
  remove(forge: ForgeId, sub: string): Promise<void>;
}

/** What {@link ForgeAccounts} needs from the page. */
export interface ForgeAccountsOptions {
  store: AppStore;
  tokens: ForgeTokenStore;
  opener: OpenerPort;
  timers: Timers;
  fetch: typeof fetch;
  /** The product server's base URL (the app's own origin by default). */
  serverBase?: string;
  /** Tells the other tabs when accounts change, and hears theirs. */
  signal?: ChangeSignal;
  /** Whether the browser is online (`navigator.onLine`). */
  isOnline(): boolean;
  /** The providerRedirection confirmation (spec core §4): true when the user agrees to sign in
   * again with the named provider. */
  confirmRedirection(providerName: string): Promise<boolean>;
}

/** What linking an account needs besides the forge. */
export interface ForgeLinkRequest {
  /** GitLab and Gitea: the server, reduced to scheme and host (the dialog's Server URL, or the
   * server's own when `/conf` supplies the application). */
  serverUrl?: string;
  /** The user's own application (empty: the product server's). */
  applicationId?: string;
  applicationSecret?: string;
  /** Signing in again for this account: another one is refused. */
  expectedSub?: string;
  /** GitLab with the user's own application: the PKCE pair, made beforehand. */
  pkce?: Pkce;
  /** Gitee: the product server's application (`/giteeClientId`). */
  giteeClientId?: string;
  /** Gitee: 'Sign in with Gitee', the account becomes the login one (the main workspace syncs
   * with it); any other Gitee account stops being the login one. */
  isLogin?: boolean;
}

/** The user declined to sign in again (the providerRedirection confirmation's Cancel). */
export class SignInDeclined extends Error {
  constructor(provider: string) {
    super(`${provider} access has expired: sign in again to use this account.`);
    this.name = 'SignInDeclined';
  }
}

/** Sign-in with the product server's application is not possible: say which variables. */
export const forgeNotConfigured = (forge: ForgeId) =>
  `${FORGE_NAMES[forge]} sign-in through this server is not configured: give your own application's details.`;

/** Gitee sign-in when the server has no Gitee application (`/giteeClientId` refuses). */
export const GITEE_NOT_CONFIGURED =
  'Gitee sign-in is not configured on this server (GITEE_CLIENT_ID and GITEE_CLIENT_SECRET).';

/**
 * The GitLab, Gitea and Gitee accounts of this browser (spec providers §2 and §4, core §4):
 * linking one through the OAuth popup, removing one, and — for the workspace and location code —
 * `fresh(forge, sub)`, the account's token with more than 5 minutes to live, refreshed or
 * signed in again as the spec's rules say. The store's `accounts.forges` shows them.
 */
export class ForgeAccounts {
  private readonly http: HttpClient;
  private readonly unsubscribe: () => void;
  /** Hands out fresh tokens (one refresh at a time per account). */
  readonly tokens: FreshTokens;

  constructor(private readonly options: ForgeAccountsOptions) {
    this.http = new HttpClient({
      fetch: (url, init) => options.fetch(url, init as RequestInit),
      timers: options.timers,
    });
    this.tokens = new FreshTokens({
      read: (forge) => options.tokens.read(forge),
      write: async (forge, token) => {
        await options.tokens.write(forge, token);
        await this.changed();
      },
      refresh: (forge, token) => this.refresh(forge, token),
      isOnline: () => options.isOnline(),
      signInAgain: (forge, token) => this.relink(forge, token),
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

  /** Reads the stored accounts of every forge into the store. */
  async load(): Promise<void> {
    for (const forge of FORGE_IDS) {
      const tokens = await this.options.tokens.read(forge);
      this.options.store.dispatch(
        forgeAccountsLoaded({ forge, accounts: tokens.map(forgeAccountOf) }),
      );
    }
  }

  private async changed(): Promise<void> {
    await this.load();
    this.options.signal?.publish(this.options.timers.now());
  }

  /**
   * The token of account `sub` of `forge`, with more than 5 minutes to live (spec core §4):
   * what the workspace and location code calls before each use. Refreshes it when needed (the
   * new pair stored), asks to sign in again when it cannot be refreshed online, throws offline.
   */
  fresh<F extends ForgeId>(forge: F, sub: string): Promise<ForgeTokens[F]> {
    return this.tokens.fresh(forge, sub);
  }

  /** Gitee's web origin (`/conf`'s, gitee.com by default): Gitee's API is under it. */
  giteeUrl(): string {
    return this.options.store.getState().server.giteeUrl;
  }

  /** The server of linked GitLab or Gitea account `sub` (undefined once it is unlinked). */
  serverUrlOf(forge: ForgeId, sub: string): string | undefined {
    return this.options.store
      .getState()
      .accounts.forges[forge].find((account) => account.sub === sub)?.serverUrl;
  }

  /** Signs in again for account `sub` of `forge` (the providerRedirection confirmation, then
   * the popup), for a forge that refused its token: a Gitee 401 on the user or tree call
   * (spec providers §4). Resolves to the new token, stored. */
  signInAgain<F extends ForgeId>(forge: F, sub: string): Promise<ForgeTokens[F]> {
    return this.tokens.signInAgain(forge, sub);
  }

  /** Unlinks an account from this browser. */
  async remove(forge: ForgeId, sub: string): Promise<void> {
    await this.options.tokens.remove(forge, sub);
    await this.changed();
  }

  /** Checks that the account still works: its token made fresh, then `GET /user`, its name
   * updated when the user renamed it. Resolves to the account's current name. */
  async check(forge: ForgeId, sub: string): Promise<string> {
    const token = await this.fresh(forge, sub);
    const identity = await readForgeIdentity(
      this.http,
      forge,
      this.origin(forge, token),
      token.accessToken,
    );
    if (identity.name !== token.name) {
      await this.options.tokens.write(forge, { ...token, name: identity.name });
      await this.changed();
    }
    return identity.name;
  }

  /** Gitee's application for this sign-in: the product server's `/giteeClientId`. */
  async giteeClientId(): Promise<string> {
    const url = new URL('giteeClientId', this.serverBase());
    let response: Response;
    try {
      response = await this.options.fetch(url.href, { cache: 'no-store' });
    } catch {
      throw new Error('Network request failed.');
    }
    const text = (await response.text()).trim();
    if (!response.ok || text === '' || text.startsWith('{')) {
      throw new Error(GITEE_NOT_CONFIGURED);
    }
    return text;
  }

  /**
   * Links an account of `forge` (spec providers §2, §4 "Account linking"): opens the authorize
   * popup at once (call it from the click), exchanges the code through the product server or
   * the forge's token endpoint, asks the forge who the account is, and stores the token.
   */
  link<F extends ForgeId>(forge: F, request: ForgeLinkRequest): Promise<ForgeTokens[F]> {
    let client: ForgeClient;
    let origin: string;
    try {
      ({ client, origin } = this.clientFor(forge, request));
    } catch (error) {
      return Promise.reject(error as Error);
    }
    const state = newState();
    const redirect = redirectUri(this.options.opener.origin);
    const url = new URL(
      authorizeUrl(forgeEndpoints(forge, origin).authorize, {
        clientId: client.clientId,
        redirectUri: redirect,
        scopes: FORGE_SCOPES[forge],
        state,
      }),
    );
    url.searchParams.set('response_type', 'code');
    const pkce = forge === 'gitlab' && client.kind === 'own' ? request.pkce : undefined;
    if (pkce) {
      url.searchParams.set('code_challenge', pkce.challenge);
      url.searchParams.set('code_challenge_method', 'S256');
    }
    const authorized = authorizeInPopup(url.href, state, {
      opener: this.options.opener,
      timers: this.options.timers,
    });
    return this.finish(forge, authorized, client, origin, {
      redirectUri: redirect,
      codeVerifier: pkce?.verifier,
      expectedSub: request.expectedSub,
      isLogin: request.isLogin === true,
    });
  }

  private clientFor(forge: ForgeId, request: ForgeLinkRequest) {
    const server = this.options.store.getState().server;
    if (forge === 'gitee') {
      if (!request.giteeClientId) throw new Error(GITEE_NOT_CONFIGURED);
      return {
        client: { kind: 'server', clientId: request.giteeClientId } as ForgeClient,
        origin: server.giteeUrl,
      };
    }
    const serverUrl = request.serverUrl ?? '';
    if (request.applicationId) {
      return {
        client: {
          kind: 'own',
          serverUrl,
          clientId: request.applicationId,
          clientSecret: request.applicationSecret ?? '',
        } as ForgeClient,
        origin: serverUrl,
      };
    }
    const clientId = forge === 'gitlab' ? server.gitlabClientId : server.giteaClientId;
    const url = forge === 'gitlab' ? server.gitlabUrl : server.giteaUrl;
    if (clientId === '' || url === '') throw new Error(forgeNotConfigured(forge));
    return { client: { kind: 'server', clientId } as ForgeClient, origin: url };
  }

  private async finish<F extends ForgeId>(
    forge: F,
    authorized: Promise<{ code: string }>,
    client: ForgeClient,
    origin: string,
    link: { redirectUri: string; codeVerifier?: string; expectedSub?: string; isLogin: boolean },
  ): Promise<ForgeTokens[F]> {
    const { code } = await authorized;
    const grant = await requestForgeToken(
      forge,
      client,
      {
        grant: 'authorization_code',
        code,
        redirectUri: link.redirectUri,
        ...(link.codeVerifier ? { codeVerifier: link.codeVerifier } : {}),
      },
      this.exchangePort(),
    );
    const identity = await readForgeIdentity(this.http, forge, origin, grant.accessToken);
    const sub = forge === 'gitee' ? String(identity.id) : selfHostedSub(origin, identity.id);
    if (link.expectedSub !== undefined && sub !== link.expectedSub) {
      throw new Error(accountNotExpected(FORGE_NAMES[forge]));
    }
    const stored = await this.options.tokens.read(forge);
    const previous = stored.find((token) => token.sub === sub);
    const base = {
      sub,
      name: identity.name,
      accessToken: grant.accessToken,
      expiresOn: grant.expiresOn,
      ...(grant.refreshToken ? { refreshToken: grant.refreshToken } : {}),
    };
    const token = (
      forge === 'gitee'
        ? ({
            ...base,
            clientId: client.clientId,
            ...(link.isLogin || (previous as GiteeToken | undefined)?.isLogin
              ? { isLogin: true }
              : {}),
          } satisfies GiteeToken)
        : ({
            ...base,
            serverUrl: origin,
            applicationId: client.kind === 'own' ? client.clientId : '',
            applicationSecret: client.kind === 'own' ? client.clientSecret : '',
          } satisfies SelfHostedToken)
    ) as ForgeTokens[F];
    // One login at a time: another Gitee account signed in before is now only linked.
    if (link.isLogin) {
      for (const other of stored as GiteeToken[]) {
        if (other.sub === sub || !other.isLogin) continue;
        const { isLogin: _was, ...linkedOnly } = other;
        await this.options.tokens.write(forge, linkedOnly as ForgeTokens[F]);
      }
    }
    await this.options.tokens.write(forge, token);
    await this.changed();
    return token;
  }

  // The application a stored token refreshes through: the user's own (its id and secret kept
  // with the token), or the product server's.
  private tokenClient(forge: ForgeId, token: ForgeTokens[ForgeId]): ForgeClient {
    if ('serverUrl' in token && token.applicationId !== '') {
      return {
        kind: 'own',
        serverUrl: token.serverUrl,
        clientId: token.applicationId,
        clientSecret: token.applicationSecret,
      };
    }
    const server = this.options.store.getState().server;
    const clientId =
      forge === 'gitlab'
        ? server.gitlabClientId
        : forge === 'gitea'
          ? server.giteaClientId
          : ((token as GiteeToken).clientId ?? '');
    return { kind: 'server', clientId };
  }

  private refresh(forge: ForgeId, token: ForgeTokens[ForgeId]): Promise<TokenGrant> {
    const request: TokenRequest = {
      grant: 'refresh_token',
      refreshToken: token.refreshToken ?? '',
      redirectUri: redirectUri(this.options.opener.origin),
    };
    return requestForgeToken(forge, this.tokenClient(forge, token), request, this.exchangePort());
  }

  // The confirmation, then the popup for the same account with what it was linked with.
  private async relink<F extends ForgeId>(
    forge: F,
    token: ForgeTokens[F],
  ): Promise<ForgeTokens[F]> {
    const name = FORGE_NAMES[forge];
    if (!(await this.options.confirmRedirection(name))) throw new SignInDeclined(name);
    const giteeClientId =
      forge === 'gitee'
        ? ((token as GiteeToken).clientId ?? (await this.giteeClientId()))
        : undefined;
    const self = forge === 'gitee' ? undefined : (token as SelfHostedToken);
    return this.link(forge, {
      expectedSub: token.sub,
      ...(self
        ? {
            serverUrl: self.serverUrl,
            applicationId: self.applicationId,
            applicationSecret: self.applicationSecret,
          }
        : {}),
      ...(giteeClientId ? { giteeClientId } : {}),
    });
  }

  private origin(forge: ForgeId, token: ForgeTokens[ForgeId]): string {
    return 'serverUrl' in token ? token.serverUrl : this.giteeUrl();
  }

  private serverBase(): string {
    return this.options.serverBase ?? window.location.href;
  }

  private exchangePort() {
    return {
      fetch: this.options.fetch,
      serverBase: this.serverBase(),
      now: () => this.options.timers.now(),
    };
  }
}
