// Publishing to Blogger over cloud-sim (Google's Blogger v3 stand-in, in-process): a post and a
// page published, updated on the next publish, reverted to draft by `status: draft`, labels
// from `tags`, the `date` property, a blog URL Blogger does not know, an expired token
// refreshed once, a server error retried, a hung request ended by the time limit.
import { type Blog, type CloudSim, type GoogleUser, startCloudSim } from '@inkstone/cloud-sim';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ItemRepository } from '../../db/repository.js';
import { publishFile, type PublishReport } from '../../publish/publish-engine.js';
import {
  addFileLocation,
  fastHttp,
  oneFileRepository,
  onlyFailure,
  storedLocation,
} from '../../testing/publish-fixture.js';
import {
  type FreshGoogleToken,
  GOOGLE_SCOPE,
  googleEndpoints,
  type GoogleToken,
} from '../google/google-token.js';
import { BloggerClient } from './blogger-client.js';
import { readBloggerForm } from './blogger-fields.js';
import { createBloggerPublisher } from './blogger-publisher.js';
import { BLOGGER_PROVIDER_IDS } from './constants.js';

const CLIENT_ID = 'inkstone-blogger-tests';
const BLOG_URL = 'https://alice.blogspot.com/';

let google: CloudSim;
let alice: GoogleUser;
let blog: Blog;
beforeAll(async () => {
  google = await startCloudSim({ port: 0 });
  alice = google.accounts.addUser({ email: 'alice@example.com', name: 'Alice Liddell' });
  google.accounts.addClient({
    clientId: CLIENT_ID,
    clientSecret: 'secret',
    name: 'Inkstone',
    redirectUris: ['http://127.0.0.1:8080/oauth2/callback'],
  });
  blog = google.blogger.addBlog({ ownerId: alice.id, name: 'Alice', url: BLOG_URL });
});
afterAll(async () => {
  await google.close();
});

// The app's Google accounts as the port gives them: a token issued by cloud-sim, a new one
// when forced; the calls are counted.
function tokens() {
  const calls: { scopes: readonly string[]; force: boolean }[] = [];
  let current = google.accounts.issue(alice, CLIENT_ID, [GOOGLE_SCOPE.blogger]);
  const fresh: FreshGoogleToken = async (sub, scopes, options) => {
    calls.push({ scopes, force: options?.force === true });
    if (sub !== alice.id) throw new Error(`No Google account ${sub}.`);
    if (options?.force) current = google.accounts.issue(alice, CLIENT_ID, [GOOGLE_SCOPE.blogger]);
    const token: GoogleToken = {
      sub,
      name: alice.name,
      scopes: [GOOGLE_SCOPE.blogger],
      accessToken: current.token,
      expiresOn: current.expiresAt,
      idToken: 'unused',
      isBlogger: true,
    };
    return token;
  };
  return { fresh, calls, current: () => current.token };
}

let repository: ItemRepository;
let auth: ReturnType<typeof tokens>;
let properties: string;
let text: string;

beforeEach(async () => {
  repository = await oneFileRepository('blogger', 'Travel notes');
  auth = tokens();
  properties = '';
  text = '<p>First version</p>';
});

function publisher() {
  const http = fastHttp();
  return createBloggerPublisher({
    clientFor: (sub) =>
      new BloggerClient({
        http,
        endpoints: googleEndpoints(google.url),
        freshToken: auth.fresh,
        sub,
      }),
  });
}

const addLocation = (kind: 'post' | 'page', itemId?: string, blogUrl = BLOG_URL) =>
  addFileLocation(repository, BLOGGER_PROVIDER_IDS[kind], {
    ...readBloggerForm({ blogUrl, itemId }, kind),
    sub: alice.id,
  });

const publish = (): Promise<PublishReport> =>
  publishFile('f', {
    repository,
    publishers: {
      [BLOGGER_PROVIDER_IDS.post]: publisher(),
      [BLOGGER_PROVIDER_IDS.page]: publisher(),
    },
    render: async () => ({ title: 'Travel notes', content: text, properties }),
  });

const stored = (id: string) => storedLocation(repository, id);
const failure = onlyFailure;

describe('Blogger publisher (cloud-sim)', { timeout: 30_000 }, () => {
  it('publishes a post with the title, labels and date of the properties, then updates the same post', async () => {
    properties = 'title: Two weeks in Lisbon\ntags: travel, portugal ,travel\ndate: 2024-05-01\n';
    const location = await addLocation('post');
    const first = await publish();
    expect(first.failures).toEqual([]);
    expect(first.message).toBe('"Travel notes" was published to 1 location(s).');

    const kept = await stored(location.id);
    expect(kept.blogId).toBe(blog.id);
    const post = blog.items.get(kept.postId as string)!;
    expect(post).toMatchObject({
      kind: 'post',
      title: 'Two weeks in Lisbon',
      content: '<p>First version</p>',
      labels: ['travel', 'portugal'],
      status: 'LIVE',
      published: '2024-05-01T00:00:00.000Z',
    });
    expect(kept.url).toBe(`${BLOG_URL}2024/05/two-weeks-in-lisbon.html`);

    text = '<p>Second version</p>';
    properties = 'title: Two weeks in Lisbon\ntags: travel\ndate: 2024-05-01\n';
    const second = await publish();
    expect(second.failures).toEqual([]);
    const posts = [...blog.items.values()].filter((item) => item.id === kept.postId);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ content: '<p>Second version</p>', labels: ['travel'] });
    expect((await stored(location.id)).postId).toBe(kept.postId);

    // Nothing changed: nothing is sent.
    const before = posts[0]!.updated;
    const third = await publish();
    expect(third.unchanged).toBe(1);
    expect(blog.items.get(kept.postId as string)!.updated).toBe(before);
  });

  it('takes a published post back to draft with status: draft, the HTML unchanged, and publishes it again after', async () => {
    const location = await addLocation('post');
    await publish();
    const postId = (await stored(location.id)).postId as string;
    expect(blog.items.get(postId)!.status).toBe('LIVE');

    properties = 'status: draft\n';
    expect((await publish()).failures).toEqual([]);
    expect(blog.items.get(postId)!.status).toBe('DRAFT');

    properties = 'status: published\n';
    expect((await publish()).failures).toEqual([]);
    expect(blog.items.get(postId)!.status).toBe('LIVE');
  });

  it('keeps a first publish with status: draft a draft, titled by the file name without a title property', async () => {
    properties = 'status: draft\n';
    const location = await addLocation('post');
    expect((await publish()).failures).toEqual([]);
    const post = blog.items.get((await stored(location.id)).postId as string)!;
    expect(post).toMatchObject({ status: 'DRAFT', title: 'Travel notes', labels: [] });
  });

  it('updates the post an Existing post ID names', async () => {
    const existing = google.blogger.insert(blog, 'post', { title: 'Old', content: 'old' }, false);
    const location = await addLocation('post', existing.id);
    expect((await publish()).failures).toEqual([]);
    expect(blog.items.get(existing.id)).toMatchObject({
      title: 'Travel notes',
      content: '<p>First version</p>',
    });
    expect((await stored(location.id)).postId).toBe(existing.id);
  });

  it('publishes a page, updates it, reverts it to draft; a page has no labels', async () => {
    properties = 'title: About me\ntags: ignored\n';
    const location = await addLocation('page');
    expect((await publish()).failures).toEqual([]);
    const kept = await stored(location.id);
    expect(kept.postId).toBeUndefined();
    const page = blog.items.get(kept.pageId as string)!;
    expect(page).toMatchObject({ kind: 'page', title: 'About me', labels: [], status: 'LIVE' });
    expect(kept.url).toBe(`${BLOG_URL}p/about-me.html`);

    text = '<p>Now longer</p>';
    properties = 'title: About me\nstatus: draft\n';
    expect((await publish()).failures).toEqual([]);
    expect(blog.items.get(kept.pageId as string)).toMatchObject({
      content: '<p>Now longer</p>',
      status: 'DRAFT',
    });
    expect((await stored(location.id)).pageId).toBe(kept.pageId);
  });

  it('says in plain words that no blog is at a Blog URL Blogger does not know', async () => {
    await addLocation('post', undefined, 'nobody.blogspot.com');
    const report = await publish();
    expect(failure(report)).toBe(
      "No blog was found at https://nobody.blogspot.com. Check the Blog URL: it is the blog's address, such as https://example.blogspot.com/.",
    );
    expect(report.message).toBeUndefined();
  });

  it('says so when the Existing post ID names no post of the blog', async () => {
    await addLocation('post', '123456789');
    expect(failure(await publish())).toBe(
      'The post 123456789 was not found on the blog. Clear the Existing post ID to publish a new post.',
    );
  });

  it('refuses a date property that is not a date, sending nothing', async () => {
    properties = 'date: next tuesday\n';
    await addLocation('post');
    const count = blog.items.size;
    expect(failure(await publish())).toBe(
      'The date property "next tuesday" is not a date: write it as YYYY-MM-DD.',
    );
    expect(blog.items.size).toBe(count);
    expect(auth.calls).toEqual([]);
  });

  it('refreshes an expired token once (force) and sends the request again', async () => {
    const location = await addLocation('post');
    google.faults.next({ expiredToken: true, path: /^\/blogger\/v3\/blogs\/byurl/ });
    expect((await publish()).failures).toEqual([]);
    expect(auth.calls.filter((call) => call.force)).toHaveLength(1);
    expect(auth.calls.every((call) => call.scopes.includes(GOOGLE_SCOPE.blogger))).toBe(true);
    expect(blog.items.get((await stored(location.id)).postId as string)!.status).toBe('LIVE');
  });

  it('gives up after one refresh when Google keeps refusing the token', async () => {
    await addLocation('post');
    google.faults.next({ expiredToken: true, path: /^\/blogger\/v3\/blogs\/byurl/ });
    google.faults.next({ expiredToken: true, path: /^\/blogger\/v3\/blogs\/byurl/ });
    expect(failure(await publish())).toBe('Invalid Credentials');
    expect(auth.calls.filter((call) => call.force)).toHaveLength(1);
  });

  it('retries a server error and a rate limit, then publishes', async () => {
    const location = await addLocation('post');
    google.faults.next({ status: 503, path: /\/posts\?/, method: 'POST' });
    google.faults.next({ rateLimit: true, path: /\/publish/, method: 'POST' });
    expect((await publish()).failures).toEqual([]);
    const postId = (await stored(location.id)).postId as string;
    expect(
      [...blog.items.values()].filter(
        (item) => item.title === 'Travel notes' && item.id === postId,
      ),
    ).toHaveLength(1);
    expect(blog.items.get(postId)!.status).toBe('LIVE');
  });

  it('ends a request Blogger never answers with a time-out error', async () => {
    await addLocation('post');
    google.faults.next({ hang: true, path: /^\/blogger\/v3\/blogs\/byurl/ });
    expect(failure(await publish())).toBe('Network request timeout.');
  });

  it("gives Google's message for a blog of another account", async () => {
    const bob = google.accounts.addUser({ email: 'bob@example.com', name: 'Bob' });
    google.blogger.addBlog({ ownerId: bob.id, name: 'Bob', url: 'https://bob.blogspot.com/' });
    await addLocation('post', undefined, 'https://bob.blogspot.com/');
    expect(failure(await publish())).toBe(
      "We're sorry, but you don't have permission to access this resource.",
    );
  });
});

describe('readBloggerForm', () => {
  it('requires a Blog URL that is a web address, adds https:// and keeps an Existing ID', () => {
    expect(() => readBloggerForm({ blogUrl: '  ' }, 'post')).toThrow('Blog URL is required.');
    expect(() => readBloggerForm({ blogUrl: 'not a url' }, 'post')).toThrow(
      'Blog URL must be a web address',
    );
    expect(() => readBloggerForm({ blogUrl: 'ftp://x.blogspot.com' }, 'post')).toThrow(
      'Blog URL must be a web address',
    );
    expect(readBloggerForm({ blogUrl: ' me.blogspot.com ', itemId: ' 42 ' }, 'post')).toEqual({
      blogUrl: 'https://me.blogspot.com',
      postId: '42',
    });
    expect(readBloggerForm({ blogUrl: 'https://me.blogspot.com/', itemId: '' }, 'page')).toEqual({
      blogUrl: 'https://me.blogspot.com/',
    });
    expect(readBloggerForm({ blogUrl: 'http://me.example/', itemId: '7' }, 'page')).toEqual({
      blogUrl: 'http://me.example/',
      pageId: '7',
    });
  });
});
