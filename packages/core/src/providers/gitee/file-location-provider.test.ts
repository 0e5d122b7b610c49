// A Gitee repository file as a sync location and a publish location, over forge-sim's Gitee
// dialect: plain markdown there, edits of both sides merged, nothing overwritten.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withHash } from '../../items/hash.js';
import { type LocationItem } from '../../items/types.js';
import { type PublishLocation } from '../../publish/publisher.js';
import { syncFileLocations } from '../../sync/location-sync.js';
import { databaseWithFile } from '../../testing/github-location-forge.js';
import {
  GITEE_TEST_BRANCH as BRANCH,
  GITEE_TEST_LOGIN as LOGIN,
  type GiteeTestForge,
  startGiteeTestForge,
} from '../../testing/gitee-provider.js';
import { textToBase64 } from '../github/file-location-content.js';
import { GITEE_PROVIDER_IDS } from './constants.js';
import { createGiteeFileProvider, readGiteeFile } from './file-location-provider.js';
import { createGiteeFilePublisher } from './file-location-publisher.js';
import { repoPath } from './gitee-client.js';
import { afterFirstDownload } from '../../testing/after-first-download.js';

const messages = {
  createFileMessage: '{{path}} created with Inkstone',
  updateFileMessage: '{{path}} updated with Inkstone',
};

let t: GiteeTestForge;
let repo: string;
beforeAll(async () => {
  t = await startGiteeTestForge();
  repo = await t.createRepository('notes');
});
afterAll(async () => {
  await t.close();
});

const fieldsAt = (path: string, branch = BRANCH) => ({ owner: LOGIN, repo, branch, path });
// The file as Gitee serves it (not through the provider under test).
const onForge = async (path: string, branch = BRANCH) =>
  (await readGiteeFile(t.client(), fieldsAt(path, branch)))?.text;

// Someone edits the file on Gitee (the web editor, another tool).
async function editOnForge(path: string, text: string) {
  const { sha } = (await readGiteeFile(t.client(), fieldsAt(path)))!;
  await t.client().put(`${repoPath(LOGIN, repo)}/contents/${path}`, {
    message: 'Edited on Gitee',
    content: textToBase64(text),
    sha,
    branch: BRANCH,
  });
}

const commitsOf = async (path: string) =>
  (
    await t.client().getAll<{ commit: { message: string } }>(`${repoPath(LOGIN, repo)}/commits`, {
      sha: BRANCH,
      path,
    })
  ).map((commit) => commit.commit.message.trim());

function locationAt(path: string): LocationItem {
  return withHash<LocationItem>({
    id: `loc-${path}`,
    type: 'syncLocation',
    fileId: 'f',
    providerId: GITEE_PROVIDER_IDS.file,
    ...fieldsAt(path),
  });
}

async function setup(path: string, text: string, properties = '') {
  const file = await databaseWithFile(text, properties);
  await file.repository.put([locationAt(path)]);
  const provider = createGiteeFileProvider({
    client: t.client(),
    repository: file.repository,
    messages,
  });
  const sync = () =>
    syncFileLocations('f', {
      repository: file.repository,
      providers: { [GITEE_PROVIDER_IDS.file]: provider },
    });
  return { ...file, provider, sync };
}

describe('a Gitee repository file as a sync location (forge-sim)', { timeout: 60_000 }, () => {
  it('creates the file as plain markdown, then takes edits made on Gitee and sends edits made here', async () => {
    const s = await setup('docs/one.md', '# One\n\nFirst words.\n', 'title: One\n');
    await s.sync();
    expect(await onForge('docs/one.md')).toBe('# One\n\nFirst words.\n');
    expect(await commitsOf('docs/one.md')).toEqual(['docs/one.md created with Inkstone']);

    await editOnForge('docs/one.md', '# One\n\nFirst words, edited on Gitee.\n');
    await s.sync();
    expect((await s.read()).text).toBe('# One\n\nFirst words, edited on Gitee.\n');
    expect((await s.read()).properties).toBe('title: One\n');

    await s.edit('# One\n\nFirst words, edited on Gitee.\n\nAnd here.\n');
    await s.sync();
    expect(await onForge('docs/one.md')).toBe(
      '# One\n\nFirst words, edited on Gitee.\n\nAnd here.\n',
    );
    expect((await commitsOf('docs/one.md'))[0]).toBe('docs/one.md updated with Inkstone');
  });

  it('never overwrites a version written on Gitee between its read and its write: it merges it', async () => {
    const s = await setup('three.md', 'Alpha.\n\nBeta.\n');
    await s.sync();
    await s.edit('Alpha, here.\n\nBeta.\n');
    afterFirstDownload(s.provider, () => editOnForge('three.md', 'Alpha.\n\nBeta, meanwhile.\n'));
    await s.sync();
    expect(await onForge('three.md')).toBe('Alpha, here.\n\nBeta, meanwhile.\n');
    expect((await s.read()).text).toBe('Alpha, here.\n\nBeta, meanwhile.\n');
    const commits = (await commitsOf('three.md')).length;
    await s.sync();
    expect(await commitsOf('three.md')).toHaveLength(commits);
  });

  it('reads nothing from a path the branch does not have (Gitee answers an empty list)', async () => {
    const s = await setup('four.md', 'Draft.\n');
    expect(await s.provider.download(locationAt('missing.md'))).toBeNull();
  });
});

describe('publishing to a Gitee repository file (forge-sim)', { timeout: 60_000 }, () => {
  it('writes the template output in one commit with the message given, and again only when it differs', async () => {
    const publisher = createGiteeFilePublisher(t.client(), messages.updateFileMessage);
    const location = withHash<PublishLocation>({
      id: 'pub1',
      type: 'publishLocation',
      fileId: 'f',
      providerId: GITEE_PROVIDER_IDS.file,
      templateId: 'plainHtml',
      ...fieldsAt('site/notes.html'),
    });
    await publisher.publish(location, { title: 'Notes', content: '<h1>Notes</h1>\n' }, 'Publish');
    expect(await onForge('site/notes.html')).toBe('<h1>Notes</h1>\n');
    expect(await commitsOf('site/notes.html')).toEqual(['Publish']);
    await publisher.publish(location, { title: 'Notes', content: '<h1>Notes</h1>\n' }, undefined);
    await publisher.publish(location, { title: 'Notes', content: '<h1>Notes 2</h1>\n' }, undefined);
    expect(await onForge('site/notes.html')).toBe('<h1>Notes 2</h1>\n');
    expect(await commitsOf('site/notes.html')).toEqual([
      'site/notes.html updated with Inkstone',
      'Publish',
    ]);
  });
});

describe('the revisions of a Gitee file location (over forge-sim)', { timeout: 60_000 }, () => {
  it("lists the path's commits newest first and reads the file at an older one", async () => {
    const s = await setup('history/gitee.md', 'First.\n');
    const location = (await s.repository.get<LocationItem>('loc-history/gitee.md'))!;
    expect(await s.provider.listRevisions!(location)).toEqual([]);
    await s.sync();
    await editOnForge('history/gitee.md', 'Second.\n');
    const revisions = await s.provider.listRevisions!(location);
    expect(revisions.map((revision) => revision.message?.trim())).toEqual([
      'Edited on Gitee',
      'history/gitee.md created with Inkstone',
    ]);
    expect(revisions[0]!.created).toBeGreaterThan(Date.now() - 120_000);
    expect(await s.provider.revisionText!(location, revisions[1]!.id)).toBe('First.\n');
    expect(await s.provider.revisionText!(location, revisions[0]!.id)).toBe('Second.\n');
  });
});
