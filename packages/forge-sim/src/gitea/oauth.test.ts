import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startForgeSim, type ForgeSim } from '../server.js';
import { authorizeAs, callApi, type TokenAnswer } from '../testing/dialect-client.js';

let forge: ForgeSim;

const callback = 'http://127.0.0.1:4998/oauth2/callback';
const app = {
  clientId: 'gitea-client',
  clientSecret: 'gitea-secret',
  callbackUrl: callback,
  name: 'Inkstone',
  dialect: 'gitea' as const,
};

beforeAll(async () => {
  forge = await startForgeSim({ port: 0 });
  forge.users.add({ login: 'dave', token: 'dave_personal_token' });
  forge.oauthApps.add(app);
});
afterAll(async () => {
  await forge.close();
});

/** POST {url}/login/oauth/access_token with JSON (or a form). */
async function token(fields: Record<string, string>, form = false) {
  const response = await fetch(`${forge.url}/login/oauth/access_token`, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
    },
    body: form ? new URLSearchParams(fields).toString() : JSON.stringify(fields),
  });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    body: (await response.json()) as TokenAnswer,
  };
}

const me = (accessToken: string) =>
  callApi(forge.giteaApiUrl, 'GET', '/user', { sign: { header: `Bearer ${accessToken}` } });

describe("Gitea's OAuth2 provider", () => {
  it('trades a code for a token living 3600 s and a refresh token, then refreshes it', async () => {
    const { code, state } = await authorizeAs(forge.url, 'dave', {
      client_id: app.clientId,
      redirect_uri: callback,
      state: 's-1',
    });
    expect(state).toBe('s-1');
    const first = await token({
      grant_type: 'authorization_code',
      client_id: app.clientId,
      client_secret: app.clientSecret,
      code,
      redirect_uri: callback,
    });
    expect(first.status).toBe(200);
    expect(first.type).toContain('application/json');
    expect(first.body).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect((await me(first.body.access_token)).body.login).toBe('dave');

    // The code is spent.
    const again = await token({
      grant_type: 'authorization_code',
      client_id: app.clientId,
      client_secret: app.clientSecret,
      code,
      redirect_uri: callback,
    });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('unauthorized_client');

    forge.giteaTokens.expire(first.body.access_token);
    const expired = await me(first.body.access_token);
    expect(expired.status).toBe(401);

    const refreshed = await token(
      {
        grant_type: 'refresh_token',
        client_id: app.clientId,
        client_secret: app.clientSecret,
        refresh_token: first.body.refresh_token,
      },
      true,
    );
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.expires_in).toBe(3600);
    expect(refreshed.body.access_token).not.toBe(first.body.access_token);
    expect((await me(refreshed.body.access_token)).body.login).toBe('dave');
  });

  it('answers 400 with an OAuth error for a wrong secret, grant type or refresh token', async () => {
    const secret = await token({
      grant_type: 'refresh_token',
      client_id: app.clientId,
      client_secret: 'x',
      refresh_token: 'y',
    });
    expect(secret).toMatchObject({ status: 400, body: { error: 'unauthorized_client' } });
    const grant = await token({
      grant_type: 'password',
      client_id: app.clientId,
      client_secret: app.clientSecret,
    });
    expect(grant).toMatchObject({ status: 400, body: { error: 'unsupported_grant_type' } });
    const refresh = await token({
      grant_type: 'refresh_token',
      client_id: app.clientId,
      client_secret: app.clientSecret,
      refresh_token: 'not-a-token',
    });
    expect(refresh).toMatchObject({ status: 400, body: { error: 'unauthorized_client' } });
  });

  it("leaves GitHub's token endpoint as it was for a GitHub app", async () => {
    forge.oauthApps.add({
      clientId: 'gh-client',
      clientSecret: 's',
      callbackUrl: callback,
      name: 'GH',
    });
    const response = await fetch(`${forge.url}/login/oauth/access_token`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: 'gh-client',
        client_secret: 's',
        code: 'nope',
      }).toString(),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as TokenAnswer).error).toBe('bad_verification_code');
  });
});
