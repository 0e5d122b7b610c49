import { type ChangeSignal, type GithubToken, LocalSignalHub } from '@inkstone/core';
import { type ForgeSim, type ForgeUser, startForgeSim } from '@inkstone/forge-sim';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../store';
import { serverConfLoaded } from '../../store/server-slice';
import { type OpenerPort, type ReceivedMessage } from '../../services/oauth/authorize-popup';
import { callbackMessage } from '../../services/oauth/callback-message';
import { GITHUB_NOT_CONFIGURED, GithubAccounts } from './github-accounts';

// The accounts service over forge-sim's real OAuth web flow: the "popup" is a user who submits
// forge-sim's authorize form and lands on the redirect it answers; the product server's token
// exchange is what the server does (apps/server's /oauth2/githubToken, tested there and in
// e2e/tests/github-signin.spec.ts): forge-sim's token endpoint with the client secret.

const APP = 'https://inkstone.example.org';
const CLIENT_ID = 'Ov23liUnitTest';
const CLIENT_SECRET = 'unit-test-secret';
const timers = {
  set: (callback: () => void, delay: number) => {
    const handle = setTimeout(callback, delay);
    return () => clearTimeout(handle);
  },
  now: () => Date.now(),
};

let forge: ForgeSim;
let ada: ForgeUser;

beforeAll(async () => {
  forge = await startForgeSim({ port: 0 });
  ada = forge.users.add({ login: 'ada', token: 'ghp_ada_setup' });
  forge.users.add({ login: 'grace', token: 'ghp_grace_setup' });
  forge.oauthApps.add({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    callbackUrl: `${APP}/oauth2/callback`,
    name: 'Inkstone',
  });
});
afterAll(async () => forge.close());

function setUp(
  login: string,
  shared: { stored?: Map<string, GithubToken>; signal?: ChangeSignal } = {},
) {
  const asked: string[] = [];
  const listeners = new Set<(message: ReceivedMessage) => void>();
  const popup = { closed: false, close: () => undefined };
  const opener: OpenerPort = {
    origin: APP,
    open(url) {
      asked.push(url);
      const params = new URL(url).searchParams;
      // The user authorizes on forge-sim's page; forge-sim redirects to the callback page,
      // which posts what the redirect carries.
      fetch(`${forge.url}/login/oauth/authorize`, {
        method: 'POST',
        body: new URLSearchParams({
          client_id: params.get('client_id') ?? '',
          redirect_uri: params.get('redirect_uri') ?? '',
          scope: params.get('scope') ?? '',
          state: params.get('state') ?? '',
          login,
        }),
        redirect: 'manual',
      })
        .then((answer) => {
          const data = callbackMessage(answer.headers.get('location')!);
          for (const listener of [...listeners]) listener({ origin: APP, source: popup, data });
        })
        .catch((error: unknown) => console.error(error));
      return popup;
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const serverFetch = (async (url: string, init?: RequestInit) => {
    const target = new URL(url);
    if (target.origin === APP && target.pathname === '/oauth2/githubToken') {
      const answer = await fetch(`${forge.url}/login/oauth/access_token`, {
        method: 'POST',
        headers: { accept: 'application/json' },
        body: new URLSearchParams({
          client_id: target.searchParams.get('clientId') ?? '',
          client_secret: CLIENT_SECRET,
          code: target.searchParams.get('code') ?? '',
        }),
      });
      const { access_token } = (await answer.json()) as { access_token: string };
      return new Response(access_token, { status: 200 });
    }
    return fetch(url, init);
  }) as typeof fetch;
  const stored = shared.stored ?? new Map<string, GithubToken>();
  const store = createStore();
  store.dispatch(
    serverConfLoaded({
      allowSponsorship: false,
      githubClientId: CLIENT_ID,
      githubUrl: forge.url,
      githubApiUrl: forge.apiUrl,
    }),
  );
  const accounts = new GithubAccounts({
    store,
    opener,
    timers,
    fetch: serverFetch,
    serverBase: `${APP}/`,
    signal: shared.signal,
    tokens: {
      read: async () => [...stored.values()],
      write: async (token) => {
        if (token.isLogin) {
          for (const [sub, other] of stored) stored.set(sub, { ...other, isLogin: false });
        }
        stored.set(token.sub, token);
      },
      remove: async (sub) => void stored.delete(sub),
    },
  });
  return { accounts, store, stored, asked };
}

describe('GitHub accounts over forge-sim’s OAuth flow', () => {
  it('signs in: asks repo and gist (the main workspace is private), keeps the token with the scopes GitHub granted', async () => {
    const { accounts, store, stored, asked } = setUp('ada');
    // (The remembered choice of "Add GitHub account" is false by default: not asked here.)
    expect(store.getState().localSettings.githubRepoFullAccess).toBe(false);
    const token = await accounts.signIn();
    const url = new URL(asked[0]!);
    expect(url.origin + url.pathname).toBe(`${forge.url}/login/oauth/authorize`);
    expect(url.searchParams.get('redirect_uri')).toBe(`${APP}/oauth2/callback`);
    expect(url.searchParams.get('scope')).toBe('repo gist');
    expect(token).toMatchObject({
      sub: String(ada.id),
      name: 'ada',
      isLogin: true,
      scopes: ['repo', 'gist'],
      repoFullAccess: true,
    });
    expect(stored.get(String(ada.id))?.accessToken).toBe(token.accessToken);
    // The interface sees the account, never its token.
    expect(store.getState().accounts.github).toEqual([
      expect.objectContaining({ sub: String(ada.id), isLogin: true }),
    ]);
    expect(JSON.stringify(store.getState())).not.toContain(token.accessToken);
    expect(await accounts.loginToken()).toBe(token.accessToken);
  });

  it('links another account with private repositories (repo), keeping the login one', async () => {
    const { accounts, store } = setUp('grace');
    await accounts.addAccount(true);
    const [linked] = store.getState().accounts.github;
    expect(linked).toMatchObject({ name: 'grace', scopes: ['repo', 'gist'], repoFullAccess: true });
    expect(linked?.isLogin).toBeUndefined();
  });

  it("refuses another account than the one expected: 'GitHub account ID not expected.'", async () => {
    const { accounts, stored } = setUp('grace');
    await expect(accounts.addAccount(false, String(ada.id))).rejects.toThrow(
      'GitHub account ID not expected.',
    );
    expect(stored.size).toBe(0);
  });

  it('removes an account (signing out) and says when the server has no GitHub app', async () => {
    const { accounts, store } = setUp('ada');
    await accounts.signIn();
    await accounts.remove(String(ada.id));
    expect(store.getState().accounts.github).toEqual([]);
    expect(await accounts.loginToken()).toBeUndefined();
    store.dispatch(serverConfLoaded({ allowSponsorship: false, githubClientId: '' }));
    await expect(accounts.signIn()).rejects.toThrow(GITHUB_NOT_CONFIGURED);
  });

  it('shows a sign-in and a sign-out made in another tab', async () => {
    const hub = new LocalSignalHub();
    const stored = new Map<string, GithubToken>();
    const one = setUp('ada', { stored, signal: hub.connect() });
    const other = setUp('ada', { stored, signal: hub.connect() });
    await one.accounts.signIn();
    await vi.waitFor(() =>
      expect(other.store.getState().accounts.github).toEqual([
        expect.objectContaining({ name: 'ada', isLogin: true }),
      ]),
    );
    await one.accounts.remove(String(ada.id));
    await vi.waitFor(() => expect(other.store.getState().accounts.github).toEqual([]));
    other.accounts.close();
  });
});
