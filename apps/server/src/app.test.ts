import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { readPublicConf } from './conf.js';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

function fakeExport(): string {
  const root = mkdtempSync(join(tmpdir(), 'inkstone-web-'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Inkstone</title>');
  writeFileSync(join(root, '404.html'), '<!doctype html><title>Not found</title>');
  // Next writes a page's RSC payloads in a folder named as the page, beside its .html.
  mkdirSync(join(root, 'oauth2', 'callback'), { recursive: true });
  writeFileSync(join(root, 'oauth2', 'callback', '__next._tree.txt'), 'tree');
  writeFileSync(
    join(root, 'oauth2', 'callback.html'),
    '<!doctype html><title>Signing in</title><script>self.opener</script>',
  );
  writeFileSync(
    join(root, 'share.html'),
    '<!doctype html><title>Shared file</title><script>window.x=1</script>',
  );
  mkdirSync(join(root, 'share'));
  writeFileSync(join(root, 'share', '__next._full.txt'), 'segment');
  mkdirSync(join(root, '_next', 'static', 'chunks'), { recursive: true });
  writeFileSync(join(root, '_next', 'static', 'chunks', 'app.js'), 'console.log(1)');
  return root;
}

describe('GET /conf', () => {
  it('answers empty client ids and no sponsorship when nothing is configured', async () => {
    app = await buildApp({ conf: readPublicConf({}) });
    const response = await app.inject({ method: 'GET', url: '/conf' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      githubClientId: '',
      githubUrl: 'https://github.com',
      githubApiUrl: 'https://api.github.com',
      googleClientId: '',
      googleApiKey: '',
      googleUrl: '',
      giteaClientId: '',
      giteaUrl: '',
      gitlabClientId: '',
      gitlabUrl: '',
      giteeUrl: 'https://gitee.com',
      dropboxAppKey: '',
      dropboxAppKeyFull: '',
      dropboxUrl: '',
      wordpressClientId: '',
      wordpressUrl: '',
      zendeskUrl: 'https://{subdomain}.zendesk.com',
      allowSponsorship: false,
      paypalCheckoutUrl: 'https://www.paypal.com/cgi-bin/webscr',
      paypalButtons: [],
    });
  });

  it('answers the client ids set in the environment, and never a secret', async () => {
    const env = {
      GITHUB_CLIENT_ID: 'gh-id',
      GITHUB_CLIENT_SECRET: 'gh-secret-value',
      GITHUB_URL: 'https://ghe.example.org/',
      GITHUB_API_URL: 'https://ghe.example.org/api/v3/',
      GOOGLE_CLIENT_ID: 'google-id',
      GOOGLE_API_KEY: 'google-key',
      GOOGLE_URL: 'http://127.0.0.1:4300/',
      GITEA_CLIENT_ID: 'gitea-id',
      GITEA_CLIENT_SECRET: 'gitea-secret-value',
      GITEA_URL: 'https://gitea.example.org',
      GITLAB_CLIENT_ID: 'gitlab-id',
      GITLAB_URL: 'https://gitlab.example.org',
      GITEE_URL: 'http://127.0.0.1:4010/',
      DROPBOX_APP_KEY: 'dbx-restricted',
      DROPBOX_APP_KEY_FULL: 'dbx-full',
      DROPBOX_URL: 'http://127.0.0.1:4301/',
      ALLOW_SPONSORSHIP: 'true',
    };
    app = await buildApp({ conf: readPublicConf(env) });
    const response = await app.inject({ method: 'GET', url: '/conf' });
    expect(response.json()).toMatchObject({
      githubClientId: 'gh-id',
      githubUrl: 'https://ghe.example.org',
      githubApiUrl: 'https://ghe.example.org/api/v3',
      googleClientId: 'google-id',
      googleApiKey: 'google-key',
      googleUrl: 'http://127.0.0.1:4300',
      giteaClientId: 'gitea-id',
      giteaUrl: 'https://gitea.example.org',
      gitlabClientId: 'gitlab-id',
      gitlabUrl: 'https://gitlab.example.org',
      giteeUrl: 'http://127.0.0.1:4010',
      dropboxAppKey: 'dbx-restricted',
      dropboxAppKeyFull: 'dbx-full',
      dropboxUrl: 'http://127.0.0.1:4301',
      allowSponsorship: true,
    });
    expect(response.body).not.toContain('secret-value');
  });
});

describe('static web app', () => {
  it('serves the exported index page at / and hashed assets with a long cache', async () => {
    app = await buildApp({ conf: readPublicConf({}), webRoot: fakeExport() });
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<title>Inkstone</title>');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const asset = await app.inject({ method: 'GET', url: '/_next/static/chunks/app.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('serves the OAuth callback page at exactly /oauth2/callback, the redirect URI to register', async () => {
    app = await buildApp({ conf: readPublicConf({}), webRoot: fakeExport() });
    const page = await app.inject({ method: 'GET', url: '/oauth2/callback?code=c0de&state=s1' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<title>Signing in</title>');
    // Its inline script runs under the page's policy, by hash, as every page of the export.
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    // The code in its query must not leak to another site through the Referer header.
    expect(page.headers['referrer-policy']).toBe('no-referrer');
  });

  it('serves a page that has a folder of the same name beside it (/share, /share.html), with its policy', async () => {
    app = await buildApp({ conf: readPublicConf({}), webRoot: fakeExport() });
    for (const url of ['/share?id=abc', '/share.html?id=abc']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>Shared file</title>');
      expect(page.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    }
  });

  it('answers 404 with the exported not-found page for unknown paths', async () => {
    app = await buildApp({ conf: readPublicConf({}), webRoot: fakeExport() });
    const response = await app.inject({ method: 'GET', url: '/no/such/page' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Not found');
  });

  it('refuses to start when the web app was not built, saying what to do', async () => {
    await expect(
      buildApp({ conf: readPublicConf({}), webRoot: '/nonexistent/inkstone/out' }),
    ).rejects.toThrow(/not built.*pnpm build/);
  });
});
