// The app's Blogger wiring over cloud-sim (Google's stand-in, in-process), with a test Google
// accounts port registered as the app registers its own: the publishers take their tokens from
// the port (blogger scope, forced once after a 401), the publish location added keeps the
// account, and the Publish panel lists the post with its link.
import { type CloudSim, type GoogleUser } from '@inkstone/cloud-sim';
import {
  addPublishLocation,
  BLOGGER_PROVIDER_IDS,
  GOOGLE_SCOPE,
  MemoryDatabase,
  type PublishLocation,
  publishFile,
  type FileItem,
  withHash,
} from '@inkstone/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeBloggerLocation } from './blogger-location-text';
import { type GoogleSim, issueGoogleToken, startGoogleSim } from '../../testing/google-sim';
import { realHttpClient } from '../../testing/real-http';
import { type GoogleAccountsPort, registerGoogleAccounts } from '../google/google-accounts-port';
import { bloggerAccount, bloggerPublishers, submitBloggerForm } from './blogger-locations';

const CLIENT_ID = 'inkstone-web-blogger-tests';
let sim: GoogleSim;
let google: CloudSim;
let alice: GoogleUser;
const forced: string[] = [];

// The app's port as the Google accounts part gives it, its tokens issued by cloud-sim.
function testPort(): GoogleAccountsPort {
  const issue = () => issueGoogleToken(sim, alice, [GOOGLE_SCOPE.blogger], { isBlogger: true });
  let token = issue();
  return {
    list: async () => [token],
    link: async () => token,
    fresh: async (sub, scopes, options) => {
      if (sub !== alice.id || !scopes.includes(GOOGLE_SCOPE.blogger)) {
        throw new Error('Could not get required authorization.');
      }
      if (options?.force) {
        forced.push(sub);
        token = issue();
      }
      return token;
    },
  };
}

beforeAll(async () => {
  sim = await startGoogleSim(CLIENT_ID);
  ({ google, alice } = sim);
  registerGoogleAccounts(testPort());
});
afterAll(async () => {
  registerGoogleAccounts(undefined);
  await google.close();
});

const http = () => realHttpClient();

describe('Blogger in the app (cloud-sim)', { timeout: 30_000 }, () => {
  it('publishes a post with the account of the dialog, updates it, then takes it back to draft', async () => {
    const blog = google.blogger.addBlog({
      ownerId: alice.id,
      name: 'Alice',
      url: 'https://alice.blogspot.com/',
    });
    const repository = new MemoryDatabase('blogger-web').connect();
    await repository.put([
      withHash<FileItem>({ id: 'f', type: 'file', name: 'Spring', parentId: null }),
    ]);
    const account = bloggerAccount(await testPort().list());
    const request = await submitBloggerForm(
      { blogUrl: 'alice.blogspot.com', itemId: '', templateId: 'plainHtml' },
      'post',
      account,
      testPort(),
    );
    const { location } = await addPublishLocation(
      repository,
      'f',
      {
        providerId: BLOGGER_PROVIDER_IDS.post,
        templateId: request.templateId,
        fields: { ...request.fields, sub: request.sub },
      },
      () => 'loc',
    );
    let content = '<p>Blossoms</p>';
    let properties = 'tags: garden, spring\n';
    const publish = () =>
      publishFile('f', {
        repository,
        publishers: bloggerPublishers(google.url, http()),
        render: async () => ({ title: 'Spring', content, properties }),
      });

    expect((await publish()).message).toBe('"Spring" was published to 1 location(s).');
    const kept = (await repository.get<PublishLocation>(location.id))!;
    const post = blog.items.get(kept.postId as string)!;
    expect(post).toMatchObject({ title: 'Spring', labels: ['garden', 'spring'], status: 'LIVE' });
    expect(describeBloggerLocation(kept)).toEqual({
      description: `Blogger post ${post.id} on https://alice.blogspot.com`,
      url: `https://alice.blogspot.com/${post.path}`,
    });

    content = '<p>Blossoms and bees</p>';
    google.faults.next({ expiredToken: true, path: /\/posts\//, method: 'PUT' });
    expect((await publish()).failures).toEqual([]);
    expect(forced).toEqual([alice.id]);
    expect(blog.items.get(post.id)!.content).toBe('<p>Blossoms and bees</p>');

    properties = 'tags: garden, spring\nstatus: draft\n';
    expect((await publish()).failures).toEqual([]);
    expect(blog.items.get(post.id)!.status).toBe('DRAFT');
    expect([...blog.items.values()]).toHaveLength(1);
  });

  it('finds the account that holds the blogger scope, none without it', () => {
    const base = { name: 'A', accessToken: 't', expiresOn: 0, idToken: 'i' };
    const drive = { ...base, sub: '1', scopes: ['openid', GOOGLE_SCOPE.drive] };
    const blogger = { ...base, sub: '2', scopes: ['openid', GOOGLE_SCOPE.blogger] };
    expect(bloggerAccount([drive])).toBeUndefined();
    expect(bloggerAccount([drive, blogger])?.sub).toBe('2');
  });
});
