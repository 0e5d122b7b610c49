// GitLab file locations over forge-sim's GitLab dialect: sync (download, upload, merge, the
// last_commit_id check), open on a branch, and publish.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withHash } from '../../items/hash.js';
import { type LocationItem } from '../../items/types.js';
import { type PublishLocation } from '../../publish/publisher.js';
import { syncFileLocations } from '../../sync/location-sync.js';
import { databaseWithFile } from '../../testing/github-location-forge.js';
import { type GitlabTestForge, startGitlabTestForge } from '../../testing/gitlab-provider.js';
import { base64ToText, textToBase64 } from '../github/file-location-content.js';
import { GITLAB_PROVIDER_IDS } from './constants.js';
import { readGitlabFileForm } from './file-location-fields.js';
import { createGitlabFileProvider, gitlabProjectId } from './file-location-provider.js';
import { createGitlabFilePublisher } from './file-location-publisher.js';
import { encodeFilePath, type GitlabClient } from './gitlab-client.js';
import { afterFirstDownload } from '../../testing/after-first-download.js';

const messages = {
  createFileMessage: '{{path}} created with Inkstone',
  updateFileMessage: '{{path}} updated with Inkstone',
};

let t: GitlabTestForge;
let client: GitlabClient;
let projectId: string;
beforeAll(async () => {
  t = await startGitlabTestForge();
  client = t.client();
  await t.createProject('notes');
  projectId = await gitlabProjectId(client, 'alice/notes');
});
afterAll(() => t.close());

interface FileAnswer {
  content: string;
  last_commit_id: string;
}

const fileUrl = (path: string) =>
  `/projects/alice%2Fnotes/repository/files/${encodeFilePath(path)}`;

// The file as GitLab serves it (not through the provider under test).
const onForge = async (path: string, branch = 'main') =>
  base64ToText((await client.get<FileAnswer>(fileUrl(path), { ref: branch })).content);

// Someone edits the file on GitLab (the web IDE, another tool).
async function editOnForge(path: string, text: string) {
  const { last_commit_id } = await client.get<FileAnswer>(fileUrl(path), { ref: 'main' });
  await client.put(fileUrl(path), {
    branch: 'main',
    commit_message: 'Edited on GitLab',
    content: textToBase64(text),
    encoding: 'base64',
    last_commit_id,
  });
}

const commitsOf = async (path: string, branch = 'main') =>
  (
    await client.get<{ message: string }[]>('/projects/alice%2Fnotes/repository/commits', {
      ref_name: branch,
      path,
    })
  ).map((commit) => commit.message.trim());

function locationAt(path: string, fields: Partial<LocationItem> = {}): LocationItem {
  return withHash<LocationItem>({
    id: `loc-${path}`,
    type: 'syncLocation',
    fileId: 'f',
    providerId: GITLAB_PROVIDER_IDS.file,
    // The dialog's reading of the Project URL, with the id read once.
    ...readGitlabFileForm(
      { projectUrl: `${t.forge.url}/alice/notes/-/tree/main`, path, branch: 'main' },
      t.forge.url,
    ),
    projectId,
    ...fields,
  });
}

async function setup(path: string, text: string, properties = '') {
  const file = await databaseWithFile(text, properties);
  await file.repository.put([locationAt(path)]);
  const provider = createGitlabFileProvider({ client, repository: file.repository, messages });
  const sync = () =>
    syncFileLocations('f', {
      repository: file.repository,
      providers: { [GITLAB_PROVIDER_IDS.file]: provider },
    });
  return { ...file, provider, sync };
}

describe('a GitLab project file as a sync location (over forge-sim)', { timeout: 60_000 }, () => {
  it('creates the file as plain markdown, then takes edits made on GitLab and sends edits made here', async () => {
    const s = await setup('docs/one.md', '# One\n\nFirst words.\n', 'title: One\n');
    await s.sync();
    expect(await onForge('docs/one.md')).toBe('# One\n\nFirst words.\n');
    expect(await commitsOf('docs/one.md')).toEqual(['docs/one.md created with Inkstone']);

    await editOnForge('docs/one.md', '# One\n\nFirst words, edited on GitLab.\n');
    await s.sync();
    expect((await s.read()).text).toBe('# One\n\nFirst words, edited on GitLab.\n');
    expect((await s.read()).properties).toBe('title: One\n');

    await s.edit('# One\n\nFirst words, edited on GitLab.\n\nAnd here.\n');
    await s.sync();
    expect(await onForge('docs/one.md')).toBe(
      '# One\n\nFirst words, edited on GitLab.\n\nAnd here.\n',
    );
    expect((await commitsOf('docs/one.md'))[0]).toBe('docs/one.md updated with Inkstone');
  });

  it('merges edits of both sides, and a sync with nothing changed writes nothing', async () => {
    const s = await setup('two.md', 'Alpha.\n\nBeta.\n');
    await s.sync();
    await s.edit('Alpha, here.\n\nBeta.\n');
    await editOnForge('two.md', 'Alpha.\n\nBeta, there.\n');
    await s.sync();
    expect((await s.read()).text).toBe('Alpha, here.\n\nBeta, there.\n');
    expect(await onForge('two.md')).toBe('Alpha, here.\n\nBeta, there.\n');
    const commits = (await commitsOf('two.md')).length;
    await s.sync();
    expect((await commitsOf('two.md')).length).toBe(commits);
  });

  it('never overwrites a version written on GitLab between its read and its write (last_commit_id): it merges it', async () => {
    const s = await setup('three.md', 'Alpha.\n\nBeta.\n');
    await s.sync();
    await s.edit('Alpha, here.\n\nBeta.\n');
    afterFirstDownload(s.provider, () => editOnForge('three.md', 'Alpha.\n\nBeta, meanwhile.\n'));
    await s.sync();
    expect(await onForge('three.md')).toBe('Alpha, here.\n\nBeta, meanwhile.\n');
    expect((await s.read()).text).toBe('Alpha, here.\n\nBeta, meanwhile.\n');
  });

  it('reads nothing from a path the branch does not have, and writes to the branch named', async () => {
    const main = await client.get<{ commit: { id: string } }>(
      '/projects/alice%2Fnotes/repository/branches/main',
    );
    await client.post('/projects/alice%2Fnotes/repository/commits', {
      branch: 'drafts',
      start_sha: main.commit.id,
      commit_message: 'Drafts',
      actions: [{ action: 'create', file_path: 'drafts.txt', content: '' }],
    });
    const s = await setup('four.md', 'Draft.\n');
    await s.repository.put([locationAt('four.md', { branch: 'drafts' })]);
    expect(await s.provider.download(locationAt('missing.md'))).toBeNull();
    await s.sync();
    expect(await onForge('four.md', 'drafts')).toBe('Draft.\n');
    await expect(onForge('four.md', 'main')).rejects.toMatchObject({ status: 404 });
  });

  it('works by the project path alone, before its id is known', async () => {
    const s = await setup('five.md', 'By path.\n');
    await s.repository.put([locationAt('five.md', { projectId: '' })]);
    await s.sync();
    expect(await onForge('five.md')).toBe('By path.\n');
  });
});

describe('publishing to a GitLab project file (over forge-sim)', { timeout: 60_000 }, () => {
  it('writes the template output in one commit with the message given, and again only when it differs', async () => {
    const publisher = createGitlabFilePublisher(client, messages.updateFileMessage);
    const location = withHash<PublishLocation>({
      ...locationAt('site/notes.html'),
      id: 'pub1',
      type: 'publishLocation',
      templateId: 'plainHtml',
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

describe('the revisions of a GitLab file location (over forge-sim)', { timeout: 60_000 }, () => {
  it("lists the path's commits newest first and reads the file at an older one", async () => {
    const s = await setup('history/gitlab.md', 'First.\n');
    const location = (await s.repository.get<LocationItem>('loc-history/gitlab.md'))!;
    expect(await s.provider.listRevisions!(location)).toEqual([]);
    await s.sync();
    await editOnForge('history/gitlab.md', 'Second.\n');
    const revisions = await s.provider.listRevisions!(location);
    expect(revisions.map((revision) => revision.message?.trim())).toEqual([
      'Edited on GitLab',
      'history/gitlab.md created with Inkstone',
    ]);
    expect(revisions[0]!.created).toBeGreaterThan(Date.now() - 120_000);
    expect(await s.provider.revisionText!(location, revisions[1]!.id)).toBe('First.\n');
    expect(await s.provider.revisionText!(location, revisions[0]!.id)).toBe('Second.\n');
  });
});
