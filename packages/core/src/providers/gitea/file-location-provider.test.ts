// Gitea file locations over forge-sim's Gitea dialect: sync (download, upload with the sha
// read, a version written there meanwhile read and merged first), open, and publish.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withHash } from '../../items/hash.js';
import { type LocationItem } from '../../items/types.js';
import { type PublishLocation } from '../../publish/publisher.js';
import { syncFileLocations } from '../../sync/location-sync.js';
import { databaseWithFile } from '../../testing/github-location-forge.js';
import {
  GITEA_TEST_BRANCH,
  GITEA_TEST_LOGIN as LOGIN,
  type GiteaTestForge,
  startGiteaTestForge,
} from '../../testing/gitea-provider.js';
import { base64ToText, textToBase64 } from '../github/file-location-content.js';
import { GITEA_PROVIDER_IDS } from './constants.js';
import {
  createGiteaFileProvider,
  lookUpGiteaRepository,
  readGiteaFile,
} from './file-location-provider.js';
import { createGiteaFilePublisher } from './file-location-publisher.js';
import { GiteaApiError } from './gitea-client.js';

const messages = {
  createFileMessage: '{{path}} created with Inkstone',
  updateFileMessage: '{{path}} updated with Inkstone',
};

let t: GiteaTestForge;
let projectId: number;
beforeAll(async () => {
  t = await startGiteaTestForge();
  await t.createRepository('notes');
  ({ projectId } = await lookUpGiteaRepository(t.client(), `${LOGIN}/notes`));
});
afterAll(() => t.close());

const contents = (path: string) => `/repos/${LOGIN}/notes/contents/${path}`;

// The file as Gitea serves it (not through the provider under test).
const onForge = async (path: string) =>
  base64ToText(
    (await t.client().get<{ content: string }>(contents(path), { ref: GITEA_TEST_BRANCH })).content,
  );

// Someone edits the file on Gitea (the web editor, another tool).
async function editOnForge(path: string, text: string) {
  const { sha } = await t.client().get<{ sha: string }>(contents(path));
  await t
    .client()
    .put(contents(path), { message: 'Edited on Gitea', content: textToBase64(text), sha });
}

function locationAt(path: string, type: 'syncLocation' | 'publishLocation' = 'syncLocation') {
  return withHash<LocationItem>({
    id: `loc-${path}`,
    type,
    fileId: 'f',
    providerId: GITEA_PROVIDER_IDS.file,
    projectPath: `${LOGIN}/notes`,
    projectId,
    branch: GITEA_TEST_BRANCH,
    path,
  });
}

async function setup(path: string, text: string) {
  const file = await databaseWithFile(text);
  await file.repository.put([locationAt(path)]);
  const provider = createGiteaFileProvider({
    client: t.client(),
    repository: file.repository,
    messages,
  });
  const sync = () =>
    syncFileLocations('f', {
      repository: file.repository,
      providers: { [GITEA_PROVIDER_IDS.file]: provider },
    });
  return { ...file, provider, sync };
}

describe('Gitea file locations (forge-sim)', { timeout: 60_000 }, () => {
  it('looks the repository up: its id and default branch', async () => {
    expect(projectId).toBeGreaterThan(0);
    expect(await lookUpGiteaRepository(t.client(), `${LOGIN}/notes`)).toEqual({
      projectId,
      defaultBranch: GITEA_TEST_BRANCH,
    });
    await expect(lookUpGiteaRepository(t.client(), `${LOGIN}/nothing`)).rejects.toBeInstanceOf(
      GiteaApiError,
    );
  });

  it('creates the file on the first sync, then updates it, one commit each', async () => {
    const a = await setup('book/first.md', 'One.\n');
    await a.sync();
    expect(await onForge('book/first.md')).toBe('One.\n');
    await a.edit('Two.\n');
    await a.sync();
    expect(await onForge('book/first.md')).toBe('Two.\n');
    const history = await t
      .client()
      .get<{ commit: { message: string } }[]>(`/repos/${LOGIN}/notes/commits`, {
        path: 'book/first.md',
      });
    expect(history.map((commit) => commit.commit.message.trim())).toEqual([
      'book/first.md updated with Inkstone',
      'book/first.md created with Inkstone',
    ]);
  });

  it('merges a version written on Gitea meanwhile with the edit here: nothing overwritten', async () => {
    const a = await setup('merge.md', 'First line.\n\nSecond line.\n');
    await a.sync();
    await editOnForge('merge.md', 'First line, on Gitea.\n\nSecond line.\n');
    await a.edit('First line.\n\nSecond line, here.\n');
    await a.sync();
    const merged = 'First line, on Gitea.\n\nSecond line, here.\n';
    expect((await a.read()).text).toBe(merged);
    expect(await onForge('merge.md')).toBe(merged);
  });

  it('opens a file (its text, and null for none)', async () => {
    await editOnForge('book/first.md', 'Opened.\n');
    const fields = { projectPath: `${LOGIN}/notes`, branch: GITEA_TEST_BRANCH };
    expect(await readGiteaFile(t.client(), { ...fields, path: 'book/first.md' })).toMatchObject({
      text: 'Opened.\n',
    });
    expect(await readGiteaFile(t.client(), { ...fields, path: 'book/none.md' })).toBeNull();
  });

  it('publishes rendered output over whatever the file holds, with the message given', async () => {
    const publisher = createGiteaFilePublisher(t.client(), messages.updateFileMessage);
    const location = locationAt('site/index.html', 'publishLocation') as PublishLocation;
    await publisher.publish(location, { title: 'Site', content: '<p>One</p>\n' }, undefined);
    expect(await onForge('site/index.html')).toBe('<p>One</p>\n');
    await editOnForge('site/index.html', 'changed by hand\n');
    await publisher.publish(location, { title: 'Site', content: '<p>Two</p>\n' }, 'Publish two');
    expect(await onForge('site/index.html')).toBe('<p>Two</p>\n');
    const [last] = await t
      .client()
      .get<{ commit: { message: string } }[]>(`/repos/${LOGIN}/notes/commits`, {
        path: 'site/index.html',
      });
    expect(last!.commit.message.trim()).toBe('Publish two');
  });
});

describe('the revisions of a Gitea file location (over forge-sim)', { timeout: 60_000 }, () => {
  it("lists the path's commits newest first and reads the file at an older one", async () => {
    const s = await setup('history/gitea.md', 'First.\n');
    const location = (await s.repository.get<LocationItem>('loc-history/gitea.md'))!;
    expect(await s.provider.listRevisions!(location)).toEqual([]);
    await s.sync();
    await editOnForge('history/gitea.md', 'Second.\n');
    const revisions = await s.provider.listRevisions!(location);
    expect(revisions.map((revision) => revision.message?.trim())).toEqual([
      'Edited on Gitea',
      'history/gitea.md created with Inkstone',
    ]);
    expect(revisions[0]!.created).toBeGreaterThan(Date.now() - 120_000);
    expect(await s.provider.revisionText!(location, revisions[1]!.id)).toBe('First.\n');
    expect(await s.provider.revisionText!(location, revisions[0]!.id)).toBe('Second.\n');
  });
});
