// Publishing to WordPress.com over cloud-sim (its REST v1.1/v1.2 stand-in under /wpcom,
// in-process): a post created by site domain with the file's properties, updated in place on the
// next publish, the dialog's checks, an unknown site, an account that is not the location's, an
// expired token and a server error that outlasts the retries.
import { type CloudSim, startCloudSim, type WpcomSite, type WpcomUser } from '@inkstone/cloud-sim';
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
  SITE_DOMAIN_REQUIRED,
  WORDPRESS_ACCOUNT_NOT_EXPECTED,
  WORDPRESS_PROVIDER_ID,
  WORDPRESS_TOKEN_REFUSED,
} from './constants.js';
import { WordPressClient } from './wordpress-client.js';
import { readWordPressForm, WordPressFieldError } from './wordpress-fields.js';
import { createWordPressPublisher } from './wordpress-publisher.js';

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
beforeEach(async () => {
  repository = await oneFileRepository('wordpress', 'Travel notes');
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
            http: fastHttp(),
            apiUrl: `${sim.url}/wpcom`,
            accessToken: token,
          }),
      }),
    },
    render: async () => ({ title: 'Travel notes', content: text, properties }),
  });

const addLocation = (domain: string, sub = String(ann.ID), postId?: string) =>
  addFileLocation(repository, WORDPRESS_PROVIDER_ID, {
    ...readWordPressForm({ domain, postId }),
    sub,
  });
const stored = (id: string) => storedLocation(repository, id);
const failure = onlyFailure;

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

    repository = await oneFileRepository('wordpress', 'N');
    await addLocation(site.domain, '424242');
    expect(failure(await publish())).toBe(WORDPRESS_ACCOUNT_NOT_EXPECTED);

    repository = await oneFileRepository('wordpress', 'N');
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

  it('publishes no post twice when a gateway gives up after WordPress.com made it', async () => {
    await addLocation(site.domain);
    const before = sim.wordpress.postsOf(site.ID).length;
    sim.faults.next({ path: /\/posts\/new$/, method: 'POST', gatewayAfterChange: 502 });
    expect(failure(await publish())).toBe('HTTP error 502 on WordPress location.');
    // The post was made once, and the 502 was not taken for a reason to make it again.
    expect(sim.wordpress.postsOf(site.ID)).toHaveLength(before + 1);
  });
});
