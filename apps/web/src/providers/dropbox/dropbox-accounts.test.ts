// The Dropbox accounts over cloud-sim's Dropbox OAuth and API. The "popup" is a user who submits
// cloud-sim's authorize page (Email, Allow) and lands on the redirect it answers; its answer is
// posted back as the callback page does.
import { type CloudSim, type DropboxUser, startCloudSim } from '@inkstone/cloud-sim';
import { DropboxClient, HttpClient, type Timers } from '@inkstone/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryTokens, simSignIn } from '../testing/sim-sign-in';
import { DropboxAccounts, DROPBOX_NOT_CONFIGURED } from './dropbox-accounts';
import { type DropboxToken } from './dropbox-tokens';

const APP = 'http://127.0.0.1:8080';
let sim: CloudSim;
let alice: DropboxUser;
let bob: DropboxUser;
let clock = Date.now();

beforeAll(async () => {
  sim = await startCloudSim({ port: 0, now: () => clock });
  alice = sim.dropbox.accounts.addUser({ email: 'alice@example.com', name: 'Alice Liddell' });
  bob = sim.dropbox.accounts.addUser({ email: 'bob@example.com', name: 'Bob Dodgson' });
  sim.dropbox.accounts.addApp({
    appKey: 'inkstone-restricted',
    name: 'Inkstone',
    redirectUris: [`${APP}/oauth2/callback`],
    access: 'app_folder',
  });
  sim.dropbox.accounts.addApp({
    appKey: 'inkstone-full',
    name: 'Inkstone',
    redirectUris: [`${APP}/oauth2/callback`],
    access: 'full',
  });
});
afterAll(async () => sim.close());

const timers: Timers = {
  set: (run, delay) => {
    const handle = setTimeout(run, Math.min(delay, 2_000));
    return () => clearTimeout(handle);
  },
  now: () => clock,
};

function setUp(options: { as?: DropboxUser; appKeyFull?: string } = {}) {
  const { tokens, stored } = memoryTokens<DropboxToken>();
  const requests: { url: string; body: string }[] = [];
  const { opener, popups } = simSignIn(APP, (form) => {
    form.set('email', (options.as ?? alice).email);
  });
  const accounts = new DropboxAccounts({
    tokens,
    opener,
    timers,
    fetch: (input, init) => {
      requests.push({
        url: input instanceof Request ? input.url : input.toString(),
        body: typeof init?.body === 'string' ? init.body : '',
      });
      return fetch(input, init);
    },
    conf: () => ({
      appKey: 'inkstone-restricted',
      appKeyFull: options.appKeyFull ?? 'inkstone-full',
      dropboxUrl: sim.url,
    }),
  });
  return { accounts, stored, popups, requests };
}

const currentAccount = (accessToken: string) =>
  fetch(`${sim.url}/2/users/get_current_account`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${accessToken}` },
  }).then((response) => response.status);

describe('linking a Dropbox account (PKCE code flow, no secret)', () => {
  it('asks the restricted app with a S256 challenge, exchanges the code with its verifier and keeps the account', async () => {
    const { accounts, stored, popups, requests } = setUp();
    const token = await accounts.link({ fullAccess: false });
    const asked = new URL(popups[0]!);
    expect(asked.origin + asked.pathname).toBe(`${sim.url}/oauth2/authorize`);
    expect(asked.searchParams.get('client_id')).toBe('inkstone-restricted');
    expect(asked.searchParams.get('response_type')).toBe('code');
    expect(asked.searchParams.get('code_challenge_method')).toBe('S256');
    expect(asked.searchParams.get('token_access_type')).toBe('offline');
    expect(asked.searchParams.get('redirect_uri')).toBe(`${APP}/oauth2/callback`);
    expect(token).toMatchObject({ sub: alice.accountId, name: 'Alice Liddell', fullAccess: false });
    expect(token.refreshToken).toBeTruthy();
    expect(token.expiresOn).toBe(clock + 4 * 3600 * 1000);
    expect(stored.get(alice.accountId)?.accessToken).toBe(token.accessToken);
    expect(await currentAccount(token.accessToken)).toBe(200);
    expect(accounts.current().map((account) => account.name)).toEqual(['Alice Liddell']);
    // The exchange carried the verifier and no secret; no token is in any address asked.
    const exchange = requests.find((request) => request.url.endsWith('/oauth2/token'))!;
    expect(new URLSearchParams(exchange.body).get('code_verifier')).toMatch(/^[\w-]{43}$/);
    expect(exchange.body).not.toContain('client_secret');
    const addresses = [...popups, ...requests.map((request) => request.url)].join(' ');
    expect(addresses).not.toContain(token.accessToken);
    expect(addresses).not.toContain(token.refreshToken);
  });

  it('links the full-Dropbox app when full access is asked, and refuses when the server has none', async () => {
    const full = setUp();
    expect(await full.accounts.link({ fullAccess: true })).toMatchObject({ fullAccess: true });
    expect(new URL(full.popups[0]!).searchParams.get('client_id')).toBe('inkstone-full');
    const none = setUp({ appKeyFull: '' });
    await expect(none.accounts.link({ fullAccess: true })).rejects.toThrow(DROPBOX_NOT_CONFIGURED);
    expect(none.popups).toEqual([]);
  });

  it("refuses another account than the one asked for: 'Dropbox account ID not expected.'", async () => {
    const { accounts, stored } = setUp({ as: bob });
    await expect(accounts.link({ fullAccess: false, sub: alice.accountId })).rejects.toThrow(
      'Dropbox account ID not expected.',
    );
    expect(stored.size).toBe(0);
  });
});

describe('a fresh Dropbox token', () => {
  it('gives the stored token while more than 5 minutes remain, then renews it with the refresh token', async () => {
    const { accounts, stored } = setUp();
    const linked = await accounts.link({ fullAccess: false });
    clock += 4 * 3600 * 1000 - 6 * 60 * 1000;
    expect((await accounts.fresh(alice.accountId)).accessToken).toBe(linked.accessToken);
    clock += 2 * 60 * 1000; // 4 minutes left
    const renewed = await accounts.fresh(alice.accountId);
    expect(renewed.accessToken).not.toBe(linked.accessToken);
    expect(renewed.refreshToken).toBe(linked.refreshToken);
    expect(stored.get(alice.accountId)?.accessToken).toBe(renewed.accessToken);
    expect(await currentAccount(renewed.accessToken)).toBe(200);
  });

  it('renews a token Dropbox refused (force), and a client over it works across the expiry', async () => {
    const { accounts } = setUp();
    const linked = await accounts.link({ fullAccess: false });
    sim.dropbox.accounts.expire(linked.accessToken);
    const client = new DropboxClient({
      http: new HttpClient({ fetch: (url, init) => fetch(url, init as RequestInit), timers }),
      token: accounts.fresh,
      sub: alice.accountId,
      endpoints: { api: sim.url, content: sim.url },
    });
    expect((await client.currentAccount()).account_id).toBe(alice.accountId);
  });

  it('says to link again when Dropbox refuses the refresh token too', async () => {
    const { accounts } = setUp();
    const linked = await accounts.link({ fullAccess: false });
    sim.dropbox.accounts.revoke(linked.accessToken);
    await expect(accounts.fresh(alice.accountId, { force: true })).rejects.toThrow(
      'Link the Dropbox account again.',
    );
  });
});

describe('removing a Dropbox account', () => {
  it('revokes the token at Dropbox and forgets it here', async () => {
    const { accounts, stored } = setUp();
    const linked = await accounts.link({ fullAccess: false });
    await accounts.remove(alice.accountId);
    expect(stored.size).toBe(0);
    expect(accounts.current()).toEqual([]);
    expect(await currentAccount(linked.accessToken)).toBe(401);
  });
});
