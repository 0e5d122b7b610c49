import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withHash } from '../../items/hash.js';
import { type LocationItem } from '../../items/types.js';
import { syncFileLocations } from '../../sync/location-sync.js';
import { GITHUB_PROVIDER_IDS } from './constants.js';
import { base64ToText, textToBase64 } from './file-location-content.js';
import { databaseWithFile, startLocationForge } from '../../testing/github-location-forge.js';
import { createGithubFileProvider } from './file-location-provider.js';
import { createGithubFilePublisher } from './file-location-publisher.js';
import { type PublishLocation } from '../../publish/publisher.js';
import { afterFirstDownload } from '../../testing/after-first-download.js';

const messages = {
  createFileMessage: '{{path}} created with Inkstone',
  updateFileMessage: '{{path}} updated with Inkstone',
};

let forge: Awaited<ReturnType<typeof startLocationForge>>;
beforeAll(async () => {
  forge = await startLocationForge();
});
afterAll(() => forge.forge.close());

interface ContentsAnswer {
  sha: string;
  content: string;
}

// The file as GitHub serves it to anyone (not through the provider under test).
const onForge = async (path: string, branch = 'main') =>
  base64ToText(
    (await forge.api<ContentsAnswer>('GET', `/repos/alice/notes/contents/${path}?ref=${branch}`))
      .content,
  );

// Someone edits the file on GitHub (the web editor, another tool).
async function editOnForge(path: string, text: string) {
  const { sha } = await forge.api<ContentsAnswer>('GET', `/repos/alice/notes/contents/${path}`);
  await forge.api('PUT', `/repos/alice/notes/contents/${path}`, {
    message: 'Edited on GitHub',
    content: textToBase64(text),
    sha,
  });
}

const commitsOf = async (path: string) =>
  (
    await forge.api<{ commit: { message: string } }[]>(
      'GET',
      `/repos/alice/notes/commits?path=${path}`,
    )
  ).map((commit) => commit.commit.message);

function locationAt(path: string): LocationItem {
  return withHash<LocationItem>({
    id: `loc-${path}`,
    type: 'syncLocation',
    fileId: 'f',
    providerId: GITHUB_PROVIDER_IDS.file,
    owner: 'alice',
    repo: 'notes',
    branch: 'main',
    path,
  });
}

async function setup(path: string, text: string, properties = '') {
  const file = await databaseWithFile(text, properties);
  await file.repository.put([locationAt(path)]);
  const provider = createGithubFileProvider({
    client: forge.client,
    repository: file.repository,
    messages,
  });
  const sync = () =>
    syncFileLocations('f', {
      repository: file.repository,
      providers: { [GITHUB_PROVIDER_IDS.file]: provider },
    });
  return { ...file, provider, sync };
}

describe('a GitHub repository file as a sync location (over forge-sim)', () => {
  it('creates the file as plain markdown, then takes edits made on GitHub and sends edits made here', async () => {
    const s = await setup('docs/one.md', '# One\n\nFirst words.\n', 'title: One\n');
    await s.sync();
    expect(await onForge('docs/one.md')).toBe('# One\n\nFirst words.\n');
    expect(await commitsOf('docs/one.md')).toEqual(['docs/one.md created with Inkstone']);

    await editOnForge('docs/one.md', '# One\n\nFirst words, edited on GitHub.\n');
    await s.sync();
    expect((await s.read()).text).toBe('# One\n\nFirst words, edited on GitHub.\n');
    // The properties are the file's own: a plain file on GitHub does not drop them.
    expect((await s.read()).properties).toBe('title: One\n');

    await s.edit('# One\n\nFirst words, edited on GitHub.\n\nAnd here.\n');
    await s.sync();
    expect(await onForge('docs/one.md')).toBe(
      '# One\n\nFirst words, edited on GitHub.\n\nAnd here.\n',
    );
    expect((await commitsOf('docs/one.md'))[0]).toBe('docs/one.md updated with Inkstone');
  });

  it('reads the trailer of a file StackEdit wrote into discussions, never text, and writes words alone', async () => {
    const s = await setup('se.md', 'Alpha.\n\nBeta.\n');
    await s.sync();
    // A StackEdit user edits the file: its text, then its trailer with a discussion of "Beta"
    // and a comment (base64 of the JSON in lines of 50, as StackEdit writes it).
    const data = {
      discussions: { d1: { text: 'Beta', start: 8, end: 12 } },
      comments: {
        c1: { discussionId: 'd1', sub: 'gh:7', text: 'Why Beta?', created: 1700000000000 },
      },
      history: [123, -456],
    };
    const trailer = Buffer.from(JSON.stringify(data))
      .toString('base64')
      .replace(/(.{50})/g, '$1\n');
    await editOnForge(
      'se.md',
      `Alpha.\n\nBeta, from StackEdit.\n<!--stackedit_data:\n${trailer}\n-->`,
    );
    await s.sync();
    const read = await s.read();
    expect(read.text).toBe('Alpha.\n\nBeta, from StackEdit.\n');
    expect(read.discussions).toEqual(data.discussions);
    expect(read.comments).toEqual(data.comments);

    // Typed here: the file gets the words alone; the discussion stays here.
    await s.edit('Alpha.\n\nBeta, from StackEdit.\n\nGamma.\n');
    await s.sync();
    expect(await onForge('se.md')).toBe('Alpha.\n\nBeta, from StackEdit.\n\nGamma.\n');
    expect((await s.read()).discussions).toEqual(data.discussions);
    const commits = (await commitsOf('se.md')).length;
    await s.sync();
    expect((await commitsOf('se.md')).length).toBe(commits);
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

  it('never overwrites a version written on GitHub between its read and its write: it merges it', async () => {
    const s = await setup('three.md', 'Alpha.\n\nBeta.\n');
    await s.sync();
    await s.edit('Alpha, here.\n\nBeta.\n');
    afterFirstDownload(s.provider, () => editOnForge('three.md', 'Alpha.\n\nBeta, meanwhile.\n'));
    await s.sync();
    expect(await onForge('three.md')).toBe('Alpha, here.\n\nBeta, meanwhile.\n');
    expect((await s.read()).text).toBe('Alpha, here.\n\nBeta, meanwhile.\n');
  });

  it('reads nothing from a path the branch does not have, and writes to the branch named', async () => {
    await forge.api('POST', '/repos/alice/notes/git/refs', {
      ref: 'refs/heads/drafts',
      sha: (
        await forge.api<{ object: { sha: string } }>('GET', '/repos/alice/notes/git/ref/heads/main')
      ).object.sha,
    });
    const s = await setup('four.md', 'Draft.\n');
    await s.repository.put([
      withHash<LocationItem>({ ...locationAt('four.md'), branch: 'drafts' }),
    ]);
    expect(await s.provider.download(locationAt('missing.md'))).toBeNull();
    await s.sync();
    expect(await onForge('four.md', 'drafts')).toBe('Draft.\n');
    await expect(onForge('four.md', 'main')).rejects.toMatchObject({ status: 404 });
  });
});

describe('publishing to a GitHub repository file (over forge-sim)', () => {
  it('writes the template output in one commit with the message given, and again only when it differs', async () => {
    const publisher = createGithubFilePublisher(forge.client, messages.updateFileMessage);
    const location = withHash<PublishLocation>({
      id: 'pub1',
      type: 'publishLocation',
      fileId: 'f',
      providerId: GITHUB_PROVIDER_IDS.file,
      templateId: 'plainHtml',
      owner: 'alice',
      repo: 'notes',
      branch: 'main',
      path: 'site/notes.html',
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

describe('the revisions of a GitHub file location (over forge-sim)', () => {
  it("lists the path's commits newest first and reads the file at an older one", async () => {
    const s = await setup('history/github.md', 'First.\n');
    const location = (await s.repository.get<LocationItem>('loc-history/github.md'))!;
    expect(await s.provider.listRevisions!(location)).toEqual([]);
    await s.sync();
    await editOnForge('history/github.md', 'Second.\n');
    const revisions = await s.provider.listRevisions!(location);
    expect(revisions.map((revision) => revision.message?.trim())).toEqual([
      'Edited on GitHub',
      'history/github.md created with Inkstone',
    ]);
    expect(revisions[0]!.created).toBeGreaterThan(Date.now() - 120_000);
    expect(await s.provider.revisionText!(location, revisions[1]!.id)).toBe('First.\n');
    expect(await s.provider.revisionText!(location, revisions[0]!.id)).toBe('Second.\n');
  });
});
