import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSim, type TestSim } from '../testing/harness.js';
import {
  ARTICLE_READ_FIELDS,
  ARTICLE_UPDATE_FIELDS,
  TRANSLATION_READ_FIELDS,
  USER_FIELDS,
  ZENDESK_ROUTES,
} from './routes.js';
import { s256, type ZendeskUser } from './store.js';

interface Described {
  endpoints: { method: string; path: string; request?: { mandatory?: string[] } }[];
  objects: Record<string, { fields: string[]; readOnly?: string[] }>;
  oauth: {
    authorize: { method: string; path: string; query: string[] };
    token: { method: string; path: string; request: string[]; response: string[] };
  };
}
const described = JSON.parse(
  readFileSync(new URL('../../fixtures/zendesk/description.json', import.meta.url), 'utf8'),
) as Described;

const REDIRECT = 'http://127.0.0.1:9999/oauth2/callback';
let t: TestSim;
let ann: ZendeskUser;
let eve: ZendeskUser;
let section: number;
let group: number;
let token: string;
beforeAll(async () => {
  t = await startTestSim();
  const z = t.sim.zendesk;
  const centre = z.addHelpCentre('acme', ['en-us', 'fr']);
  group = [...centre.permissionGroups.keys()][0]!;
  ann = z.addUser('acme', { name: 'Ann Agent', email: 'ann@example.com' });
  eve = z.addUser('acme', { name: 'Eve', email: 'eve@example.com', role: 'end-user' });
  z.addClient('acme', { identifier: 'inkstone', redirectUris: [REDIRECT] });
  z.addHelpCentre('other');
  section = z.addSection('acme');
  token = z.issue('acme', ann.id).token;
});
afterAll(async () => {
  await t.sim.close();
});

const call = (method: string, path: string, body?: unknown, bearer: string | null = token) =>
  t.call(method, `/zendesk/acme${path}`, {
    token: bearer,
    ...(body === undefined ? {} : { body }),
  });
const newArticle = (article: Record<string, unknown>) =>
  call('POST', `/api/v2/help_center/sections/${section}/articles.json`, {
    article: { permission_group_id: group, user_segment_id: null, locale: 'en-us', ...article },
  });

describe('the sim keeps to the description transcribed from Zendesk’s reference', () => {
  it('answers only described paths and methods', () => {
    const api = described.endpoints.map((e) => `${e.method} ${e.path}`);
    const { authorize, token: tokens } = described.oauth;
    const all = [...api, `GET ${authorize.path}`, `POST ${authorize.path}`, `POST ${tokens.path}`];
    for (const route of ZENDESK_ROUTES) expect(all).toContain(`${route.method} ${route.path}`);
  });

  it('reads only described, writable fields', () => {
    const { article, translation } = described.objects;
    for (const field of ARTICLE_READ_FIELDS) expect(article!.fields, field).toContain(field);
    for (const field of ARTICLE_UPDATE_FIELDS) {
      expect(article!.fields, field).toContain(field);
      expect(article!.readOnly, field).not.toContain(field);
    }
    for (const field of TRANSLATION_READ_FIELDS) {
      expect(translation!.fields, field).toContain(field);
      expect(translation!.readOnly, field).not.toContain(field);
    }
    const create = described.endpoints.find((e) => e.method === 'POST')!;
    for (const field of create.request!.mandatory!) {
      expect(ARTICLE_READ_FIELDS as readonly string[]).toContain(field);
    }
  });

  it('answers only described fields', async () => {
    const me = await call('GET', '/api/v2/users/me.json');
    for (const key of Object.keys(me.body.user))
      expect(described.objects.user!.fields).toContain(key);
    expect(USER_FIELDS.length).toBe(Object.keys(me.body.user).length);
    const made = await newArticle({ title: 'Fields', body: '<p>x</p>' });
    for (const key of Object.keys(made.body.article)) {
      expect(described.objects.article!.fields, key).toContain(key);
    }
    const translation = await call(
      'GET',
      `/api/v2/help_center/articles/${made.body.article.id}/translations/en-us.json`,
    );
    for (const key of Object.keys(translation.body.translation)) {
      expect(described.objects.translation!.fields, key).toContain(key);
    }
    const groups = await call('GET', '/api/v2/guide/permission_groups.json');
    for (const key of Object.keys(groups.body.permission_groups[0])) {
      expect(described.objects.permission_group!.fields, key).toContain(key);
    }
  });
});

describe('Zendesk Help Center API', () => {
  it('answers Show Self about the token’s user', async () => {
    const me = await call('GET', '/api/v2/users/me.json');
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ id: ann.id, name: 'Ann Agent', role: 'admin' });
  });

  it('creates an article in a section, then updates its translation and its labels', async () => {
    const made = await newArticle({
      title: 'Hello',
      body: '<p>One</p>',
      label_names: ['a', 'b'],
    });
    expect(made.status).toBe(201);
    const id = made.body.article.id as number;
    expect(made.body.article).toMatchObject({
      section_id: section,
      title: 'Hello',
      body: '<p>One</p>',
      draft: false,
      locale: 'en-us',
      label_names: ['a', 'b'],
      author_id: ann.id,
    });
    const put = await call('PUT', `/api/v2/help_center/articles/${id}/translations/en-us.json`, {
      translation: { title: 'Hello again', body: '<p>Two</p>', draft: true },
    });
    expect(put.status).toBe(200);
    expect(put.body.translation).toMatchObject({
      title: 'Hello again',
      draft: true,
      source_id: id,
    });
    const labels = await call('PUT', `/api/v2/help_center/articles/${id}.json`, {
      article: { label_names: ['c'], title: 'ignored' },
    });
    expect(labels.body.article).toMatchObject({ label_names: ['c'], title: 'Hello again' });
    const read = await call('GET', `/api/v2/help_center/articles/${id}.json`);
    expect(read.body.article).toMatchObject({ body: '<p>Two</p>', draft: true });
  });

  it('answers RecordNotFound, RecordInvalid and Forbidden in Zendesk’s error shape', async () => {
    const noSection = await call('POST', '/api/v2/help_center/sections/1/articles.json', {
      article: { title: 'x', locale: 'en-us', permission_group_id: group, user_segment_id: null },
    });
    expect(noSection.status).toBe(404);
    expect(noSection.body).toEqual({ error: 'RecordNotFound', description: 'Not found' });
    const noArticle = await call('PUT', '/api/v2/help_center/articles/1/translations/en-us.json', {
      translation: { title: 'x' },
    });
    expect(noArticle.status).toBe(404);
    const blank = await newArticle({ title: ' ' });
    expect(blank.status).toBe(422);
    expect(blank.body).toMatchObject({ error: 'RecordInvalid', details: { title: [{}] } });
    const noGroup = await call('POST', `/api/v2/help_center/sections/${section}/articles.json`, {
      article: { title: 'x', locale: 'en-us' },
    });
    expect(noGroup.status).toBe(422);
    expect(Object.keys(noGroup.body.details)).toEqual(['permission_group_id']);
    const made = await newArticle({ title: 'Only English' });
    const noLocale = await call(
      'PUT',
      `/api/v2/help_center/articles/${made.body.article.id}/translations/fr.json`,
      { translation: { title: 'x' } },
    );
    expect(noLocale.status).toBe(404);
    const eves = t.sim.zendesk.issue('acme', eve.id).token;
    const denied = await call(
      'POST',
      `/api/v2/help_center/sections/${section}/articles.json`,
      { article: { title: 'x' } },
      eves,
    );
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe('Forbidden');
    const readOnly = t.sim.zendesk.issue('acme', ann.id, ['read']).token;
    expect(
      (
        await call(
          'PUT',
          `/api/v2/help_center/articles/${made.body.article.id}.json`,
          { article: {} },
          readOnly,
        )
      ).status,
    ).toBe(403);
  });

  it('refuses a missing, revoked or other help centre’s token with 401 invalid_token', async () => {
    expect((await call('GET', '/api/v2/users/me.json', undefined, null)).status).toBe(401);
    const other = t.sim.zendesk.issue('other', ann.id).token;
    expect((await call('GET', '/api/v2/users/me.json', undefined, other)).status).toBe(401);
    const revoked = t.sim.zendesk.issue('acme', ann.id).token;
    t.sim.zendesk.revoke(revoked);
    const answer = await call('GET', '/api/v2/users/me.json', undefined, revoked);
    expect(answer.status).toBe(401);
    expect(answer.body.error).toBe('invalid_token');
    const another = t.sim.zendesk.issue('acme', eve.id).token;
    t.sim.zendesk.revokeAll('acme', eve.id);
    expect((await call('GET', '/api/v2/users/me.json', undefined, another)).status).toBe(401);
    expect((await call('GET', '/api/v2/users/me.json')).status).toBe(200);
  });

  it('serves faults: a 5xx in its error shape, 429 with Retry-After, an expired token', async () => {
    t.sim.faults.next({ path: /^\/zendesk\/acme\/api\//, status: 503 });
    const failed = await call('GET', '/api/v2/users/me.json');
    expect(failed.status).toBe(503);
    expect(typeof failed.body.error).toBe('string');
    t.sim.faults.next({ path: /^\/zendesk\//, rateLimit: true, retryAfter: 7 });
    const limited = await call('GET', '/api/v2/users/me.json');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    t.sim.faults.next({ path: /^\/zendesk\//, expiredToken: true });
    expect((await call('GET', '/api/v2/users/me.json')).status).toBe(401);
  });
});

describe('OAuth (authorization code grant with PKCE)', () => {
  const verifier = 'v'.repeat(50);
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: 'inkstone',
    redirect_uri: REDIRECT,
    scope: 'read hc:write',
    state: 's1',
    code_challenge: s256(verifier),
    code_challenge_method: 'S256',
  });
  const authorize = '/zendesk/acme/oauth/authorizations/new';

  it('documents its parameters in the description', () => {
    for (const name of query.keys()) expect(described.oauth.authorize.query).toContain(name);
    for (const name of ['grant_type', 'code', 'client_id', 'redirect_uri', 'code_verifier']) {
      expect(described.oauth.token.request).toContain(name);
    }
  });

  it('shows Email, Allow and Cancel; Allow gives a code the verifier exchanges for a token', async () => {
    const page = await t.call('GET', `${authorize}?${query.toString()}`, { token: null });
    expect(page.status).toBe(200);
    expect(page.text).toContain('Allow');
    const form = new URLSearchParams(query);
    form.set('email', 'ann@example.com');
    const allowed = await t.call('POST', authorize, {
      token: null,
      body: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(allowed.status).toBe(302);
    const location = new URL(allowed.headers.get('location')!);
    expect(location.searchParams.get('state')).toBe('s1');
    const code = location.searchParams.get('code')!;
    const exchange = (codeVerifier: string) =>
      t.call('POST', '/zendesk/acme/oauth/tokens', {
        token: null,
        body: {
          grant_type: 'authorization_code',
          code,
          client_id: 'inkstone',
          redirect_uri: REDIRECT,
          code_verifier: codeVerifier,
        },
      });
    const answer = await exchange(verifier);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ token_type: 'bearer', scope: 'read hc:write' });
    for (const key of Object.keys(answer.body))
      expect(described.oauth.token.response).toContain(key);
    const me = await call('GET', '/api/v2/users/me.json', undefined, answer.body.access_token);
    expect(me.body.user.id).toBe(ann.id);
    expect((await exchange(verifier)).body.error).toBe('invalid_grant'); // used once
  });

  it('refuses a wrong verifier, a public client without PKCE, and redirects Cancel with access_denied', async () => {
    const form = new URLSearchParams(query);
    form.set('email', 'ann@example.com');
    const allowed = await t.call('POST', authorize, {
      token: null,
      body: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const code = new URL(allowed.headers.get('location')!).searchParams.get('code')!;
    const wrong = await t.call('POST', '/zendesk/acme/oauth/tokens', {
      token: null,
      body: {
        grant_type: 'authorization_code',
        code,
        client_id: 'inkstone',
        redirect_uri: REDIRECT,
        code_verifier: 'x'.repeat(50),
      },
    });
    expect(wrong.status).toBe(400);
    const plain = new URLSearchParams(query);
    plain.delete('code_challenge');
    const noPkce = await t.call('GET', `${authorize}?${plain.toString()}`, { token: null });
    expect(new URL(noPkce.headers.get('location')!).searchParams.get('error')).toBe(
      'invalid_request',
    );
    const cancel = new URLSearchParams(query);
    cancel.set('cancel', '1');
    const cancelled = await t.call('GET', `${authorize}?${cancel.toString()}`, { token: null });
    expect(new URL(cancelled.headers.get('location')!).searchParams.get('error')).toBe(
      'access_denied',
    );
  });
});
