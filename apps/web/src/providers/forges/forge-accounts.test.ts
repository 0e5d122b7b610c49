import { type ForgeId, type ForgeTokens } from '@inkstone/core';
import { type ForgeSim, type ForgeUser, startForgeSim } from '@inkstone/forge-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenerPort, type ReceivedMessage } from '../../services/oauth/authorize-popup';
import { callbackMessage } from '../../services/oauth/callback-message';
import { createStore } from '../../store';
import { ForgeAccounts, SignInDeclined } from './forge-accounts';
import { newPkce } from './pkce';

// The forge accounts over forge-sim's real GitLab and Gitea OAuth providers, with the user's
// own application: the browser's calls go to forge-sim itself (its token endpoint answers
// cross-origin POSTs as GitLab's and a CORS-enabled Gitea's do). The "popup" is a user who
// submits forge-sim's authorize form as `login` and lands on the redirect it answers.

const APP = 'https://inkstone.example.org';
const timers = {
  set: (callback: () => void, delay: number) => {
    const handle = setTimeout(callback, delay);
    return () => clearTimeout(handle);
  },
  now: () => Date.now(),
};

let forge: ForgeSim;
let gina: ForgeUser;

beforeAll(async () => {
  // GitLab's tokens live 200 s here: under the 5-minute margin, so each use refreshes.
  forge = await startForgeSim({ port: 0, oauthTokenLifetime: 200 });
  gina = forge.users.add({ login: 'gina', token: 'setup-gina' });
  forge.users.add({ login: 'otto', token: 'setup-otto' });
  forge.oauthApps.add({
    clientId: 'gl-own',
    clientSecret: 'gl-own-secret',
    callbackUrl: `${APP}/oauth2/callback`,
    name: 'Inkstone',
  });
  forge.oauthApps.add({
    clientId: 'gt-own',
    clientSecret: 'gt-own-secret',
    callbackUrl: `${APP}/oauth2/callback`,
    name: 'Inkstone',
    dialect: 'gitea',
  });
});
afterAll(async () => forge.close());

function setUp(options: { online?: boolean; agree?: boolean } = {}) {
  const user = { login: 'gina' };
  const opened: string[] = [];
  const listeners = new Set<(message: ReceivedMessage) => void>();
  const popup = { closed: false, close: () => undefined };
  const opener: OpenerPort = {
    origin: APP,
    open(url) {
      opened.push(url);
      const target = new URL(url);
      const form = new URLSearchParams(target.searchParams);
      form.set('login', user.login);
      fetch(`${target.origin}${target.pathname}`, {
        method: 'POST',
        body: form,
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
  const stored = new Map<string, ForgeTokens[ForgeId]>();
  const asked: string[] = [];
  const accounts = new ForgeAccounts({
    store: createStore(),
    tokens: {
      read: async <F extends ForgeId>(forgeId: F) =>
        [...stored.entries()]
          .filter(([key]) => key.startsWith(`${forgeId} `))
          .map(([, token]) => token) as ForgeTokens[F][],
      write: async (forgeId, token) => {
        stored.set(`${forgeId} ${token.sub}`, token);
      },
      remove: async (forgeId, sub) => {
        stored.delete(`${forgeId} ${sub}`);
      },
    },
    opener,
    timers,
    fetch: globalThis.fetch,
    serverBase: APP,
    isOnline: () => options.online ?? true,
    confirmRedirection: async (name) => {
      asked.push(name);
      return options.agree ?? true;
    },
  });
  return { accounts, stored, opened, asked, user };
}

const ownGitlab = async () => ({
  serverUrl: forge.url,
  applicationId: 'gl-own',
  applicationSecret: 'gl-own-secret',
  pkce: await newPkce(),
});

describe('ForgeAccounts over forge-sim (spec providers §2, §4)', () => {
  it('links a GitLab account with the user’s own application and PKCE, then refreshes it unseen', async () => {
    const { accounts, stored, opened, asked } = setUp();
    const token = await accounts.link('gitlab', await ownGitlab());
    const authorize = new URL(opened[0]!);
    expect(authorize.pathname).toBe('/oauth/authorize');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('scope')).toBe('api');
    expect(token).toMatchObject({
      sub: `${forge.url}/${gina.id}`,
      name: 'gina',
      serverUrl: forge.url,
      applicationId: 'gl-own',
      applicationSecret: 'gl-own-secret',
    });
    expect(stored.get(`gitlab ${token.sub}`)?.accessToken).toBe(token.accessToken);

    // 200 s left, under the margin: the next use refreshes, the rotated pair is kept, and the
    // spent refresh token no longer works on the forge.
    const name = await accounts.check('gitlab', token.sub);
    expect(name).toBe('gina');
    const fresh = stored.get(`gitlab ${token.sub}`)!;
    expect(fresh.accessToken).not.toBe(token.accessToken);
    expect(fresh.refreshToken).not.toBe(token.refreshToken);
    expect(forge.oauthTokens.refresh(token.refreshToken!, 'gl-own')).toBeUndefined();
    expect(asked).toEqual([]);
    expect(opened).toHaveLength(1);
  });

  it('asks to sign in again when the refresh is refused, and takes the same account only', async () => {
    const { accounts, stored, asked, user, opened } = setUp();
    const token = await accounts.link('gitlab', await ownGitlab());
    // Another device spent the refresh token.
    forge.oauthTokens.refresh(token.refreshToken!, 'gl-own');
    const again = await accounts.fresh('gitlab', token.sub);
    expect(asked).toEqual(['GitLab']);
    expect(opened).toHaveLength(2);
    expect(again.sub).toBe(token.sub);
    expect(stored.get(`gitlab ${token.sub}`)?.accessToken).toBe(again.accessToken);

    // The same again, but another user signs in in the popup.
    forge.oauthTokens.refresh(again.refreshToken!, 'gl-own');
    user.login = 'otto';
    await expect(accounts.fresh('gitlab', token.sub)).rejects.toThrow(
      'GitLab account ID not expected.',
    );
    expect(stored.get(`gitlab ${token.sub}`)?.accessToken).toBe(again.accessToken);
  });

  it('throws offline without asking, and says so when the user declines to sign in', async () => {
    const offline = setUp({ online: false });
    const token = await offline.accounts.link('gitlab', await ownGitlab());
    forge.oauthTokens.refresh(token.refreshToken!, 'gl-own');
    await expect(offline.accounts.fresh('gitlab', token.sub)).rejects.toThrow(
      'The provided authorization grant is invalid',
    );
    expect(offline.asked).toEqual([]);

    const declining = setUp({ agree: false });
    const other = await declining.accounts.link('gitlab', await ownGitlab());
    forge.oauthTokens.refresh(other.refreshToken!, 'gl-own');
    await expect(declining.accounts.fresh('gitlab', other.sub)).rejects.toBeInstanceOf(
      SignInDeclined,
    );
  });

  it('links a Gitea account (its secret not checked before accepting) and reuses its hour-long token', async () => {
    const { accounts, opened } = setUp();
    const token = await accounts.link('gitea', {
      serverUrl: forge.url,
      applicationId: 'gt-own',
      applicationSecret: 'gt-own-secret',
    });
    expect(new URL(opened[0]!).pathname).toBe('/login/oauth/authorize');
    expect(token).toMatchObject({ sub: `${forge.url}/${gina.id}`, name: 'gina' });
    expect(token.expiresOn! - Date.now()).toBeGreaterThan(3_500_000);
    expect((await accounts.fresh('gitea', token.sub)).accessToken).toBe(token.accessToken);
  });

  it('refuses a GitLab link through the server when /conf supplies no application', async () => {
    const { accounts } = setUp();
    await expect(accounts.link('gitlab', { serverUrl: forge.url })).rejects.toThrow(
      'GitLab sign-in through this server is not configured',
    );
  });
});
