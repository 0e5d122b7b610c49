import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestForge, type TestForge } from '../testing/harness.js';

let t: TestForge;
const callbackUrl = 'http://127.0.0.1:4999/oauth2/callback';
const app = { clientId: 'Iv1.forge', clientSecret: 'secret-1', callbackUrl, name: 'Inkstone' };

beforeAll(async () => {
  t = await startTestForge();
  t.forge.oauthApps.add(app);
  await t.api('POST', '/user/repos', { name: 'private-notes', private: true, auto_init: true });
  await t.api('POST', '/user/repos', { name: 'public-notes', auto_init: true });
});
afterAll(async () => {
  await t.forge.close();
});

const authorizeUrl = (params: Record<string, string>) =>
  `${t.forge.url}/login/oauth/authorize?${new URLSearchParams(params).toString()}`;

/** Submits the authorize page's form as the browser would, and gives the redirect. */
async function authorize(fields: Record<string, string>) {
  const response = await fetch(`${t.forge.url}/login/oauth/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  return response;
}

/** The token request exactly as the product's server sends it (apps/server token-request.ts). */
async function exchange(fields: Record<string, string>, accept = 'application/json') {
  const response = await fetch(`${t.forge.url}/login/oauth/access_token`, {
    method: 'POST',
    headers: {
      Accept: accept,
      'Content-Type': 'application/x-www-form-urlencoded',
      'User-Agent': 'Inkstone',
    },
    body: new URLSearchParams(fields).toString(),
    redirect: 'error',
  });
  return { response, text: await response.text() };
}

async function codeFor(scope: string, state = 'state-1') {
  const redirect = await authorize({
    client_id: app.clientId,
    redirect_uri: callbackUrl,
    scope,
    state,
    login: 'alice',
  });
  const location = new URL(redirect.headers.get('location') ?? '');
  return location.searchParams.get('code') ?? '';
}

describe('the authorize page', () => {
  it('asks who the user is, with a labelled field, the button and a Cancel link', async () => {
    const response = await fetch(
      authorizeUrl({
        client_id: app.clientId,
        redirect_uri: callbackUrl,
        scope: 'repo gist',
        state: 'xyz',
      }),
    );
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<title>Authorize Inkstone</title>');
    expect(html).toMatch(/<label for="login">Username<\/label>\s*<input id="login" name="login"/);
    expect(html).toContain('<button type="submit">Authorize Inkstone</button>');
    expect(html).toContain('<code>repo</code>, <code>gist</code>');
    const cancel = /<a href="([^"]+)">Cancel<\/a>/.exec(html)?.[1]?.replace(/&#38;/g, '&') ?? '';
    const denied = new URL(cancel);
    expect(`${denied.origin}${denied.pathname}`).toBe(callbackUrl);
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('state')).toBe('xyz');
  });

  it('redirects back with a code and the state echoed, and remembers the user', async () => {
    const response = await authorize({
      client_id: app.clientId,
      redirect_uri: `${callbackUrl}?from=popup`,
      scope: 'public_repo,gist',
      state: 'a b&c',
      login: 'alice',
    });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(callbackUrl);
    expect(location.searchParams.get('from')).toBe('popup');
    expect(location.searchParams.get('code')).toMatch(/^[0-9a-f]{20}$/);
    expect(location.searchParams.get('state')).toBe('a b&c');
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^forge_sim_login=alice;/);

    const again = await fetch(authorizeUrl({ client_id: app.clientId }), {
      headers: { cookie: cookie.split(';')[0] ?? '' },
    });
    expect(await again.text()).toContain('value="alice"');
  });

  it('refuses an unknown user on the page, without redirecting', async () => {
    const response = await authorize({ client_id: app.clientId, state: 's', login: 'nobody' });
    expect(response.status).toBe(422);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).toContain('Incorrect username.');
  });

  it('sends a redirect_uri outside the callback URL back to the callback, with no code', async () => {
    for (const redirect of ['http://evil.example/oauth2/callback', `${callbackUrl}evil`]) {
      const shown = await fetch(
        authorizeUrl({ client_id: app.clientId, redirect_uri: redirect, state: 's1' }),
        { redirect: 'manual' },
      );
      const posted = await authorize({
        client_id: app.clientId,
        redirect_uri: redirect,
        state: 's1',
        login: 'alice',
      });
      for (const response of [shown, posted]) {
        expect(response.status).toBe(302);
        const location = new URL(response.headers.get('location') ?? '');
        expect(`${location.origin}${location.pathname}`).toBe(callbackUrl);
        expect(location.searchParams.get('error')).toBe('redirect_uri_mismatch');
        expect(location.searchParams.get('state')).toBe('s1');
        expect(location.searchParams.get('code')).toBeNull();
      }
    }
    const unknownApp = await fetch(authorizeUrl({ client_id: 'nope' }));
    expect(unknownApp.status).toBe(404);
  });
});

describe('the token endpoint', () => {
  it('gives a token of the user with the granted scopes, as JSON or form-encoded', async () => {
    const asJson = await exchange({
      client_id: app.clientId,
      client_secret: app.clientSecret,
      code: await codeFor('public_repo gist'),
      redirect_uri: callbackUrl,
    });
    expect(asJson.response.status).toBe(200);
    expect(asJson.response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = JSON.parse(asJson.text) as Record<string, string>;
    expect(body.token_type).toBe('bearer');
    expect(body.scope).toBe('public_repo,gist');
    expect(body.access_token).toMatch(/^gho_/);

    const me = await t.api('GET', '/user', undefined, body.access_token);
    expect(me.status).toBe(200);
    expect(me.body.login).toBe('alice');
    expect(me.headers.get('x-oauth-scopes')).toBe('public_repo, gist');

    const asForm = await exchange(
      { client_id: app.clientId, client_secret: app.clientSecret, code: await codeFor('repo') },
      '*/*',
    );
    expect(asForm.response.headers.get('content-type')).toMatch(
      /^application\/x-www-form-urlencoded/,
    );
    const form = new URLSearchParams(asForm.text);
    expect(form.get('scope')).toBe('repo');
    expect(form.get('token_type')).toBe('bearer');
  });

  it('takes a JSON body too', async () => {
    const response = await fetch(`${t.forge.url}/login/oauth/access_token`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({
        client_id: app.clientId,
        client_secret: app.clientSecret,
        code: await codeFor('gist'),
      }),
    });
    expect(((await response.json()) as { scope: string }).scope).toBe('gist');
  });

  it("answers 200 {error:'bad_verification_code'} to a used or unknown code", async () => {
    const code = await codeFor('gist');
    const fields = { client_id: app.clientId, client_secret: app.clientSecret, code };
    expect((await exchange(fields)).response.status).toBe(200);
    for (const again of [fields, { ...fields, code: 'f'.repeat(20) }]) {
      const refused = await exchange(again);
      expect(refused.response.status).toBe(200);
      expect(JSON.parse(refused.text)).toEqual({
        error: 'bad_verification_code',
        error_description: 'The code passed is incorrect or expired.',
        error_uri: expect.stringMatching(/^https:\/\/docs\.github\.com\/.*#bad-verification-code$/),
      });
    }
  });

  it('fails once with a server-error fault, keeping the code for the retry', async () => {
    const code = await codeFor('gist');
    const fields = { client_id: app.clientId, client_secret: app.clientSecret, code };
    t.forge.faults.next({ status: 502, path: /^\/login\/oauth\/access_token/ });
    const failed = await exchange(fields);
    expect(failed.response.status).toBe(502);
    const retried = await exchange(fields);
    expect(JSON.parse(retried.text).scope).toBe('gist');
  });

  it('refuses a wrong client secret and a redirect_uri other than the callback', async () => {
    const secret = await exchange({
      client_id: app.clientId,
      client_secret: 'wrong',
      code: await codeFor('gist'),
    });
    expect(JSON.parse(secret.text).error).toBe('incorrect_client_credentials');
    const redirect = await exchange({
      client_id: app.clientId,
      client_secret: app.clientSecret,
      code: await codeFor('gist'),
      redirect_uri: 'http://evil.example/',
    });
    expect(JSON.parse(redirect.text).error).toBe('redirect_uri_mismatch');
  });
});

describe('what a token may do', () => {
  async function tokenWith(scope: string) {
    const { text } = await exchange({
      client_id: app.clientId,
      client_secret: app.clientSecret,
      code: await codeFor(scope),
    });
    return (JSON.parse(text) as { access_token: string }).access_token;
  }

  it('sees a private repository only with the repo scope', async () => {
    const publicOnly = await tokenWith('public_repo gist');
    expect((await t.api('GET', '/repos/alice/private-notes', undefined, publicOnly)).status).toBe(
      404,
    );
    expect((await t.api('GET', '/repos/alice/public-notes', undefined, publicOnly)).status).toBe(
      200,
    );
    const full = await tokenWith('repo gist');
    expect((await t.api('GET', '/repos/alice/private-notes', undefined, full)).status).toBe(200);
  });

  it('writes a public repository with public_repo, and nothing without a repo scope', async () => {
    const content = Buffer.from('hi').toString('base64');
    const publicOnly = await tokenWith('public_repo');
    const written = await t.api(
      'PUT',
      '/repos/alice/public-notes/contents/hi.md',
      { message: 'hi', content },
      publicOnly,
    );
    expect(written.status).toBe(201);
    const gistOnly = await tokenWith('gist');
    const refused = await t.api(
      'PUT',
      '/repos/alice/public-notes/contents/no.md',
      { message: 'no', content },
      gistOnly,
    );
    expect(refused.status).toBe(404);
  });
});
