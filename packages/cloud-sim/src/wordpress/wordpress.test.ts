import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSim, type TestSim } from '../testing/harness.js';
import { ANSWERED_FIELDS, READ_FIELDS, WPCOM_AUTHORIZE_PATH } from './routes.js';
import type { WpcomSite, WpcomUser } from './store.js';

interface Declared {
  endpoints: { path: string; method: string; request_format: string[]; status: string[] }[];
  post_object_format: { fields: string[] };
}
const declared = JSON.parse(
  readFileSync(new URL('../../fixtures/wordpress/endpoints.json', import.meta.url), 'utf8'),
) as Declared;

let t: TestSim;
let ann: WpcomUser;
let bob: WpcomUser;
let site: WpcomSite;
let token: string;
beforeAll(async () => {
  t = await startTestSim();
  const store = t.sim.wordpress;
  ann = store.addUser({ username: 'ann', display_name: 'Ann Writer', email: 'ann@example.com' });
  bob = store.addUser({ username: 'bob', display_name: 'Bob', email: 'bob@example.com' });
  site = store.addSite({ name: 'annwrites', ownerId: ann.ID });
  token = store.issue(ann.ID).token;
  store.addClient({ clientId: '12345', redirectUris: ['http://127.0.0.1:9999/wp/callback'] });
});
afterAll(async () => {
  await t.sim.close();
});

const call = (method: string, path: string, body?: unknown, bearer: string | null = token) =>
  t.call(method, `/wpcom${path}`, { token: bearer, ...(body === undefined ? {} : { body }) });

describe('the sim keeps to the Jetpack endpoint definitions', () => {
  it('reads only fields the create and edit endpoints declare', () => {
    const [create, edit] = declared.endpoints;
    expect(create!.path).toBe('/sites/%s/posts/new');
    expect(edit!.path).toBe('/sites/%s/posts/%d');
    for (const field of READ_FIELDS) {
      expect(create!.request_format, field).toContain(field);
      expect(edit!.request_format, field).toContain(field);
    }
  });

  it('answers only fields the post object format declares', async () => {
    for (const field of ANSWERED_FIELDS)
      expect(declared.post_object_format.fields).toContain(field);
    const made = await call('POST', `/rest/v1.2/sites/${site.domain}/posts/new`, { title: 'x' });
    for (const key of Object.keys(made.body)) {
      expect(declared.post_object_format.fields, key).toContain(key);
    }
  });
});

describe('WordPress.com REST v1.1/v1.2', () => {
  it('answers /me about the token’s user', async () => {
    const me = await call('GET', '/rest/v1.1/me');
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      ID: ann.ID,
      display_name: 'Ann Writer',
      username: 'ann',
      email: 'ann@example.com',
    });
  });

  it('creates a post by site domain, then updates the same post by site ID', async () => {
    const made = await call('POST', `/rest/v1.2/sites/${site.domain}/posts/new`, {
      title: 'Hello',
      content: '<p>One</p>',
      tags: 'a, b',
      categories: ['Notes'],
      excerpt: 'Short',
    });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({
      site_ID: site.ID,
      title: 'Hello',
      content: '<p>One</p>',
      status: 'publish',
      excerpt: 'Short',
      author: { ID: ann.ID, login: 'ann' },
    });
    expect(Object.keys(made.body.tags)).toEqual(['a', 'b']);
    expect(made.body.URL).toMatch(
      /^https:\/\/annwrites\.wordpress\.com\/\d{4}\/\d{2}\/\d{2}\/hello\/$/,
    );
    const edited = await call('POST', `/rest/v1.2/sites/${site.ID}/posts/${made.body.ID}`, {
      content: '<p>Two</p>',
      status: 'draft',
    });
    expect(edited.body).toMatchObject({
      ID: made.body.ID,
      title: 'Hello',
      content: '<p>Two</p>',
      status: 'draft',
    });
    const read = await call('GET', `/rest/v1.1/sites/${site.domain}/posts/${made.body.ID}`);
    expect(read.body.content).toBe('<p>Two</p>');
  });

  it('answers unknown sites, unknown posts, empty input and bad status in WordPress.com’s error shape', async () => {
    const noSite = await call('POST', '/rest/v1.2/sites/nobody.wordpress.com/posts/new', {
      title: 'x',
    });
    expect(noSite.status).toBe(404);
    expect(noSite.body).toEqual({ error: 'unknown_blog', message: 'Unknown blog' });
    const noPost = await call('POST', `/rest/v1.2/sites/${site.ID}/posts/999999`, { title: 'x' });
    expect(noPost.status).toBe(404);
    expect(noPost.body.error).toBe('unknown_post');
    const empty = await call('POST', `/rest/v1.2/sites/${site.ID}/posts/new`, { tags: 'a' });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('invalid_input');
    const status = await call('POST', `/rest/v1.2/sites/${site.ID}/posts/new`, {
      title: 'x',
      status: 'gone',
    });
    expect(status.status).toBe(400);
  });

  it('refuses a site the user cannot write with 403, and a missing or expired token with 401', async () => {
    const bobs = t.sim.wordpress.issue(bob.ID).token;
    const denied = await call(
      'POST',
      `/rest/v1.2/sites/${site.ID}/posts/new`,
      { title: 'x' },
      bobs,
    );
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe('unauthorized');
    const none = await call('GET', '/rest/v1.1/me', undefined, null);
    expect(none.status).toBe(401);
    t.sim.wordpress.expire(bobs);
    const expired = await call('GET', '/rest/v1.1/me', undefined, bobs);
    expect(expired.status).toBe(401);
    expect(expired.body.error).toBe('invalid_token');
  });

  it('serves faults in its error shape', async () => {
    t.sim.faults.next({ path: /^\/wpcom\/rest\/v1\.2\//, status: 503 });
    const failed = await call('POST', `/rest/v1.2/sites/${site.ID}/posts/new`, { title: 'x' });
    expect(failed.status).toBe(503);
    expect(typeof failed.body.error).toBe('string');
  });
});

describe('OAuth2 authorize (implicit grant)', () => {
  const query = new URLSearchParams({
    client_id: '12345',
    redirect_uri: 'http://127.0.0.1:9999/wp/callback',
    response_type: 'token',
    scope: 'global',
    state: 's1',
  });

  it('shows a page with Email, Allow and Cancel, and Allow redirects with the token in the fragment', async () => {
    const page = await t.call('GET', `${WPCOM_AUTHORIZE_PATH}?${query.toString()}`, {
      token: null,
    });
    expect(page.status).toBe(200);
    expect(page.text).toContain('Email');
    expect(page.text).toContain('Allow');
    const form = new URLSearchParams(query);
    form.set('email', 'ann@example.com');
    const allowed = await t.call('POST', WPCOM_AUTHORIZE_PATH, {
      token: null,
      body: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(allowed.status).toBe(302);
    const location = new URL(allowed.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('http://127.0.0.1:9999/wp/callback');
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('scope')).toBe('global');
    expect(fragment.get('state')).toBe('s1');
    expect(Number(fragment.get('expires_in'))).toBeGreaterThan(0);
    const me = await call('GET', '/rest/v1.1/me', undefined, fragment.get('access_token'));
    expect(me.body.username).toBe('ann');
  });

  it('refuses an unknown client, and a redirect URL the application did not register, without redirecting', async () => {
    for (const [name, value] of [
      ['client_id', '999'],
      ['redirect_uri', 'https://attacker.example/callback'],
    ] as const) {
      const wrong = new URLSearchParams(query);
      wrong.set(name, value);
      const answer = await t.call('GET', `${WPCOM_AUTHORIZE_PATH}?${wrong.toString()}`, {
        token: null,
      });
      expect(answer.status).toBe(400);
      expect(answer.text).toContain(`Invalid ${name}`);
      expect(answer.headers.get('location')).toBeNull();
      wrong.set('cancel', '1');
      const cancelled = await t.call('GET', `${WPCOM_AUTHORIZE_PATH}?${wrong.toString()}`, {
        token: null,
      });
      expect(cancelled.headers.get('location')).toBeNull();
    }
  });

  it('Cancel redirects with access_denied', async () => {
    const cancel = new URLSearchParams(query);
    cancel.set('cancel', '1');
    const answer = await t.call('GET', `${WPCOM_AUTHORIZE_PATH}?${cancel.toString()}`, {
      token: null,
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toContain('#error=access_denied');
  });
});
