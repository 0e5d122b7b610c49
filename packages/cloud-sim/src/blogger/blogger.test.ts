import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSim, type TestSim } from '../testing/harness.js';
import { discovery, hasParameter, methodById, schemaErrors } from '../discovery.js';
import { BLOGGER_ROUTES, BLOGGER_SCOPE } from './routes.js';
import type { Blog } from './store.js';

const doc = discovery('blogger-v3.json');
let t: TestSim;
let blog: Blog;
let token: string;
beforeAll(async () => {
  t = await startTestSim();
  blog = t.sim.blogger.addBlog({
    ownerId: t.alice.id,
    name: 'Alice writes',
    url: 'https://alice.blogspot.com',
  });
  token = t.sim.accounts.issue(t.alice, t.client.clientId, [BLOGGER_SCOPE]).token;
});
afterAll(async () => {
  await t.sim.close();
});

const call = (method: string, path: string, body?: unknown) =>
  t.call(method, `/blogger/v3/blogs/${blog.id}${path}`, {
    token,
    ...(body === undefined ? {} : { body }),
  });

describe("Blogger v3's methods are those of its discovery document", () => {
  it.each(BLOGGER_ROUTES.map((route) => [route.id, route] as const))('%s', (_, route) => {
    const method = methodById(doc, route.id);
    expect(method, route.id).toBeDefined();
    expect(method!.httpMethod).toBe(route.httpMethod);
    expect(method!.path).toBe(route.path);
    for (const name of route.params)
      expect(hasParameter(doc, method!, name), `${route.id} ${name}`).toBe(true);
  });
});

describe('Blogger v3', () => {
  it('finds a blog by its URL (byurl), with or without the final slash', async () => {
    const found = await t.call(
      'GET',
      `/blogger/v3/blogs/byurl?url=${encodeURIComponent('http://alice.blogspot.com/')}`,
      { token },
    );
    expect(found.status).toBe(200);
    expect(schemaErrors(doc, 'Blog', found.body)).toEqual([]);
    expect(found.body).toMatchObject({ id: blog.id, url: 'https://alice.blogspot.com/' });
    const missing = await t.call('GET', '/blogger/v3/blogs/byurl?url=https://nobody.blogspot.com', {
      token,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Blog not found');
  });

  it('inserts a post with title, content and labels, updates it, reverts it to draft and publishes it at a date', async () => {
    const made = await call('POST', '/posts', {
      kind: 'blogger#post',
      blog: { id: blog.id },
      title: 'Hello world',
      content: '<p>Hi</p>',
      labels: ['a', 'b'],
    });
    expect(made.status).toBe(200);
    expect(schemaErrors(doc, 'Post', made.body)).toEqual([]);
    expect(made.body).toMatchObject({
      status: 'LIVE',
      title: 'Hello world',
      labels: ['a', 'b'],
      blog: { id: blog.id },
    });
    expect(made.body.url).toMatch(
      /^https:\/\/alice\.blogspot\.com\/\d{4}\/\d{2}\/hello-world\.html$/,
    );
    const id = made.body.id as string;

    const updated = await call('PUT', `/posts/${id}`, {
      title: 'Hello world',
      content: '<p>Hi again</p>',
      labels: ['a'],
    });
    expect(updated.body).toMatchObject({
      id,
      content: '<p>Hi again</p>',
      labels: ['a'],
      url: made.body.url,
    });

    const draft = await call('POST', `/posts/${id}/revert`);
    expect(draft.body.status).toBe('DRAFT');
    expect((await call('GET', `/posts/${id}`)).body.status).toBe('DRAFT');
    const path = new URL(made.body.url).pathname;
    expect((await call('GET', `/posts/bypath?path=${encodeURIComponent(path)}`)).status).toBe(404);

    const date = '2024-02-03T04:05:06.000Z';
    const published = await call('POST', `/posts/${id}/publish?publishDate=${date}`);
    expect(published.body).toMatchObject({ status: 'LIVE', published: date });
    const byPath = await call('GET', `/posts/bypath?path=${encodeURIComponent(path)}`);
    expect(byPath.body.id).toBe(id);
  });

  it('inserts a draft (isDraft) and schedules a post published at a date to come', async () => {
    const draft = await call('POST', '/posts?isDraft=true', { title: 'Draft', content: 'x' });
    expect(draft.body.status).toBe('DRAFT');
    expect(draft.body.url).toBeUndefined();
    const later = await call(
      'POST',
      `/posts/${draft.body.id}/publish?publishDate=2999-01-01T00:00:00Z`,
    );
    expect(later.body.status).toBe('SCHEDULED');
  });

  it('inserts, updates, reverts and publishes a page', async () => {
    const page = await call('POST', '/pages', { title: 'About', content: 'me' });
    expect(schemaErrors(doc, 'Page', page.body)).toEqual([]);
    expect(page.body).toMatchObject({
      kind: 'blogger#page',
      status: 'LIVE',
      url: 'https://alice.blogspot.com/p/about.html',
    });
    const updated = await call('PUT', `/pages/${page.body.id}?revert=true`, {
      title: 'About',
      content: 'me, more',
    });
    expect(updated.body).toMatchObject({ status: 'DRAFT', content: 'me, more' });
    expect((await call('POST', `/pages/${page.body.id}/publish`)).body.status).toBe('LIVE');
    expect((await call('GET', `/posts/${page.body.id}`)).status).toBe(404);
  });

  it("refuses without the blogger scope (403), another's blog (403) and an unknown post (404)", async () => {
    expect((await t.call('GET', `/blogger/v3/blogs/${blog.id}/posts/1`)).status).toBe(403);
    const bob = t.sim.accounts.addUser({ email: 'bob@example.com' });
    const bobs = t.sim.accounts.issue(bob, t.client.clientId, [BLOGGER_SCOPE]).token;
    const refused = await t.call('POST', `/blogger/v3/blogs/${blog.id}/posts`, {
      token: bobs,
      body: { title: 'x' },
    });
    expect(refused.status).toBe(403);
    expect((await call('GET', '/posts/123')).status).toBe(404);
    const bad = await call('POST', '/posts', { title: 'x', labels: 'not a list' });
    expect(bad.status).toBe(400);
  });
});
