// Issue 33: a git workspace kept in StackEdit's layout ("Keep StackEdit's layout"): read from
// the fixture tree on forge-sim, edited, written back as StackEdit writes it, and read by a
// second browser.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withHash } from '../../items/hash.js';
import { type ContentItem, type FileItem, type LocationItem } from '../../items/types.js';
import { cloneFiles, commitSubjects, commitWithGit } from '../../testing/git-inspect.js';
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
import { readStackeditTrailer, stackeditTrailerHistory } from '../../transfer/stackedit-trailer.js';
import { decodeLocationFields } from './stackedit-layout.js';

let t: GithubTestForge;
beforeAll(async () => {
  t = await startGithubTestForge();
});
afterAll(async () => {
  await t.close();
});

/** A repository whose `notes/` folder is `tree`, on this file's forge. */
const stackeditRepository = (tree?: Map<string, string>) => pushStackeditRepository(t, tree);

/** A browser that keeps the layout when asked (counting the questions). */
function keepingBrowser(repo: string, asked: { count: number } = { count: 0 }, pageSize?: number) {
  return syncBrowser(
    t.provider(repo, {
      path: 'notes',
      ...(pageSize ? { pageSize } : {}),
      onStackeditLayout: () => {
        asked.count += 1;
        return Promise.resolve('keep');
      },
    }),
  );
}

/** A browser that opens the workspace with the choice remembered (never asked). */
function rememberingBrowser(repo: string) {
  return syncBrowser(
    t.provider(repo, {
      path: 'notes',
      stackeditLayout: 'keep',
      onStackeditLayout: () => Promise.reject(new Error('asked again')),
    }),
  );
}

type Browser = ReturnType<typeof keepingBrowser>;

async function fileId(browser: Browser, name: string): Promise<string> {
  const ids = (await browser.files()).filter(([, n]) => n === name).map(([id]) => id!);
  expect(ids).toHaveLength(1);
  return ids[0]!;
}

/** The workspace's files in the clone, from its folder. */
async function notes(repo: string): Promise<Map<string, string>> {
  const clone = await cloneFiles(t.forge, LOGIN, repo, GITHUB_TEST_TOKEN);
  return new Map(
    [...clone].flatMap(([path, text]) =>
      path.startsWith('notes/') ? [[path.slice('notes/'.length), text] as const] : [],
    ),
  );
}

function expectNothingOfInkstone(files: Map<string, string>) {
  for (const path of files.keys()) expect(path).not.toMatch(/^\.inkstone-(data|trash)\//);
}

describe("keeping StackEdit's git layout (forge-sim)", { timeout: 60_000 }, () => {
  it('reads every file with its trailer taken apart, writes nothing until an edit, and an edit as StackEdit writes it', async () => {
    const { repo, tree } = await stackeditRepository();
    const asked = { count: 0 };
    const browser = keepingBrowser(repo, asked);
    const commits = await commitSubjects(t.forge, LOGIN, repo);
    await browser.sync();
    await browser.sync();
    expect(asked.count).toBe(1);
    // Nothing written by reading, nor by a sync with no edits.
    expect(await commitSubjects(t.forge, LOGIN, repo)).toEqual(commits);
    expect((await browser.files()).map(([, name]) => name)).toEqual(
      expect.arrayContaining(['Georeferencing', 'Old idea', 'Plain note', 'Preset', '多说']),
    );
    expect(await browser.files()).toHaveLength(5);
    const geo = await fileId(browser, 'Georeferencing');
    const stored = tree.get('Maps/Georeferencing.md')!;
    const before = readStackeditTrailer(stored)!;
    const content = (await browser.content(geo))!;
    expect(content.text).toBe(before.text);
    expect(content.text).not.toContain('<!--stackedit_data:');
    expect(content.comments).toEqual(before.comments);
    const old = (await browser.repository.getAll('file')).find(
      (item) => (item as FileItem).name === 'Old idea',
    ) as FileItem;
    expect(old.parentId).toBe('trash');

    // An edit: the text then the same trailer (properties, discussions, comments).
    const preset = await fileId(browser, 'Preset');
    await browser.edit(geo, (text) => `${text}One more line.\n`);
    await browser.edit(preset, (text) => `${text}More.\n`);
    await browser.sync();
    expect(await commitSubjects(t.forge, LOGIN, repo)).toHaveLength(commits.length + 1);
    const after = await notes(repo);
    const geoStored = after.get('Maps/Georeferencing.md')!;
    const geoRead = readStackeditTrailer(geoStored)!;
    expect(geoRead.text).toBe(`${before.text}One more line.\n`);
    expect(geoRead.discussions).toEqual(before.discussions);
    expect(geoRead.comments).toEqual(before.comments);
    const presetStored = after.get('Blog/Drafts/Preset.md')!;
    expect(readStackeditTrailer(presetStored)).toMatchObject({
      text: 'Text\nMore.\n',
      properties: 'extensions:\n  preset: gfm\n',
    });
    // StackEdit's own history in the trailer, as it was.
    expect(stackeditTrailerHistory(presetStored)).toEqual(
      stackeditTrailerHistory(tree.get('Blog/Drafts/Preset.md')!),
    );
    // Every other file byte for byte, StackEdit's data and location files included.
    const edited = ['Maps/Georeferencing.md', 'Blog/Drafts/Preset.md'];
    expect([...after.keys()].sort()).toEqual([...tree.keys()].sort());
    for (const [path, text] of tree) if (!edited.includes(path)) expect(after.get(path)).toBe(text);
    expectNothingOfInkstone(after);

    // A second sync with no edit writes nothing.
    await browser.sync();
    expect(await commitSubjects(t.forge, LOGIN, repo)).toHaveLength(commits.length + 1);

    // A second browser, the choice remembered, reads the same.
    const other = rememberingBrowser(repo);
    await other.sync();
    const otherGeo = await fileId(other, 'Georeferencing');
    expect(otherGeo).toBe(geo);
    expect(await other.content(otherGeo)).toMatchObject({
      text: geoRead.text,
      discussions: before.discussions,
      comments: before.comments,
    });
    expect((await other.files()).map(([, name]) => name).sort()).toEqual(
      (await browser.files()).map(([, name]) => name).sort(),
    );
    expect(await commitSubjects(t.forge, LOGIN, repo)).toHaveLength(commits.length + 1);
  });

  it('writes a new file, a file moved to the trash and a removed file as StackEdit does, without duplicates', async () => {
    const { repo, tree } = await stackeditRepository();
    // (Changes read three at a time: the ids gone are reported on every page.)
    const browser = keepingBrowser(repo, undefined, 3);
    await browser.sync();
    const blog = (await browser.repository.getAll('folder')).find(
      (item) => (item as { name: string }).name === 'Blog',
    )!;
    const created = withHash<FileItem>({
      id: 'newPostFile00001',
      type: 'file',
      name: 'New post',
      parentId: blog.id,
    });
    await browser.put(
      created,
      withHash<ContentItem>({
        id: `${created.id}/content`,
        type: 'content',
        text: '# New post\n',
        properties: 'title: New\n',
        discussions: {},
        comments: {},
        history: [],
      }),
    );
    const plain = (await browser.repository.get<FileItem>(await fileId(browser, 'Plain note')))!;
    const { tx: _tx, ...plainFields } = plain as FileItem & { tx?: number };
    await browser.put(withHash<FileItem>({ ...plainFields, parentId: 'trash' }));
    const old = await fileId(browser, 'Old idea');
    await browser.repository.delete([old, `${old}/content`]);
    await browser.sync();
    await browser.sync();

    const after = await notes(repo);
    expect(readStackeditTrailer(after.get('Blog/New post.md')!)).toMatchObject({
      text: '# New post\n',
      properties: 'title: New\n',
    });
    expect(after.has('Plain note.md')).toBe(false);
    expect(after.get('.stackedit-trash/Plain note.md')).toBe(tree.get('Plain note.md'));
    // The location file goes with its file, its name as it was.
    const location = [...tree.keys()].find((path) => path.startsWith('Plain note.ey'))!;
    expect(after.get(`.stackedit-trash/${location}`)).toBe('');
    expect(after.has(location)).toBe(false);
    expect(after.has('.stackedit-trash/Old idea.md')).toBe(false);
    expectNothingOfInkstone(after);

    // One "New post" here, under the id its path gives (the same in another browser).
    const names = (await browser.files()).map(([, name]) => name).sort();
    expect(names).toEqual(['Georeferencing', 'New post', 'Plain note', 'Preset', '多说']);
    const other = rememberingBrowser(repo);
    await other.sync();
    expect((await other.files()).sort()).toEqual((await browser.files()).sort());
    expect(await other.text(await fileId(other, 'New post'))).toBe('# New post\n');
  });

  it('renames a file with its location file, and writes a new location as StackEdit names it', async () => {
    const { repo, tree } = await stackeditRepository();
    const browser = keepingBrowser(repo);
    await browser.sync();
    const plain = (await browser.repository.get<FileItem>(await fileId(browser, 'Plain note')))!;
    const { tx: _tx, ...plainFields } = plain as FileItem & { tx?: number };
    await browser.put(withHash<FileItem>({ ...plainFields, name: 'Renamed note' }));
    const preset = await fileId(browser, 'Preset');
    const added = withHash<LocationItem>({
      id: 'newLocation00001',
      type: 'publishLocation',
      fileId: preset,
      providerId: 'gist',
      sub: '22168157',
      gistId: 'abc123',
      filename: 'Preset.md',
    });
    await browser.put(added);
    await browser.sync();
    await browser.sync();

    const after = await notes(repo);
    expect(after.get('Renamed note.md')).toBe(tree.get('Plain note.md'));
    expect(after.has('Plain note.md')).toBe(false);
    const location = [...tree.keys()].find((path) => path.startsWith('Plain note.ey'))!;
    expect(after.get(location.replace('Plain note', 'Renamed note'))).toBe('');
    const written = [...after.keys()].filter((path) =>
      /^Blog\/Drafts\/Preset\.[\w-]+\.publish$/.test(path),
    );
    expect(written).toHaveLength(1);
    const fields = decodeLocationFields(written[0]!.split('.')[1]!);
    expect(fields).toEqual({
      providerId: 'gist',
      sub: '22168157',
      gistId: 'abc123',
      filename: 'Preset.md',
    });
    expectNothingOfInkstone(after);

    // Here and in another browser: one file of each name, the new location on its file.
    const names = (await browser.files()).map(([, name]) => name).sort();
    expect(names).toEqual(['Georeferencing', 'Old idea', 'Preset', 'Renamed note', '多说']);
    const other = rememberingBrowser(repo);
    await other.sync();
    expect((await other.files()).sort()).toEqual((await browser.files()).sort());
    const locations = (await other.repository.getAll('publishLocation')) as LocationItem[];
    expect(locations.filter((item) => item.fileId === preset)).toEqual([
      expect.objectContaining({ providerId: 'gist', gistId: 'abc123' }),
    ]);
    expect(await browser.repository.getAll('publishLocation')).toHaveLength(2);
    const renamed = await fileId(browser, 'Renamed note');
    const syncs = (await browser.repository.getAll('syncLocation')) as LocationItem[];
    expect(syncs.map((item) => item.fileId).filter((id) => id === renamed)).toHaveLength(1);
    expect(syncs).toHaveLength(2);
  });

  it('edits the tree the real StackEdit wrote as StackEdit writes it: the trailer as it was, every other file byte for byte', async () => {
    const { repo, tree } = await stackeditRepository(stackeditGitTree('real/tree'));
    const maps = '笔记 Notes/地図 Maps.md';
    const trip = '笔记 Notes/旅行 ✈️ trips/京都 2024 🍵.md';
    const browser = keepingBrowser(repo);
    const commits = await commitSubjects(t.forge, LOGIN, repo);
    await browser.sync();
    expect(await commitSubjects(t.forge, LOGIN, repo)).toEqual(commits);
    expect((await browser.files()).map(([, name]) => name).sort()).toEqual([
      'ゴミ Trash me 🗑️',
      '京都 2024 🍵',
      '地図 Maps',
    ]);
    const mapsId = await fileId(browser, '地図 Maps');
    const tripId = await fileId(browser, '京都 2024 🍵');
    const before = readStackeditTrailer(tree.get(maps)!)!;
    expect(await browser.content(mapsId)).toMatchObject({
      text: before.text,
      properties: before.properties,
      discussions: before.discussions,
      comments: before.comments,
    });
    await browser.edit(mapsId, (text) => `${text}One more line 🗺️.\n`);
    await browser.edit(tripId, (text) => `${text}銀閣寺 too.\n`);
    await browser.sync();
    expect(await commitSubjects(t.forge, LOGIN, repo)).toHaveLength(commits.length + 1);
    const after = await notes(repo);
    // StackEdit's own format: the edited text, then its trailer byte for byte as it wrote it
    // (the same properties, discussion, comment and history, wrapped the same).
    const trailerOf = (stored: string) => stored.slice(stored.indexOf('<!--stackedit_data:'));
    expect(after.get(maps)).toBe(`${before.text}One more line 🗺️.\n${trailerOf(tree.get(maps)!)}`);
    const tripBefore = tree.get(trip)!;
    expect(after.get(trip)).toBe(
      `${readStackeditTrailer(tripBefore)!.text}銀閣寺 too.\n${trailerOf(tripBefore)}`,
    );
    // Every other file (the trash, the location file) byte for byte, nothing added.
    expect([...after.keys()].sort()).toEqual([...tree.keys()].sort());
    for (const [path, text] of tree) {
      if (path !== maps && path !== trip) expect(after.get(path)).toBe(text);
    }
    expectNothingOfInkstone(after);

    // A second browser, the choice remembered, reads the edit with the comment.
    const other = rememberingBrowser(repo);
    await other.sync();
    expect(await other.content(await fileId(other, '地図 Maps'))).toMatchObject({
      text: `${before.text}One more line 🗺️.\n`,
      comments: before.comments,
    });
  });

  it('keeps a text whose trailer does not read whole, and writes the edit after it', async () => {
    const repo = await t.createRepository();
    const broken = 'Text\n<!--stackedit_data:\nnot base64!\n-->';
    await commitWithGit(
      t.forge,
      LOGIN,
      repo,
      new Map([
        ['notes/Note.md', broken],
        ['notes/.stackedit-data/settings.json', '{}\n'],
      ]),
      'StackEdit',
    );
    const browser = keepingBrowser(repo);
    await browser.sync();
    const note = await fileId(browser, 'Note');
    expect(await browser.text(note)).toBe(broken);
    await browser.edit(note, (text) => `${text}\nAdded.\n`);
    await browser.sync();
    const after = await notes(repo);
    expect(after.get('Note.md')).toBe(`${broken}\nAdded.\n`);
    expect(after.get('.stackedit-data/settings.json')).toBe('{}\n');
    expectNothingOfInkstone(after);
  });
});
