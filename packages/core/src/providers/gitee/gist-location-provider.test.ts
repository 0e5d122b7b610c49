// A Gitee gist as a sync location and a publish location, over forge-sim's Gitee dialect.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withHash } from '../../items/hash.js';
import { type LocationItem } from '../../items/types.js';
import { type PublishLocation } from '../../publish/publisher.js';
import { syncFileLocations } from '../../sync/location-sync.js';
import { databaseWithFile } from '../../testing/github-location-forge.js';
import { type GiteeTestForge, startGiteeTestForge } from '../../testing/gitee-provider.js';
import { GIST_FILE_NOT_FOUND } from '../github/constants.js';
import { GITEE_PROVIDER_IDS } from './constants.js';
import { giteeGistVersions, readGiteeGist, writeGiteeGistFile } from './gist-api.js';
import { createGiteeGistProvider } from './gist-location-provider.js';
import { createGiteeGistPublisher } from './gist-publisher.js';

let t: GiteeTestForge;
beforeAll(async () => {
  t = await startGiteeTestForge();
});
afterAll(async () => {
  await t.close();
});

const gistLocation = (gistId = '') =>
  withHash<LocationItem>({
    id: 'loc-gist',
    type: 'syncLocation',
    fileId: 'f',
    providerId: GITEE_PROVIDER_IDS.gist,
    gistId,
    filename: 'notes.md',
    isPublic: false,
  });

describe('a Gitee gist as a sync location (forge-sim)', { timeout: 60_000 }, () => {
  it('creates the gist on the first sync, keeps its id, then merges edits made on Gitee', async () => {
    const file = await databaseWithFile('Alpha.\n\nBeta.\n');
    await file.repository.put([gistLocation()]);
    const provider = createGiteeGistProvider({ client: t.client(), repository: file.repository });
    const sync = () =>
      syncFileLocations('f', {
        repository: file.repository,
        providers: { [GITEE_PROVIDER_IDS.gist]: provider },
      });
    await sync();
    const gistId = String((await file.repository.get<LocationItem>('loc-gist'))!.gistId);
    expect(gistId).not.toBe('');
    const gist = await readGiteeGist(t.client(), gistId);
    expect(gist.public).toBe(false);
    expect(gist.files['notes.md']?.content).toBe('Alpha.\n\nBeta.\n');

    await writeGiteeGistFile(t.client(), gistId, 'notes.md', 'Alpha.\n\nBeta, on Gitee.\n');
    await file.edit('Alpha, here.\n\nBeta.\n');
    await sync();
    expect((await file.read()).text).toBe('Alpha, here.\n\nBeta, on Gitee.\n');
    expect((await readGiteeGist(t.client(), gistId)).files['notes.md']?.content).toBe(
      'Alpha, here.\n\nBeta, on Gitee.\n',
    );
    expect(await giteeGistVersions(t.client(), gistId)).toHaveLength(3);
  });

  it("says 'Gist file not found.' for a gist that is gone", async () => {
    const file = await databaseWithFile('Text.\n');
    const provider = createGiteeGistProvider({ client: t.client(), repository: file.repository });
    await expect(provider.download(gistLocation('no-such-gist'))).rejects.toThrow(
      GIST_FILE_NOT_FOUND,
    );
  });
});

describe('publishing to a Gitee gist (forge-sim)', { timeout: 60_000 }, () => {
  it('creates a public gist described by the title, then updates its file', async () => {
    const publisher = createGiteeGistPublisher(t.client());
    const location = withHash<PublishLocation>({
      id: 'pub-gist',
      type: 'publishLocation',
      fileId: 'f',
      providerId: GITEE_PROVIDER_IDS.gist,
      templateId: 'plainText',
      gistId: '',
      filename: 'page.html',
      isPublic: true,
    });
    const first = (await publisher.publish(
      location,
      { title: 'My page', content: '<p>1</p>' },
      undefined,
    )) as { gistId: string; url: string };
    const gist = await readGiteeGist(t.client(), first.gistId);
    expect(gist).toMatchObject({ description: 'My page', public: true });
    expect(first.url).toBe(gist.html_url);
    await publisher.publish(
      withHash<PublishLocation>({ ...location, gistId: first.gistId }),
      { title: 'My page', content: '<p>2</p>' },
      undefined,
    );
    expect((await readGiteeGist(t.client(), first.gistId)).files['page.html']?.content).toBe(
      '<p>2</p>',
    );
  });
});
