import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { readPublicConf } from './conf.js';
import { DEFAULT_LIMITS, readLimits } from './limits.js';
import { readOAuthConf } from './oauth/oauth-conf.js';
import { readSecurityConf } from './security-headers.js';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const THEME_SCRIPT = "document.documentElement.dataset.theme='dark'";

function fakeExport(): string {
  const root = mkdtempSync(join(tmpdir(), 'inkstone-web-'));
  const page = (title: string) =>
    `<!doctype html><html><head><script>${THEME_SCRIPT}</script><script src="/_next/a.js" async=""></script></head>` +
    `<body><h1>${title}</h1><script>(self.__next_f=self.__next_f||[]).push([0])</script><script></script></body></html>`;
  writeFileSync(join(root, 'index.html'), page('Inkstone'));
  writeFileSync(join(root, '404.html'), page('Not found'));
  mkdirSync(join(root, '_next', 'static', 'chunks'), { recursive: true });
  writeFileSync(join(root, '_next', 'static', 'chunks', 'turbopack-worker-abc123.js'), '');
  writeFileSync(join(root, '_next', 'static', 'chunks', 'app-abc123.js'), '');
  mkdirSync(join(root, 'themes'));
  writeFileSync(join(root, 'themes', 'edit-theme-plain.css'), 'body{}');
  return root;
}

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('GET /health', () => {
  it('answers 200 {status: ok}, not cached', async () => {
    app = await buildApp({ conf: readPublicConf({}) });
    const response = await app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('bad requests get a clear 4xx and the server keeps answering', () => {
  it.each([
    ['POST', '/conf'],
    ['PUT', '/health'],
    ['DELETE', '/oauth2/githubToken'],
    ['POST', '/giteeClientId'],
  ])('%s %s is a 405 naming GET', async (method, url) => {
    app = await buildApp({ conf: readPublicConf({}), webRoot: fakeExport() });
    const response = await app.inject({ method: method as 'POST', url });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
    expect(response.json().message).toBe(`${url} takes GET only.`);
  });

  it('PATCH /oauth2/giteaToken is a 405 naming GET and POST (the token routes take both)', async () => {
    app = await buildApp({ conf: readPublicConf({}), webRoot: fakeExport() });
    const response = await app.inject({ method: 'PATCH', url: '/oauth2/giteaToken' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD, POST');
    expect(response.json().message).toBe('/oauth2/giteaToken takes GET or POST only.');
  });

  it('HEAD works where GET does', async () => {
    app = await buildApp({ conf: readPublicConf({}) });
    expect((await app.inject({ method: 'HEAD', url: '/conf' })).statusCode).toBe(200);
  });

  it('an unknown API path asked with POST is a JSON 404; a page GET gets the not-found page', async () => {
    app = await buildApp({ conf: readPublicConf({}), webRoot: fakeExport() });
    const post = await app.inject({ method: 'POST', url: '/nothing', payload: { a: 1 } });
    expect(post.statusCode).toBe(404);
    expect(post.json().message).toBe('Nothing at POST /nothing.');
    const page = await app.inject({ method: 'GET', url: '/nothing' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Not found');
  });

  it('a body larger than the limit is a 413', async () => {
    app = await buildApp({
      conf: readPublicConf({}),
      limits: { ...DEFAULT_LIMITS, bodyLimitBytes: 1024 },
    });
    app.post('/echo', async (request) => request.body);
    const big = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(2000) }),
    });
    expect(big.statusCode).toBe(413);
    const small = await app.inject({ method: 'POST', url: '/echo', payload: { text: 'ok' } });
    expect(small.statusCode).toBe(200);
  });

  it('a body sent to a GET endpoint, of any type or size, does not make a 5xx', async () => {
    app = await buildApp({ conf: readPublicConf({}) });
    for (const [type, payload] of [
      ['application/json', '{"broken'],
      ['application/xml', '<a/>'],
      ['text/plain', 'x'.repeat(100_000)],
      ['multipart/form-data; boundary=x', '--x--'],
    ] as const) {
      const response = await app.inject({
        method: 'GET',
        url: '/conf',
        headers: { 'content-type': type },
        payload,
      });
      expect(response.statusCode, type).toBeLessThan(500);
    }
    expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });

  it('a POST with an unsupported content type or broken JSON is a 4xx', async () => {
    app = await buildApp({ conf: readPublicConf({}) });
    app.post('/echo', async (request) => request.body);
    const xml = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    const broken = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken',
    });
    expect(broken.statusCode).toBe(400);
  });

  it('a malformed URL is a 4xx', async () => {
    app = await buildApp({
      conf: readPublicConf({}),
      oauth: readOAuthConf({ GITHUB_CLIENT_ID: 'a', GITHUB_CLIENT_SECRET: 'b' }),
    });
    const response = await app.inject({
      method: 'GET',
      url: '/oauth2/githubToken?clientId=%E0%A4%A&code=%',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});

describe('rate limits', () => {
  const limits = { ...DEFAULT_LIMITS, rateLimitMax: 5, rateLimitStrictMax: 2 };

  it('answers 429 with Retry-After past the general limit, per client address', async () => {
    app = await buildApp({ conf: readPublicConf({}), limits });
    for (let i = 0; i < 5; i += 1) {
      expect((await app.inject({ method: 'GET', url: '/conf' })).statusCode).toBe(200);
    }
    const limited = await app.inject({ method: 'GET', url: '/conf' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const other = await app.inject({ method: 'GET', url: '/conf', remoteAddress: '10.0.0.2' });
    expect(other.statusCode).toBe(200);
  });

  it('holds /oauth2/* to the strict limit', async () => {
    app = await buildApp({ conf: readPublicConf({}), limits });
    const url = '/oauth2/githubToken?clientId=a&code=b';
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(400);
    const limited = await app.inject({ method: 'GET', url });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });

  it('limits static files and not-found pages too', async () => {
    app = await buildApp({ conf: readPublicConf({}), limits, webRoot: fakeExport() });
    const codes: number[] = [];
    for (let i = 0; i < 6; i += 1)
      codes.push((await app.inject({ method: 'GET', url: i % 2 ? '/' : '/nope' })).statusCode);
    expect(codes).toEqual([404, 200, 404, 200, 404, 429]);
  });

  it('does not count the build’s asset files, which a first visit fetches by the hundred', async () => {
    app = await buildApp({ conf: readPublicConf({}), limits, webRoot: fakeExport() });
    // The offline app's first download of the whole build, and a reload's scripts after it.
    for (let i = 0; i < 20; i += 1) {
      const url =
        i % 2
          ? '/_next/static/chunks/app-abc123.js'
          : '/themes/edit-theme-plain.css?__WB_REVISION__=1';
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    }
    // Pages and files not in the build count, as before.
    const codes: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const url = i % 2 ? '/' : '/_next/static/chunks/missing.js';
      codes.push((await app.inject({ method: 'GET', url })).statusCode);
    }
    expect(codes).toEqual([404, 200, 404, 200, 404, 429]);
  });

  it('reads its limits from the environment and refuses nonsense', () => {
    expect(readLimits({})).toEqual(DEFAULT_LIMITS);
    expect(
      readLimits({
        RATE_LIMIT_MAX: '100',
        RATE_LIMIT_STRICT_MAX: '3',
        RATE_LIMIT_WINDOW_MS: '1000',
        BODY_LIMIT_BYTES: '2048',
        TRUST_PROXY: '10.0.0.0/8',
      }),
    ).toEqual({
      rateLimitMax: 100,
      rateLimitStrictMax: 3,
      rateLimitWindowMs: 1000,
      bodyLimitBytes: 2048,
      trustProxy: '10.0.0.0/8',
    });
    expect(readLimits({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(() => readLimits({ RATE_LIMIT_MAX: 'lots' })).toThrow(
      /RATE_LIMIT_MAX must be a positive whole number/,
    );
    expect(() => readLimits({ BODY_LIMIT_BYTES: '-1' })).toThrow(/BODY_LIMIT_BYTES/);
  });
});

describe('security headers', () => {
  it('sends each page a CSP allowing exactly its inline scripts by hash, no unsafe-inline script', async () => {
    app = await buildApp({ conf: readPublicConf({}), webRoot: fakeExport() });
    const page = await app.inject({ method: 'GET', url: '/' });
    const policy = String(page.headers['content-security-policy']);
    const scriptSrc = policy.split('; ').find((directive) => directive.startsWith('script-src'));
    expect(scriptSrc).toBe(
      `script-src 'self' ${sha(THEME_SCRIPT)} ${sha('(self.__next_f=self.__next_f||[]).push([0])')} https://apis.google.com https://www.dropbox.com`,
    );
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).toContain("connect-src 'self' https: http:");
    expect(policy).toContain(
      "frame-src 'self' https://accounts.google.com https://www.dropbox.com;",
    );
    expect(policy).toContain('img-src * data: blob:');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const notFound = await app.inject({ method: 'GET', url: '/missing' });
    expect(String(notFound.headers['content-security-policy'])).toContain(sha(THEME_SCRIPT));
  });

  it("lets the page reach Google's hosts, and the configured Google stand-in", async () => {
    const security = readSecurityConf({ CSP_CONNECT_SRC: "'self'" });
    app = await buildApp({
      conf: readPublicConf({ GOOGLE_URL: 'http://127.0.0.1:4300/' }),
      webRoot: fakeExport(),
      security,
    });
    const policy = String(
      (await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'],
    );
    const directive = (name: string) =>
      policy.split('; ').find((entry) => entry.startsWith(`${name} `));
    expect(directive('connect-src')).toBe(
      "connect-src 'self' https://www.googleapis.com https://people.googleapis.com https://oauth2.googleapis.com http://127.0.0.1:4300 https://api.dropboxapi.com https://content.dropboxapi.com https://public-api.wordpress.com https://*.zendesk.com",
    );
    expect(directive('frame-src')).toBe(
      "frame-src 'self' https://accounts.google.com http://127.0.0.1:4300 https://www.dropbox.com",
    );
    expect(directive('script-src')).toMatch(
      /^script-src 'self' 'sha256-.* https:\/\/apis\.google\.com https:\/\/www\.dropbox\.com$/,
    );
    expect(directive('script-src')).not.toContain('127.0.0.1:4300');
  });

  it("lets the page reach Dropbox's API hosts, and the configured Dropbox stand-in", async () => {
    app = await buildApp({
      conf: readPublicConf({ DROPBOX_URL: 'http://127.0.0.1:4301/' }),
      webRoot: fakeExport(),
      security: readSecurityConf({ CSP_CONNECT_SRC: "'self'" }),
    });
    const policy = String(
      (await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'],
    );
    expect(policy.split('; ').find((entry) => entry.startsWith('connect-src '))).toBe(
      "connect-src 'self' https://www.googleapis.com https://people.googleapis.com https://oauth2.googleapis.com https://api.dropboxapi.com https://content.dropboxapi.com http://127.0.0.1:4301 https://public-api.wordpress.com https://*.zendesk.com",
    );
  });

  it("lets the page reach Zendesk's help centres, and a help-centre stand-in once", async () => {
    app = await buildApp({
      conf: readPublicConf({
        DROPBOX_URL: 'http://127.0.0.1:4301/',
        ZENDESK_URL: 'http://127.0.0.1:4302/zendesk/{subdomain}',
      }),
      webRoot: fakeExport(),
      security: readSecurityConf({ CSP_CONNECT_SRC: "'self'" }),
    });
    const policy = String(
      (await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'],
    );
    const connect = policy.split('; ').find((entry) => entry.startsWith('connect-src '))!;
    expect(connect).toContain(' https://*.zendesk.com http://127.0.0.1:4302');
    app = await buildApp({
      conf: readPublicConf({
        ZENDESK_URL: 'http://127.0.0.1:4302/zendesk/{subdomain}',
        GOOGLE_URL: 'http://127.0.0.1:4302',
      }),
      webRoot: fakeExport(),
      security: readSecurityConf({ CSP_CONNECT_SRC: "'self'" }),
    });
    const again = String(
      (await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'],
    );
    const sources = again
      .split('; ')
      .find((entry) => entry.startsWith('connect-src '))!
      .split(' ');
    expect(sources.filter((source) => source === 'http://127.0.0.1:4302')).toHaveLength(1);
  });

  it("lets the page reach WordPress.com's API, and the configured stand-in once", async () => {
    app = await buildApp({
      conf: readPublicConf({
        DROPBOX_URL: 'http://127.0.0.1:4301/',
        WORDPRESS_URL: 'http://127.0.0.1:4301/wpcom',
      }),
      webRoot: fakeExport(),
      security: readSecurityConf({ CSP_CONNECT_SRC: "'self'" }),
    });
    const policy = String(
      (await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'],
    );
    const connect = policy.split('; ').find((entry) => entry.startsWith('connect-src '))!;
    expect(connect).toContain(' https://public-api.wordpress.com');
    expect(connect.split(' ').filter((source) => source === 'http://127.0.0.1:4301')).toHaveLength(
      1,
    );
    // The stand-in serves the Chooser's script (cloud-sim's dropins.js) in Dropbox's stead.
    expect(policy.split('; ').find((entry) => entry.startsWith('script-src '))).toMatch(
      /https:\/\/www\.dropbox\.com http:\/\/127\.0\.0\.1:4301$/,
    );
  });

  it('lets only the workers evaluate code (templates), with no network at all', async () => {
    app = await buildApp({ conf: readPublicConf({}), webRoot: fakeExport() });
    const worker = await app.inject({
      method: 'GET',
      url: '/_next/static/chunks/turbopack-worker-abc123.js',
    });
    expect(worker.headers['content-security-policy']).toBe(
      "default-src 'none'; script-src 'self' 'unsafe-eval'; connect-src 'none'; worker-src 'none'",
    );
    const chunk = await app.inject({ method: 'GET', url: '/_next/static/chunks/app-abc123.js' });
    expect(String(chunk.headers['content-security-policy'])).not.toContain('unsafe-eval');
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(String(page.headers['content-security-policy'])).not.toContain('unsafe-eval');
  });

  it('sends API answers the same policy without hashes', async () => {
    app = await buildApp({ conf: readPublicConf({}) });
    const response = await app.inject({ method: 'GET', url: '/conf' });
    expect(response.headers['content-security-policy']).toMatch(
      /^default-src 'self'; script-src 'self' https:\/\/apis\.google\.com https:\/\/www\.dropbox\.com; /,
    );
  });

  it('takes connect-src, frame-ancestors and report-only from the environment', async () => {
    const security = readSecurityConf({
      CSP_CONNECT_SRC: "'self' https://couch.example.org",
      CSP_FRAME_ANCESTORS: 'https://host.example.org',
      CSP_REPORT_ONLY: 'true',
    });
    app = await buildApp({ conf: readPublicConf({}), security });
    const response = await app.inject({ method: 'GET', url: '/health' });
    expect(response.headers['content-security-policy']).toBeUndefined();
    const policy = String(response.headers['content-security-policy-report-only']);
    expect(policy).toContain("connect-src 'self' https://couch.example.org");
    expect(policy).toContain('frame-ancestors https://host.example.org');
    // X-Frame-Options cannot name another origin, so it is left out.
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(() => readSecurityConf({ CSP_CONNECT_SRC: "'self'; script-src *" })).toThrow(
      /CSP_CONNECT_SRC/,
    );
  });
});
