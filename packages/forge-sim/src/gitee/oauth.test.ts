import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startForgeSim, type ForgeSim } from '../server.js';
import { authorizeAs, callApi, type TokenAnswer } from '../testing/dialect-client.js';

let forge: ForgeSim;

const callback = 'http://127.0.0.1:4997/oauth2/callback';
const app = {
  clientId: 'gitee-client',
  clientSecret: 'gitee-secret',
  callbackUrl: callback,
  name: 'Inkstone',
  dialect: 'gitee' as const,
};

beforeAll(async () => {
  forge = await startForgeSim({ port: 0 });
  forge.users.add({ login: 'gina', token: 'gina_personal_token' });
  forge.oauthApps.add(app);
  await forge.repos.create({
    owner: 'gina',
    name: 'notes',
    autoInit: true,
    defaultBranch: 'master',
  });
});
afterAll(async () => {
  await forge.close();
});

/** POST {url}/oauth/token with the parameters in the query, as Gitee's documentation shows it. */
async function token(fields: Record<string, string>) {
  const response = await fetch(
    `${forge.url}/oauth/token?${new URLSearchParams(fields).toString()}`,
    {
      method: 'POST',
    },
  );
  return { status: response.status, body: (await response.json()) as TokenAnswer };
}

describe("Gitee's OAuth", () => {
  it('shows the authorize page at /oauth/authorize', async () => {
    const page = await fetch(
      `${forge.url}/oauth/authorize?client_id=${app.clientId}&redirect_uri=${encodeURIComponent(callback)}&response_type=code&scope=user_info%20projects%20gists`,
    );
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Authorize Inkstone');
  });

  it('trades a code for a one-day token and a refresh token; 401 once expired on user and tree calls', async () => {
    const { code } = await authorizeAs(forge.url, 'gina', {
      client_id: app.clientId,
      redirect_uri: callback,
      scope: 'user_info projects gists',
    });
    const first = await token({
      grant_type: 'authorization_code',
      code,
      client_id: app.clientId,
      client_secret: app.clientSecret,
      redirect_uri: callback,
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      token_type: 'bearer',
      expires_in: 86400,
      scope: 'user_info projects gists',
    });
    const me = () =>
      callApi(forge.giteeApiUrl, 'GET', '/user', { sign: { query: first.body.access_token } });
    const tree = () =>
      callApi(forge.giteeApiUrl, 'GET', '/repos/gina/notes/git/trees/master?recursive=1', {
        sign: { query: first.body.access_token },
      });
    expect((await me()).body.login).toBe('gina');
    expect((await tree()).status).toBe(200);

    forge.giteeTokens.expire(first.body.access_token);
    expect(await me()).toMatchObject({
      status: 401,
      body: { message: '401 Unauthorized: Access token is expired' },
    });
    expect((await tree()).status).toBe(401);

    const refreshed = await token({
      grant_type: 'refresh_token',
      refresh_token: first.body.refresh_token,
      client_id: app.clientId,
      client_secret: app.clientSecret,
    });
    expect(refreshed.status).toBe(200);
    const again = await callApi(forge.giteeApiUrl, 'GET', '/user', {
      sign: { query: refreshed.body.access_token },
    });
    expect(again.body.login).toBe('gina');
    // Gitee's refresh token is spent by its use.
    const reused = await token({
      grant_type: 'refresh_token',
      refresh_token: first.body.refresh_token,
      client_id: app.clientId,
      client_secret: app.clientSecret,
    });
    expect(reused).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('refuses a wrong client secret (401 invalid_client) and a spent code (400 invalid_grant)', async () => {
    const secret = await token({
      grant_type: 'authorization_code',
      code: 'x',
      client_id: app.clientId,
      client_secret: 'no',
    });
    expect(secret).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    const code = await token({
      grant_type: 'authorization_code',
      code: 'x',
      client_id: app.clientId,
      client_secret: app.clientSecret,
    });
    expect(code).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });
});
