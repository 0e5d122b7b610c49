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
import { cloneFiles, commitSubjects } from '../../testing/git-inspect.js';
import {
  GITHUB_TEST_LOGIN as LOGIN,
  GITHUB_TEST_TOKEN,
  type GithubTestForge,
  startGithubTestForge,
} from '../../testing/github-provider.js';
import {
  stackeditGitTree,
  stackeditRepository as pushStackeditRepository,
} from '../../testing/stackedit-git-tree.js';
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

// The tree the real StackEdit wrote (fixtures/stackedit-git/real, its README says how).
const REAL_MAPS = '笔记 Notes/地図 Maps.md';
const REAL_TRIP = '笔记 Notes/旅行 ✈️ trips/京都 2024 🍵.md';
const REAL_TRASH = '.stackedit-trash/ゴミ Trash me 🗑️.md';
const REAL_MAPS_TEXT =
  '# 你好，世界 👋\n\n' +
  'Première ligne: 東京 🗼 and Zürich.\n\n' +
  'The discussion is on this sentence 🌏 about 地図.\n\n' +
  '- 項目 one\n- 項目 two 🎉\n';
const REAL_TRIP_TEXT = '## 京都\n\n抹茶 🍵, 金閣寺 and 😀😃😄.\nA line after a CRLF.\n';

/** What the real tree holds, as StackEdit showed it (its ids are its own, random). */
function expectRealWorkspace(view: ReturnType<typeof described>, tree: Map<string, string>) {
  expect(view.folders).toEqual(['笔记 Notes', '笔记 Notes/旅行 ✈️ trips']);
  expect(Object.keys(view.files).sort()).toEqual([
    '(trash)/ゴミ Trash me 🗑️',
    '笔记 Notes/地図 Maps',
    '笔记 Notes/旅行 ✈️ trips/京都 2024 🍵',
  ]);
  const maps = view.files['笔记 Notes/地図 Maps']!;
  // The text byte for byte: what StackEdit wrote before its trailer.
  const stored = tree.get(REAL_MAPS)!;
  expect(maps.text).toBe(stored.slice(0, stored.indexOf('<!--stackedit_data:')));
  expect(maps.text).toBe(REAL_MAPS_TEXT);
  expect(maps.properties).toBe('title: 地図と旅\ntags: [旅行, 🗺️]\nextensions:\n  preset: gfm\n');
  const discussions = Object.entries(maps.discussions);
  expect(discussions).toHaveLength(1);
  const [discussionId, discussion] = discussions[0]!;
  // StackEdit's places are UTF-16 offsets, as JavaScript's.
  expect(discussion).toEqual({ start: 68, end: 93, text: 'this sentence 🌏 about 地図' });
  expect(maps.text.slice(68, 93)).toBe('this sentence 🌏 about 地図');
  expect(Object.values(maps.comments)).toEqual([
    { discussionId, sub: 'gh:1001', text: 'Is 地図 the right word? 🤔', created: 1700000000000 },
  ]);
  expect(view.files['笔记 Notes/旅行 ✈️ trips/京都 2024 🍵']).toEqual({
    text: REAL_TRIP_TEXT,
    properties: '',
    discussions: {},
    comments: {},
  });
  expect(view.files['(trash)/ゴミ Trash me 🗑️']).toEqual({
    text: '捨てるファイル 🗑️\n',
    properties: '',
    discussions: {},
    comments: {},
  });
  expect(view.locations).toHaveLength(2);
  expect(view.locations).toEqual(
    expect.arrayContaining([
      {
        type: 'syncLocation',
        file: '笔记 Notes/旅行 ✈️ trips/京都 2024 🍵',
        providerId: 'github',
        sub: '1001',
        owner: 'alice',
        repo: 'mirror',
        branch: 'main',
        path: 'kyoto.md',
      },
      {
        type: 'publishLocation',
        file: '笔记 Notes/旅行 ✈️ trips/京都 2024 🍵',
        providerId: 'gist',
        sub: '1001',
        filename: 'kyoto.md',
        gistId: expect.stringMatching(/^[0-9a-f]{32}$/),
        isPublic: false,
        templateId: 'plainText',
      },
    ]),
  );
}

describe("StackEdit's git layout as the real StackEdit wrote it, read", () => {
  it('gives every folder, file (text byte for byte), property, discussion, comment, trash, sync and publish location', async () => {
    const tree = fixtureTree('real/tree');
    // What StackEdit really writes: a trailer on every file, even one without data.
    for (const path of [REAL_MAPS, REAL_TRIP, REAL_TRASH]) {
      expect(tree.get(path)).toMatch(/\n<!--stackedit_data:\n[\s\S]+\n-->$/);
    }
    const read = await readTree(tree);
    expectRealWorkspace(described(read.items, read.contents), tree);
    expect(read.read.sort()).toEqual([...tree.keys()].sort());
    expect(read.unread).toEqual([]);
    const { files } = shas(tree);
    expect(hasStackeditPaths(files)).toBe(true);
  });
});

let t: GithubTestForge;
beforeAll(async () => {
  t = await startGithubTestForge();
});
afterAll(async () => {
  await t.close();
});

/** What a second browser reads of the repository's `notes/` (never asked about StackEdit's
 * layout): its items other than contents, and each file's content. */
async function readByAnotherBrowser(repo: string) {
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
  return { items, contents };
}

/** A repository whose `notes/` folder is `tree`, on this file's forge. */
const stackeditRepository = (tree?: Map<string, string>) => pushStackeditRepository(t, tree);

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
    const { items, contents } = await readByAnotherBrowser(repo);
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

  it('converts the tree the real StackEdit wrote: plain texts where they were, nothing of StackEdit left', async () => {
    const { repo, tree } = await stackeditRepository(fixtureTree('real/tree'));
    const provider = t.provider(repo, {
      path: 'notes',
      onStackeditLayout: () => Promise.resolve('convert'),
    });
    await readAllChanges(provider);
    const clone = await cloneFiles(t.forge, LOGIN, repo, GITHUB_TEST_TOKEN);
    expect(clone.get(`notes/${REAL_MAPS}`)).toBe(REAL_MAPS_TEXT);
    expect(clone.get(`notes/${REAL_TRIP}`)).toBe(REAL_TRIP_TEXT);
    expect(clone.get('notes/.inkstone-trash/ゴミ Trash me 🗑️.md')).toBe('捨てるファイル 🗑️\n');
    for (const [path, text] of clone) {
      expect(path).not.toMatch(/\.(sync|publish)$|\.stackedit-trash/);
      expect(text).not.toContain('<!--stackedit_data:');
    }
    expect(clone.get('README.md')).toBe('Outside the workspace.\n');

    // A second browser reads the same workspace from Inkstone's layout.
    const { items, contents } = await readByAnotherBrowser(repo);
    expectRealWorkspace(described(items, contents), tree);
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
