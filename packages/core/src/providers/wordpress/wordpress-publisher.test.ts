// Publishing to WordPress.com over cloud-sim (its REST v1.1/v1.2 stand-in under /wpcom,
// in-process): a post created by site domain with the file's properties, updated in place on the
// next publish, the dialog's checks, an unknown site, an account that is not the location's, an
// expired token and a server error that outlasts the retries.
import { type CloudSim, startCloudSim, type WpcomSite, type WpcomUser } from '@inkstone/cloud-sim';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MemoryDatabase } from '../../db/memory-repository.js';
import { type ItemRepository } from '../../db/repository.js';
import { withHash } from '../../items/hash.js';
import { type FileItem } from '../../items/types.js';
import { type Timers } from '../../ports/timers.js';
import { publishFile, type PublishReport } from '../../publish/publish-engine.js';
import { addPublishLocation } from '../../publish/publish-location.js';
import { type PublishLocation } from '../../publish/publisher.js';
import { HttpClient } from '../../sync/http-client.js';
import { nodeFetch } from '../../testing/couchdb-provider.js';
import {
  SITE_DOMAIN_REQUIRED,
  WORDPRESS_ACCOUNT_NOT_EXPECTED,
  WORDPRESS_PROVIDER_ID,
  WORDPRESS_TOKEN_REFUSED,
} from './constants.js';
import { WordPressClient } from './wordpress-client.js';
import { readWordPressForm, WordPressFieldError } from './wordpress-fields.js';
import { createWordPressPublisher } from './wordpress-publisher.js';

// Real timers, ten times faster: the client's 30 s time limit ends a hung request in 3 s and its
// back-off waits are as short, in the same proportions. (A hundredth, 300 ms for a request, timed
// out on a loaded machine, as Blogger's tests found.)
const fastTimers: Timers = {
  set(callback, delay) {
    const timer = setTimeout(callback, delay / 10);
    return () => clearTimeout(timer);
  },
  now: () => Date.now(),
};

let sim: CloudSim;
let ann: WpcomUser;
let site: WpcomSite;
beforeAll(async () => {
  sim = await startCloudSim({ port: 0 });
  ann = sim.wordpress.addUser({ username: 'ann', display_name: 'Ann', email: 'ann@example.com' });
  site = sim.wordpress.addSite({ name: 'annwrites', ownerId: ann.ID });
});
afterAll(async () => {
  await sim.close();
});

let repository: ItemRepository;
let token: string;
let properties: string;
let text: string;
let ids = 0;
beforeEach(async () => {
  repository = new MemoryDatabase(`wordpress-${++ids}`).connect();
  await repository.put([
    withHash<FileItem>({ id: 'f', type: 'file', name: 'Travel notes', parentId: null }),
  ]);
  token = sim.wordpress.issue(ann.ID).token;
  properties = '';
  text = '<p>First version</p>';
});

const publish = (): Promise<PublishReport> =>
  publishFile('f', {
    repository,
    publishers: {
      [WORDPRESS_PROVIDER_ID]: createWordPressPublisher({
        clientFor: () =>
          new WordPressClient({
            http: new HttpClient({ fetch: nodeFetch, timers: fastTimers, random: () => 0 }),
            apiUrl: `${sim.url}/wpcom`,
            accessToken: token,
          }),
      }),
    },
    render: async () => ({ title: 'Travel notes', content: text, properties }),
  });

async function addLocation(domain: string, sub = String(ann.ID), postId?: string) {
  const { location } = await addPublishLocation(
    repository,
    'f',
    {
      providerId: WORDPRESS_PROVIDER_ID,
      templateId: 'plainHtml',
      fields: { ...readWordPressForm({ domain, postId }), sub },
    },
    () => `loc-${++ids}`,
  );
  return location;
}
const stored = async (id: string) => (await repository.get<PublishLocation>(id))!;
const failure = (report: PublishReport) => {
  expect(report.failures).toHaveLength(1);
  return (report.failures[0]!.error as Error).message;
};

describe('publishing to WordPress.com', { timeout: 30_000 }, () => {
  it('creates a post with the file properties, then updates the same post', async () => {
    properties = 'title: Lisbon\ntags: travel, food\ncategories: Trips\nexcerpt: Three days\n';
    const location = await addLocation('https://AnnWrites.wordpress.com/');
    expect(location).toMatchObject({ domain: 'annwrites.wordpress.com' });
    const first = await publish();
    expect(first.failures).toEqual([]);
    const kept = await stored(location.id);
    expect(kept).toMatchObject({ siteId: String(site.ID) });
    const post = sim.wordpress.post(site.ID, Number(kept.postId))!;
    expect(post).toMatchObject({
      title: 'Lisbon',
      content: '<p>First version</p>',
      tags: ['travel', 'food'],
      categories: ['Trips'],
      excerpt: 'Three days',
      status: 'publish',
    });
    expect(kept.url).toMatch(/^https:\/\/annwrites\.wordpress\.com\/.*\/lisbon\/$/);

    text = '<p>Second version</p>';
    properties += 'status: draft\n';
    expect((await publish()).failures).toEqual([]);
    expect((await stored(location.id)).postId).toBe(kept.postId);
    expect(sim.wordpress.post(site.ID, Number(kept.postId))).toMatchObject({
      content: '<p>Second version</p>',
      status: 'draft',
    });
  });

  it('checks the dialog in the spec’s words', () => {
    expect(() => readWordPressForm({ domain: '  ' })).toThrow(SITE_DOMAIN_REQUIRED);
    try {
      readWordPressForm({ domain: ' ' });
    } catch (error) {
      expect((error as WordPressFieldError).field).toBe('domain');
    }
    expect(() => readWordPressForm({ domain: 'x.wordpress.com', postId: 'abc' })).toThrow(
      WordPressFieldError,
    );
    expect(readWordPressForm({ domain: 'x.wordpress.com', postId: ' 12 ' })).toEqual({
      domain: 'x.wordpress.com',
      postId: '12',
    });
  });

  it('names an unknown site, a wrong account, an expired token and a lasting server error', async () => {
    await addLocation('nobody.wordpress.com');
    expect(failure(await publish())).toContain(
      'No WordPress site was found at nobody.wordpress.com',
    );

    repository = new MemoryDatabase(`wordpress-${++ids}`).connect();
    await repository.put([
      withHash<FileItem>({ id: 'f', type: 'file', name: 'N', parentId: null }),
    ]);
    await addLocation(site.domain, '424242');
    expect(failure(await publish())).toBe(WORDPRESS_ACCOUNT_NOT_EXPECTED);

    repository = new MemoryDatabase(`wordpress-${++ids}`).connect();
    await repository.put([
      withHash<FileItem>({ id: 'f', type: 'file', name: 'N', parentId: null }),
    ]);
    const location = await addLocation(site.domain);
    sim.wordpress.expire(token);
    expect(failure(await publish())).toBe(WORDPRESS_TOKEN_REFUSED);

    token = sim.wordpress.issue(ann.ID).token;
    for (let i = 0; i < 10; i += 1)
      sim.faults.next({ path: /^\/wpcom\/rest\/v1\.2\//, status: 503 });
    expect(failure(await publish())).toBe('HTTP error 503 on WordPress location.');
    sim.faults.clear();
    expect((await stored(location.id)).postId).toBeUndefined();
  });
});
