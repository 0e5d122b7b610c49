import { createPublicKey, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIRECT, startTestSim, type TestSim } from '../testing/harness.js';
import { discovery, schemaErrors } from '../discovery.js';
import { DRIVE } from '../drive/scopes.js';

let t: TestSim;
beforeAll(async () => {
  t = await startTestSim();
});
afterAll(async () => {
  await t.sim.close();
});

const authorizeQuery = (extra: Record<string, string> = {}) =>
  new URLSearchParams({
    client_id: t.client.clientId,
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope: `openid profile ${DRIVE}`,
    state: 's t&1',
    access_type: 'offline',
    ...extra,
  });

/** Posts the account chooser's form as the browser would, with `email`. */
const signIn = (email: string, extra: Record<string, string> = {}) => {
  const form = authorizeQuery(extra);
  form.set('email', email);
  return t.call('POST', '/o/oauth2/v2/auth', {
    token: null,
    body: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
};

const exchange = (fields: Record<string, string>) =>
  t.call('POST', '/token', {
    token: null,
    body: new URLSearchParams({
      client_id: t.client.clientId,
      client_secret: 'shh',
      ...fields,
    }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

/** Checks an id token's RS256 signature against the sim's published keys; answers its claims. */
async function verified(idToken: string) {
  const { keys } = (await t.call('GET', '/oauth2/v3/certs', { token: null })).body;
  const [header, payload, signature] = idToken.split('.') as [string, string, string];
  const { kid } = JSON.parse(Buffer.from(header, 'base64url').toString());
  const key = createPublicKey({
    key: keys.find((k: { kid: string }) => k.kid === kid),
    format: 'jwk',
  });
  expect(
    verify('sha256', Buffer.from(`${header}.${payload}`), key, Buffer.from(signature, 'base64url')),
  ).toBe(true);
  return JSON.parse(Buffer.from(payload, 'base64url').toString());
}

describe("Google's OAuth web flow", () => {
  it('shows a form to sign in with, naming the app and the scopes', async () => {
    const page = await t.call('GET', `/o/oauth2/v2/auth?${authorizeQuery().toString()}`, {
      token: null,
    });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1>Sign in to continue to Inkstone</h1>');
    expect(page.text).toMatch(/<label>Email <input type="email" name="email"/);
    expect(page.text).toContain('<button type="submit">Continue</button>');
    expect(page.text).toContain(DRIVE);
  });

  it("says 'Couldn't find your Google Account' for an unknown email, and redirects nowhere", async () => {
    const page = await signIn('nobody@example.com');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<p role="alert">Couldn&#39;t find your Google Account</p>');
    expect(page.headers.get('location')).toBeNull();
  });

  it('exchanges the code (once) for an access token, a refresh token and an id token for the client', async () => {
    const back = await signIn('alice@example.com');
    expect(back.status).toBe(302);
    const location = new URL(back.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get('state')).toBe('s t&1');
    const code = location.searchParams.get('code')!;
    const tokens = await exchange({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
    });
    expect(tokens.status).toBe(200);
    expect(tokens.body).toMatchObject({
      expires_in: 3599,
      token_type: 'Bearer',
      scope: `openid profile ${DRIVE}`,
    });
    const claims = await verified(tokens.body.id_token);
    expect(claims).toMatchObject({
      iss: 'https://accounts.google.com',
      aud: t.client.clientId,
      sub: t.alice.id,
      email: 'alice@example.com',
    });
    const files = await t.call('GET', '/drive/v3/files', { token: tokens.body.access_token });
    expect(files.status).toBe(200);
    const again = await exchange({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: 'invalid_grant', error_description: 'Bad Request' });

    const refreshed = await exchange({
      grant_type: 'refresh_token',
      refresh_token: tokens.body.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.access_token).not.toBe(tokens.body.access_token);
    expect(refreshed.body.refresh_token).toBeUndefined();
    expect((await verified(refreshed.body.id_token)).sub).toBe(t.alice.id);
  });

  it('refuses a wrong client secret (401 invalid_client) and an unknown grant type', async () => {
    const wrong = await t.call('POST', '/token', {
      token: null,
      body: new URLSearchParams({
        client_id: t.client.clientId,
        client_secret: 'no',
        grant_type: 'refresh_token',
        refresh_token: 'x',
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('invalid_client');
    expect((await exchange({ grant_type: 'password' })).body.error).toBe('unsupported_grant_type');
    const garbled = await t.call('POST', '/token', {
      token: null,
      body: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(garbled.status).toBe(401);
    expect(garbled.body.error).toBe('invalid_client');
  });

  it('never redirects to an unregistered redirect_uri: an error page instead', async () => {
    const page = await t.call(
      'GET',
      `/o/oauth2/v2/auth?${authorizeQuery({ redirect_uri: 'http://evil.test/cb' }).toString()}`,
      { token: null },
    );
    expect(page.status).toBe(400);
    expect(page.headers.get('location')).toBeNull();
    expect(page.text).toContain('Error 400: redirect_uri_mismatch');
  });

  it('goes back with error=access_denied when the user cancels', async () => {
    const back = await t.call(
      'GET',
      `/o/oauth2/v2/auth?${authorizeQuery({ cancel: '1' }).toString()}`,
      {
        token: null,
      },
    );
    const location = new URL(back.headers.get('location')!);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('code')).toBeNull();
  });

  it('answers a silent request (prompt=none) at once in the fragment for the signed-in browser, interaction_required otherwise', async () => {
    const query = authorizeQuery({
      response_type: 'token',
      prompt: 'none',
      login_hint: 'alice@example.com',
    });
    const cold = await t.call('GET', `/o/oauth2/v2/auth?${query.toString()}`, { token: null });
    expect(
      new URLSearchParams(new URL(cold.headers.get('location')!).hash.slice(1)).get('error'),
    ).toBe('interaction_required');
    const signedIn = await signIn('alice@example.com', { response_type: 'token' });
    const cookie = signedIn.headers.get('set-cookie')!.split(';')[0]!;
    const warm = await t.call('GET', `/o/oauth2/v2/auth?${query.toString()}`, {
      token: null,
      headers: { cookie },
    });
    const fragment = new URLSearchParams(new URL(warm.headers.get('location')!).hash.slice(1));
    expect(fragment.get('token_type')).toBe('Bearer');
    expect(fragment.get('expires_in')).toBe('3599');
    expect(fragment.get('state')).toBe('s t&1');
    expect((await verified(fragment.get('id_token')!)).aud).toBe(t.client.clientId);
    const other = await t.call(
      'GET',
      `/o/oauth2/v2/auth?${authorizeQuery({ response_type: 'token', prompt: 'none', login_hint: 'bob@example.com' }).toString()}`,
      { token: null, headers: { cookie } },
    );
    expect(new URL(other.headers.get('location')!).hash).toContain('error=interaction_required');
  });
});

describe('tokens: tokeninfo, expiry, revocation', () => {
  const oauth2 = discovery('oauth2-v2.json');

  it("tells a token's audience, user, scopes and seconds left (tokeninfo)", async () => {
    const info = await t.call('POST', `/oauth2/v2/tokeninfo?access_token=${t.token}`, {
      token: null,
    });
    expect(info.status).toBe(200);
    expect(schemaErrors(oauth2, 'Tokeninfo', info.body)).toEqual([]);
    expect(info.body).toMatchObject({
      audience: t.client.clientId,
      user_id: t.alice.id,
      email: 'alice@example.com',
    });
    expect(info.body.expires_in).toBeGreaterThan(3500);
    expect(info.body.scope.split(' ')).toContain(DRIVE);
  });

  it('answers 401 in Google error JSON to an expired token, and tokeninfo says invalid_token', async () => {
    const token = t.sim.accounts.issue(t.alice, t.client.clientId, [DRIVE]).token;
    expect((await t.call('GET', '/drive/v3/files', { token })).status).toBe(200);
    t.sim.accounts.expire(token);
    const refused = await t.call('GET', '/drive/v3/files', { token });
    expect(refused.status).toBe(401);
    expect(refused.body.error).toMatchObject({
      code: 401,
      message: 'Invalid Credentials',
      errors: [
        {
          domain: 'global',
          reason: 'authError',
          location: 'Authorization',
          locationType: 'header',
        },
      ],
      status: 'UNAUTHENTICATED',
    });
    const info = await t.call('GET', `/oauth2/v2/tokeninfo?access_token=${token}`, { token: null });
    expect(info.status).toBe(400);
    expect(info.body).toEqual({ error: 'invalid_token', error_description: 'Invalid Value' });
  });

  it('lets a token lapse by expires_in on its own clock', async () => {
    let now = Date.now();
    const { startCloudSim } = await import('../server.js');
    const sim = await startCloudSim({ now: () => now, accessTokenSeconds: 60 });
    try {
      const user = sim.accounts.addUser({ email: 'c@example.com' });
      const token = sim.accounts.issue(user, 'c', [DRIVE]).token;
      const get = () =>
        fetch(`${sim.url}/drive/v3/files`, { headers: { authorization: `Bearer ${token}` } });
      expect((await get()).status).toBe(200);
      now += 61_000;
      expect((await get()).status).toBe(401);
    } finally {
      await sim.close();
    }
  });

  it('revokes a refresh token with the access tokens of its grant', async () => {
    const back = await signIn('alice@example.com');
    const code = new URL(back.headers.get('location')!).searchParams.get('code')!;
    const tokens = (
      await exchange({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT })
    ).body;
    const revoked = await t.call('POST', `/revoke?token=${tokens.refresh_token}`, { token: null });
    expect(revoked.status).toBe(200);
    expect((await t.call('GET', '/drive/v3/files', { token: tokens.access_token })).status).toBe(
      401,
    );
    // Another token of the same user and client, not of this grant, is left alone.
    expect((await t.call('GET', '/drive/v3/files')).status).toBe(200);
    const refresh = await exchange({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(refresh.status).toBe(400);
    expect(refresh.body.error).toBe('invalid_grant');
  });

  it('answers 401 Login Required to a request without credentials', async () => {
    const answer = await t.call('GET', '/drive/v3/files', { token: null });
    expect(answer.status).toBe(401);
    expect(answer.body.error.errors[0].reason).toBe('required');
  });
});

describe('People and userinfo', () => {
  const people = discovery('people-v1.json');

  it("answers people/me's names and photos with People's field names", async () => {
    const me = await t.call('GET', '/v1/people/me?personFields=names,photos');
    expect(me.status).toBe(200);
    expect(schemaErrors(people, 'Person', me.body)).toEqual([]);
    expect(me.body.resourceName).toBe(`people/${t.alice.id}`);
    expect(me.body.names[0]).toMatchObject({
      displayName: 'Alice Liddell',
      givenName: 'Alice',
      familyName: 'Liddell',
    });
    expect(me.body.photos[0].url).toBe(t.alice.picture);
    expect(me.body.emailAddresses).toBeUndefined();
  });

  it('requires personFields and a profile scope', async () => {
    expect((await t.call('GET', '/v1/people/me')).status).toBe(400);
    const driveOnly = t.sim.accounts.issue(t.alice, t.client.clientId, [DRIVE]).token;
    expect(
      (await t.call('GET', '/v1/people/me?personFields=names', { token: driveOnly })).status,
    ).toBe(403);
  });

  it("answers userinfo with OAuth2 v2's Userinfo fields", async () => {
    const info = await t.call('GET', '/oauth2/v2/userinfo');
    expect(schemaErrors(discovery('oauth2-v2.json'), 'Userinfo', info.body)).toEqual([]);
    expect(info.body.id).toBe(t.alice.id);
  });
});
