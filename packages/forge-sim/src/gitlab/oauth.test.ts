import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGitLabTestForge, type GitLabTestForge } from '../testing/gitlab-harness.js';

let t: GitLabTestForge;
const callbackUrl = 'http://127.0.0.1:4999/oauth2/callback';
const app = { clientId: 'gl-app', clientSecret: 'gl-secret', callbackUrl, name: 'Inkstone' };
beforeAll(async () => {
  t = await startGitLabTestForge({ oauthTokenLifetime: 2 });
  t.forge.oauthApps.add(app);
});
afterAll(async () => {
  await t.forge.close();
});

/** Submits the authorize page's form as the browser would; gives the redirect's query. */
async function authorize(fields: Record<string, string>) {
  const response = await fetch(`${t.forge.url}/oauth/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ login: 'alice', ...fields }).toString(),
    redirect: 'manual',
  });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location') ?? '').searchParams;
}

async function token(fields: Record<string, string>) {
  const response = await fetch(`${t.forge.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      client_id: app.clientId,
      client_secret: app.clientSecret,
      ...fields,
    }).toString(),
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, string | number>,
  };
}

const asked = {
  client_id: app.clientId,
  redirect_uri: callbackUrl,
  response_type: 'code',
  scope: 'api read_user',
  state: 's1',
};

describe("GitLab's OAuth provider", () => {
  it('shows the authorize page, gives a code with the state, and trades it for a token', async () => {
    const page = await fetch(
      `${t.forge.url}/oauth/authorize?${new URLSearchParams(asked).toString()}`,
    );
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<form method="post" action="/oauth/authorize">');
    expect(html).toContain('<code>api</code>, <code>read_user</code>');
    const back = await authorize(asked);
    expect(back.get('state')).toBe('s1');
    const issued = await token({
      grant_type: 'authorization_code',
      code: back.get('code') ?? '',
      redirect_uri: callbackUrl,
    });
    expect(issued.status).toBe(200);
    expect(issued.body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 2,
      scope: 'api read_user',
    });
    expect(issued.body.created_at).toEqual(expect.any(Number));
    const me = await t.api('GET', '/user', undefined, String(issued.body.access_token));
    expect(me.body.username).toBe('alice');
    // A code is single-use.
    const again = await token({
      grant_type: 'authorization_code',
      code: back.get('code') ?? '',
      redirect_uri: callbackUrl,
    });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_grant');
  });

  it('refreshes: a working new token, the old refresh token refused, the old access token gone', async () => {
    const back = await authorize(asked);
    const first = await token({
      grant_type: 'authorization_code',
      code: back.get('code') ?? '',
      redirect_uri: callbackUrl,
    });
    const second = await token({
      grant_type: 'refresh_token',
      refresh_token: String(first.body.refresh_token),
    });
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.body.refresh_token);
    expect(second.body.access_token).not.toBe(first.body.access_token);
    expect((await t.api('GET', '/user', undefined, String(second.body.access_token))).status).toBe(
      200,
    );
    expect((await t.api('GET', '/user', undefined, String(first.body.access_token))).status).toBe(
      401,
    );
    const reused = await token({
      grant_type: 'refresh_token',
      refresh_token: String(first.body.refresh_token),
    });
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual({
      error: 'invalid_grant',
      error_description:
        'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.',
    });
  });

  it('expires an access token after its lifetime, with GitLab’s invalid_token answer', async () => {
    const back = await authorize(asked);
    const issued = await token({
      grant_type: 'authorization_code',
      code: back.get('code') ?? '',
      redirect_uri: callbackUrl,
    });
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const expired = await t.api('GET', '/user', undefined, String(issued.body.access_token));
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({
      error: 'invalid_token',
      error_description: 'Token is expired. You can either do re-authorization or token refresh.',
    });
  });

  it('checks a PKCE verifier (S256)', async () => {
    const verifier = 'a-verifier-of-at-least-forty-three-characters-long-xyz';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const pkce = { ...asked, code_challenge: challenge, code_challenge_method: 'S256' };
    const wrong = await token({
      grant_type: 'authorization_code',
      code: (await authorize(pkce)).get('code') ?? '',
      redirect_uri: callbackUrl,
      code_verifier: 'wrong',
    });
    expect(wrong.body.error).toBe('invalid_grant');
    const right = await token({
      grant_type: 'authorization_code',
      code: (await authorize(pkce)).get('code') ?? '',
      redirect_uri: callbackUrl,
      code_verifier: verifier,
    });
    expect(right.status).toBe(200);
  });

  it('refuses a wrong client, grant type, redirect URI or scope as Doorkeeper does', async () => {
    const client = await token({
      grant_type: 'refresh_token',
      refresh_token: 'x',
      client_secret: 'wrong',
    });
    expect(client.status).toBe(401);
    expect(client.body.error).toBe('invalid_client');
    const grant = await token({ grant_type: 'password' });
    expect(grant.body.error).toBe('unsupported_grant_type');
    const redirect = await fetch(
      `${t.forge.url}/oauth/authorize?${new URLSearchParams({ ...asked, redirect_uri: 'http://evil.example/cb' }).toString()}`,
      { redirect: 'manual' },
    );
    expect(redirect.status).toBe(400);
    expect(await redirect.text()).toContain('The redirect URI included is not valid.');
    const scope = await fetch(
      `${t.forge.url}/oauth/authorize?${new URLSearchParams({ ...asked, scope: 'admin_mode' }).toString()}`,
      { redirect: 'manual' },
    );
    const back = new URL(scope.headers.get('location') ?? '').searchParams;
    expect(back.get('error')).toBe('invalid_scope');
    expect(back.get('state')).toBe('s1');
  });
});
