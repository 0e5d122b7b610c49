// Issue 33: a git workspace in StackEdit's layout (fixtures/stackedit-git/tree, written after
// StackEdit's source with its real trailers), read into items, and converted to Inkstone's
// layout in one commit on forge-sim.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ContentItem,
  type FileItem,
  type Item,
  type LocationItem,
} from '../../items/types.js';
import { readAllChanges } from '../../testing/workspace-provider-contract.js';
import { cloneFiles, commitSubjects, commitWithGit } from '../../testing/git-inspect.js';
import {
  GITHUB_TEST_LOGIN as LOGIN,
  GITHUB_TEST_TOKEN,
  type GithubTestForge,
  startGithubTestForge,
} from '../../testing/github-provider.js';
import { stackeditGitTree } from '../../testing/stackedit-git-tree.js';
import { syncBrowser } from '../../testing/sync-browser.js';
import { gitBlobSha, utf8Bytes } from './bytes.js';
import { STACKEDIT_CONVERSION_MESSAGE, StackeditLayoutError } from './git-workspace.js';
import { GIT_MANIFEST_PATH } from './layout.js';
import {
  hasStackeditPaths,
  hasStackeditTrailers,
  readStackeditLayout,
  type StackeditGitWorkspace,
} from './stackedit-layout.js';

const fixtureTree = stackeditGitTree;

/** Reads a tree of texts as a commit would give it: paths to blob shas, blobs by sha. */
async function readTree(texts: Map<string, string>): Promise<StackeditGitWorkspace> {
  const { files, blobs } = shas(texts);
  return readStackeditLayout(files, (sha) => Promise.resolve(blobs.get(sha)!));
}

function shas(texts: Map<string, string>) {
  const files = new Map<string, string>();
  const blobs = new Map<string, string>();
  for (const [path, text] of texts) {
    const sha = gitBlobSha(utf8Bytes(text));
    files.set(path, sha);
    blobs.set(sha, text);
  }
  return { files, blobs };
}

const GEOREFERENCING_COMMENT = /^This theory reads a little more like an exercise\..*them\.$/;

/** What a user sees of a workspace: each folder by path, each file by path with its text,
 * properties, discussions and comments, each location with its fields (ids aside). */
function described(items: readonly Item[], contents: readonly ContentItem[]) {
  const byId = new Map(items.map((item) => [item.id, item]));
  const pathOf = (id: string | null): string => {
    if (id === null) return '';
    if (id === 'trash') return '(trash)';
    const item = byId.get(id) as { name: string; parentId: string | null } | undefined;
    if (!item) return '?';
    const parent = pathOf(item.parentId);
    return parent ? `${parent}/${item.name}` : item.name;
  };
  const folders = items
    .filter((item) => item.type === 'folder')
    .map((folder) => pathOf(folder.id))
    .sort();
  const files = Object.fromEntries(
    items
      .filter((item) => item.type === 'file')
      .map((file) => {
        const content = contents.find((c) => c.id === `${file.id}/content`)!;
        return [
          pathOf(file.id),
          {
            text: content.text,
            properties: content.properties,
            discussions: content.discussions,
            comments: content.comments,
          },
        ];
      }),
  );
  const locations = items
    .filter((item): item is LocationItem => item.type.endsWith('Location'))
    .map(({ id: _id, hash: _hash, fileId, ...rest }) => ({ ...rest, file: pathOf(fileId) }))
    .sort((a, b) => (a.file < b.file ? -1 : 1));
  return { folders, files, locations };
}

/** What the fixture holds, as StackEdit would show it. */
function expectFixtureWorkspace(view: ReturnType<typeof described>, tree: Map<string, string>) {
  expect(view.folders).toEqual(['Blog', 'Blog/Drafts', 'Maps']);
  const stored = tree.get('Maps/Georeferencing.md')!;
  const georeferencing = stored.slice(0, stored.indexOf('<!--stackedit_data:'));
  expect(Object.keys(view.files).sort()).toEqual([
    '(trash)/Old idea',
    'Blog/Drafts/Preset',
    'Blog/多说',
    'Maps/Georeferencing',
    'Plain note',
  ]);
  const geo = view.files['Maps/Georeferencing']!;
  expect(geo.text).toBe(georeferencing);
  expect(geo.text.slice(4209, 4223)).toBe('Georeferencing');
  expect(geo.discussions).toEqual({
    '5PylqcMUi0ud1GjV': { text: 'Georeferencing', start: 4209, end: 4223 },
  });
  expect(geo.comments).toEqual({
    XQ4wPt26cuHNrKtx: {
      discussionId: '5PylqcMUi0ud1GjV',
      sub: 'gh:22168157',
      text: expect.stringMatching(GEOREFERENCING_COMMENT),
      created: 1686731362258,
    },
  });
  expect(view.files['Blog/多说']).toEqual({
    text: '# 多说\n\nText.\n',
    properties:
      "tags: 'blogger,多说'\nexcerpt: 为Blogger插入多说评论框，亲测成功。  1、获取多说代码 登陆多说后台——工具——获取代码——通用代码\ndate: '2017-02-09'\n",
    discussions: {},
    comments: {},
  });
  expect(view.files['Blog/Drafts/Preset']).toMatchObject({
    text: 'Text\n',
    properties: 'extensions:\n  preset: gfm\n',
  });
  expect(view.files['Plain note']).toMatchObject({ text: 'Just a note.\n', properties: '' });
  expect(view.files['(trash)/Old idea']).toMatchObject({ text: 'An idea given up.\n' });
  expect(view.locations).toEqual([
    {
      type: 'publishLocation',
      file: 'Blog/多说',
      providerId: 'blogger',
      sub: '108923456789012345678',
      blogUrl: 'https://duoshuo-notes.blogspot.com/',
      postId: '7284623891732641',
      templateId: 'plainHtml',
    },
    {
      type: 'syncLocation',
      file: 'Maps/Georeferencing',
      providerId: 'github',
      sub: '22168157',
      owner: 'alice',
      repo: 'maps',
      branch: 'master',
      path: 'docs/georeferencing.md',
    },
    {
      type: 'syncLocation',
      file: 'Plain note',
      providerId: 'googleDrive',
      sub: '108923456789012345678',
      driveFileId: '1AbC-dEf_GhI',
    },
  ]);
}

describe("StackEdit's git layout, read", () => {
  it('gives every folder, file (text without its trailer, byte for byte), property, discussion, comment and location', async () => {
    const tree = fixtureTree();
    const read = await readTree(tree);
    expectFixtureWorkspace(described(read.items, read.contents), tree);
    // Everything StackEdit wrote for the workspace is read, but its own data items.
    expect(read.read.sort()).toEqual(
      [...tree.keys()].filter((p) => !p.startsWith('.stackedit-data/')).sort(),
    );
    expect(read.unread).toEqual([]);
    // The same ids in another browser.
    expect((await readTree(tree)).items.map((item) => item.id)).toEqual(
      read.items.map((item) => item.id),
    );
  });

  it('is told by its paths, or by the trailers of its texts; not once the Inkstone index is there', async () => {
    const tree = fixtureTree();
    const { files, blobs } = shas(tree);
    expect(hasStackeditPaths(files)).toBe(true);
    const texts = new Map(
      [...tree].filter(([path]) => path.endsWith('.md') && !path.startsWith('.stackedit')),
    );
    const onlyTexts = shas(texts);
    expect(hasStackeditPaths(onlyTexts.files)).toBe(false);
    const read = (sha: string) => Promise.resolve(onlyTexts.blobs.get(sha)!);
    expect(await hasStackeditTrailers(onlyTexts.files, read)).toBe(true);
    const plain = shas(new Map([['Plain note.md', 'Just a note.\n']]));
    expect(
      await hasStackeditTrailers(plain.files, (sha) => Promise.resolve(plain.blobs.get(sha)!)),
    ).toBe(false);
    const converted = new Map(files).set(GIT_MANIFEST_PATH, 'x');
    expect(hasStackeditPaths(converted)).toBe(false);
    expect(await hasStackeditTrailers(converted, (sha) => Promise.resolve(blobs.get(sha)!))).toBe(
      false,
    );
  });

  it('leaves a location file that does not read, and a trailer that does not read stays in the text', async () => {
    const tree = new Map([
      ['Note.md', 'Text\n<!--stackedit_data:\nnot base64!\n-->'],
      ['Note.bm90IGpzb24.sync', ''],
      ['Gone.eyJwcm92aWRlcklkIjoiZ2l0aHViIn0.sync', ''],
    ]);
    const read = await readTree(tree);
    expect(read.contents[0]!.text).toBe(tree.get('Note.md'));
    expect(read.items.filter((item) => item.type.endsWith('Location'))).toEqual([]);
    expect(read.unread.sort()).toEqual([
      'Gone.eyJwcm92aWRlcklkIjoiZ2l0aHViIn0.sync',
      'Note.bm90IGpzb24.sync',
    ]);
    expect(read.read).toEqual(['Note.md']);
  });
});

let t: GithubTestForge;
beforeAll(async () => {
  t = await startGithubTestForge();
});
afterAll(async () => {
  await t.close();
});

/** A repository whose `notes/` folder is the fixture, pushed as another tool would. */
async function stackeditRepository(): Promise<{ repo: string; tree: Map<string, string> }> {
  const repo = await t.createRepository();
  const tree = fixtureTree();
  const files = new Map([...tree].map(([path, text]) => [`notes/${path}`, text]));
  files.set('README.md', 'Outside the workspace.\n');
  await commitWithGit(t.forge, LOGIN, repo, files, 'StackEdit');
  return { repo, tree };
}

describe("converting StackEdit's git layout (forge-sim)", { timeout: 60_000 }, () => {
  it('is one commit of plain markdown and Inkstone data, read the same by a second browser', async () => {
    const { repo, tree } = await stackeditRepository();
    const asked: string[] = [];
    const provider = t.provider(repo, {
      path: 'notes',
      onStackeditLayout: () => {
        asked.push('asked');
        return Promise.resolve('convert');
      },
    });
    const before = await commitSubjects(t.forge, LOGIN, repo);
    await readAllChanges(provider);
    expect(asked).toHaveLength(1);
    expect(await commitSubjects(t.forge, LOGIN, repo)).toEqual([
      STACKEDIT_CONVERSION_MESSAGE,
      ...before,
    ]);

    // The tree: plain texts where they were, the trash and data in Inkstone's folders,
    // StackEdit's location files and trash gone, its own data items and outside files kept.
    const clone = await cloneFiles(t.forge, LOGIN, repo, GITHUB_TEST_TOKEN);
    const stored = tree.get('Maps/Georeferencing.md')!;
    expect(clone.get('notes/Maps/Georeferencing.md')).toBe(
      stored.slice(0, stored.indexOf('<!--stackedit_data:')),
    );
    expect(clone.get('notes/Blog/多说.md')).toBe('# 多说\n\nText.\n');
    expect(clone.get('notes/Plain note.md')).toBe('Just a note.\n');
    expect(clone.get('notes/.inkstone-trash/Old idea.md')).toBe('An idea given up.\n');
    expect(clone.get('notes/.stackedit-data/templates.json')).toBe(
      tree.get('.stackedit-data/templates.json'),
    );
    expect(clone.get('README.md')).toBe('Outside the workspace.\n');
    for (const [path, text] of clone) {
      expect(path).not.toMatch(/\.(sync|publish)$|\.stackedit-trash/);
      expect(text).not.toContain('<!--stackedit_data:');
    }
    expect(clone.has(`notes/${GIT_MANIFEST_PATH}`)).toBe(true);
    expect(
      [...clone.keys()].filter((p) => p.startsWith('notes/.inkstone-data/')).length,
    ).toBeGreaterThan(2);

    // A second browser reads the same items, without being asked again.
    const other = t.provider(repo, {
      path: 'notes',
      onStackeditLayout: () => Promise.reject(new Error('asked again')),
    });
    const changes = (await readAllChanges(other)).pages.flat();
    const items = changes.flatMap((change) =>
      change.item && change.item.type !== 'content' ? [change.item] : [],
    );
    const contents = await Promise.all(
      items
        .filter((item) => item.type === 'file')
        .map(async (file) => (await other.downloadContent(file.id))!),
    );
    expectFixtureWorkspace(described(items, contents), tree);
    // A browser syncing it holds the files, with their discussions and comments.
    const browser = syncBrowser(t.provider(repo, { path: 'notes' }));
    await browser.sync();
    expect((await browser.files()).map(([, name]) => name).sort()).toEqual([
      'Georeferencing',
      'Old idea',
      'Plain note',
      'Preset',
      '多说',
    ]);
    // StackEdit's trash stays the trash (in the trash on both sides, not brought back).
    const trashed = (await browser.repository.getAll('file')).find(
      (item) => item.type === 'file' && item.name === 'Old idea',
    ) as FileItem | undefined;
    expect(trashed?.parentId).toBe('trash');
    const geo = items.find((item) => item.type === 'file' && item.name === 'Georeferencing')!;
    expect((await browser.content(geo.id))?.comments).toMatchObject({
      XQ4wPt26cuHNrKtx: { discussionId: '5PylqcMUi0ud1GjV', created: 1686731362258 },
    });
  });

  it('cancelled, writes nothing and asks no more in that tab', async () => {
    const { repo } = await stackeditRepository();
    let asked = 0;
    const provider = t.provider(repo, {
      path: 'notes',
      onStackeditLayout: () => {
        asked += 1;
        return Promise.resolve('cancel');
      },
    });
    const before = await commitSubjects(t.forge, LOGIN, repo);
    await expect(provider.getChanges(undefined)).rejects.toBeInstanceOf(StackeditLayoutError);
    await expect(provider.getChanges(undefined)).rejects.toBeInstanceOf(StackeditLayoutError);
    expect(asked).toBe(1);
    expect(await commitSubjects(t.forge, LOGIN, repo)).toEqual(before);
  });
});
