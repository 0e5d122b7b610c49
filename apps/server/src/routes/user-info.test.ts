import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { readPublicConf } from '../conf.js';
import { type SponsorshipOptions } from '../sponsors/sponsorship.js';
import { openSqliteSponsorStore } from '../sponsors/sqlite-sponsor-store.js';
import {
  type StandIn,
  deadUrl,
  startGithub,
  startGoogle,
  startStandIn,
} from '../sponsors/stand-ins.testkit.js';

/** Generous time-outs: the whole repository's tests share a small machine. */
const SLOW_MACHINE_MS = 20_000;

const CLIENT_ID = 'inkstone-test.apps.googleusercontent.com';
const NOW = Date.UTC(2026, 10, 22, 12);
const IN_A_YEAR = Date.UTC(2027, 10, 22, 12);

let github: StandIn;
let google: Awaited<ReturnType<typeof startGoogle>>;
beforeAll(async () => {
  [github, google] = await Promise.all([startGithub(), startGoogle()]);
});
afterAll(async () => {
  await Promise.all([github.close(), google.close()]);
});

let app: FastifyInstance;
let options: SponsorshipOptions;
async function build(identity: Partial<SponsorshipOptions['identity']> = {}) {
  const store = await openSqliteSponsorStore(
    join(mkdtempSync(join(tmpdir(), 'inkstone-userinfo-')), 'sponsors.sqlite'),
  );
  options = {
    store,
    identity: {
      githubApiUrl: github.url,
      googleCertsUrl: `${google.url}/oauth2/v3/certs`,
      googleClientId: CLIENT_ID,
      timeoutMs: 2000,
      ...identity,
    },
    paypal: {
      verifyUrl: 'http://127.0.0.1:9/unused',
      receiverEmails: ['x@example.com'],
      timeoutMs: 2000,
    },
    now: () => NOW,
  };
  app = await buildApp({
    conf: readPublicConf({ ALLOW_SPONSORSHIP: 'true' }),
    sponsorship: options,
  });
  await store.extendSponsorship('gh:42', { months: 12 }, 'TXN-GH', NOW);
  await store.extendSponsorship('go:1089', { months: 12 }, 'TXN-GO', NOW);
}
beforeEach(() => build(), SLOW_MACHINE_MS);
afterEach(async () => {
  await app.close();
  await options.store.close();
});

// The token goes in the Authorization header, its kind in the query; a query that is not
// exactly one token is sent as it is (and refused).
const get = (query: string) => {
  const one = /^(accessToken|idToken)=([^&]*)$/.exec(query);
  if (!one) return app.inject({ method: 'GET', url: `/userInfo?${query}` });
  return app.inject({
    method: 'GET',
    url: `/userInfo?tokenKind=${one[1]}`,
    headers: { authorization: `Bearer ${decodeURIComponent(one[2]!)}` },
  });
};
const idToken = (claims: object = {}, sign: { forge?: boolean; kid?: string } = {}) =>
  google.sign(
    {
      iss: 'https://accounts.google.com',
      aud: CLIENT_ID,
      sub: '1089',
      iat: NOW / 1000 - 60,
      exp: NOW / 1000 + 3600,
      ...claims,
    },
    sign,
  );

describe('GET /userInfo with a GitHub access token', { timeout: SLOW_MACHINE_MS }, () => {
  it("answers the sponsor's sponsorUntil, asking GitHub with the token in a header only", async () => {
    const response = await get('accessToken=gh-good');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ sponsorUntil: IN_A_YEAR });
    expect(response.headers['cache-control']).toBe('no-store');
    const asked = github.received.at(-1)!;
    expect(asked.url).toBe('/user');
    expect(asked.headers.authorization).toBe('Bearer gh-good');
  });

  it('answers 404 for a GitHub user who never sponsored', async () => {
    const response = await get('accessToken=gh-other');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Unknown user.');
  });

  it('answers 401 when GitHub refuses the token', async () => {
    const response = await get('accessToken=gh-revoked');
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toContain('gh-revoked');
  });

  it('answers 503 (RETRY) when GitHub is rate limited or failing', async () => {
    expect((await get('accessToken=gh-limited')).statusCode).toBe(503);
    expect((await get('accessToken=gh-down')).statusCode).toBe(503);
  });

  it('answers 502 (RETRY) when GitHub is unreachable, too slow or answers garbage', async () => {
    expect((await get('accessToken=gh-garbage')).statusCode).toBe(502);
    const started = Date.now();
    expect((await get('accessToken=gh-hang')).statusCode).toBe(502);
    expect(Date.now() - started).toBeLessThan(10_000);
    await app.close();
    await options.store.close();
    await build({ githubApiUrl: await deadUrl() });
    const response = await get('accessToken=gh-good');
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toContain('RETRY');
  });
});

describe('GET /userInfo with a Google id token', { timeout: SLOW_MACHINE_MS }, () => {
  it("answers the sponsor's sponsorUntil for a valid token, which never leaves the server", async () => {
    const before = google.received.length;
    const response = await get(`idToken=${idToken()}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ sponsorUntil: IN_A_YEAR });
    const fetched = google.received.slice(before);
    expect(fetched.every((request) => request.url === '/oauth2/v3/certs')).toBe(true);
    expect(fetched.every((request) => !request.headers.authorization)).toBe(true);
    // The keys are cached: a second lookup fetches nothing.
    await get(`idToken=${idToken()}`);
    expect(google.received.length).toBe(before + fetched.length);
  });

  it('answers 404 for a Google user who never sponsored', async () => {
    const response = await get(`idToken=${idToken({ sub: '2000' })}`);
    expect(response.statusCode).toBe(404);
  });

  it('answers 401 for a forged, expired, foreign or unknown-key token', async () => {
    const refused = [
      idToken({}, { forge: true }),
      idToken({ exp: NOW / 1000 - 3600 }),
      idToken({ aud: 'someone-else.apps.googleusercontent.com' }),
      idToken({ iss: 'https://evil.example.com' }),
      idToken({}, { kid: 'k2' }),
      idToken({ sub: undefined }),
    ];
    for (const token of refused) {
      const response = await get(`idToken=${token}`);
      expect(response.statusCode, token).toBe(401);
    }
    const audience = await get(`idToken=${idToken({ aud: 'other' })}`);
    expect(audience.json().message).toBe('Client ID inconsistent.');
  });

  it('answers 401 when Google sign-in is not configured', async () => {
    await app.close();
    await options.store.close();
    await build({ googleClientId: '' });
    expect((await get(`idToken=${idToken()}`)).statusCode).toBe(401);
  });

  it("answers 502 (RETRY) when Google's keys cannot be fetched", async () => {
    await app.close();
    await options.store.close();
    await build({ googleCertsUrl: await deadUrl() });
    expect((await get(`idToken=${idToken()}`)).statusCode).toBe(502);
    const broken = await startStandIn((_request, response) => response.end('not json'));
    await app.close();
    await options.store.close();
    await build({ googleCertsUrl: broken.url });
    expect((await get(`idToken=${idToken()}`)).statusCode).toBe(502);
    await broken.close();
  });
});

describe('GET /userInfo with bad input', { timeout: SLOW_MACHINE_MS }, () => {
  it('answers 400 with a clear message, and keeps answering', async () => {
    const bad = [
      '',
      'token=abc',
      'accessToken=',
      'idToken=',
      'accessToken=a&idToken=b',
      'accessToken=a&accessToken=b',
      'accessToken=has%20space',
      `accessToken=${'x'.repeat(9000)}`,
      'accessToken=%00%01',
      'idToken=not-a-jwt',
      'idToken=a.b.c',
      `idToken=${Buffer.from('{}').toString('base64url')}.e30.x.y`,
    ];
    for (const query of bad) {
      const response = await get(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toMatch(/idToken|accessToken|JWT/);
      if (query.startsWith('idToken='))
        expect(response.json().message, query).toMatch(/idToken|JWT/);
    }
    expect((await get('accessToken=gh-good')).statusCode).toBe(200);
  });

  it('refuses a token in the URL, which would reach logs', async () => {
    const response = await app.inject({ method: 'GET', url: '/userInfo?accessToken=gh-good' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/Authorization header/);
  });

  it('has no /userInfo when sponsorship is off', async () => {
    const off = await buildApp({ conf: readPublicConf({}) });
    expect((await off.inject({ method: 'GET', url: '/userInfo?accessToken=x' })).statusCode).toBe(
      404,
    );
    await off.close();
  });
});
