// The sync engine over the GitHub provider over forge-sim: what a user of a repository
// workspace sees, in the browser (the local database) and in the repository (git itself).
import { type SyncData } from '../../sync/workspace-provider.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryDatabase } from '../../db/memory-repository.js';
import { type FileItem, type Item } from '../../items/types.js';
import { type FetchPort } from '../../sync/http-client.js';
import { WorkspaceSynchronizer } from '../../sync/workspace-sync.js';
import { nodeFetch } from '../../testing/couchdb-provider.js';
import { readAllChanges } from '../../testing/workspace-provider-contract.js';
import { cloneFiles, commitSubjects, commitWithGit, gitIn } from '../../testing/git-inspect.js';
import {
  GITHUB_TEST_LOGIN as LOGIN,
  GITHUB_TEST_TOKEN,
  type GithubTestForge,
  startGithubTestForge,
} from '../../testing/github-provider.js';
import { PARAGRAPHS as paragraphs, RequestHook, syncBrowser } from '../../testing/sync-browser.js';
import { testContent, testFile, testFolder } from '../../testing/test-items.js';
import { GIT_TREE_TOO_BIG } from './constants.js';

const content = testContent;
const file = testFile;
const folder = testFolder;

let t: GithubTestForge;
// A fetch that runs `before` once, just before the first request matching it.
const hook = new RequestHook();
// How many blob reads were under way at once, at most.
const blobReads = { now: 0, most: 0 };
const hookedFetch: FetchPort = async (url, init) => {
  await hook.beforeRequest(url, init);
  if (!url.includes('/git/blobs/')) return nodeFetch(url, init);
  blobReads.most = Math.max(blobReads.most, (blobReads.now += 1));
  try {
    const response = await nodeFetch(url, init);
    await response.text().then((text) => {
      response.text = () => Promise.resolve(text);
    });
    return response;
  } finally {
    blobReads.now -= 1;
  }
};

beforeAll(async () => {
  t = await startGithubTestForge({ fetch: hookedFetch });
});
afterAll(async () => {
  await t.close();
});

// One browser: its own database, syncing the workspace through its own provider.
const browser = (repo: string, options: { path?: string; ask?: () => Promise<string> } = {}) =>
  syncBrowser(t.provider(repo, { path: options.path ?? '' }), options);

const commits = (repo: string) => commitSubjects(t.forge, LOGIN, repo);
const clone = (repo: string) => cloneFiles(t.forge, LOGIN, repo, GITHUB_TEST_TOKEN);

// Each test waits on forge-sim's git processes: generous time-outs for a loaded machine.
describe('GitHub repository workspace sync (forge-sim)', { timeout: 60_000 }, () => {
  it('makes one commit per sync, and a clone shows each file as plain markdown with its text only (S16)', async () => {
    const repo = await t.createRepository();
    const a = browser(repo);
    await a.put(
      folder('notes', 'Notes'),
      file('plan', 'Plan', 'notes'),
      content('plan', '# Plan\n\nShip it.\n'),
      file('hello', 'Hello'),
      content('hello', 'Hello *world*.\n', {
        properties: 'title: Hi\n',
        discussions: { d1: { text: 'world', start: 7, end: 12 } },
      }),
      file('gone', 'Gone'),
      content('gone', 'Soon trashed.\n'),
    );
    const before = (await commits(repo)).length;
    await a.sync();
    expect(await commits(repo)).toHaveLength(before + 1);
    expect((await commits(repo))[0]).toBe('Inkstone: 3 files updated');

    const files = await clone(repo);
    expect(files.get('Hello.md')).toBe('Hello *world*.\n');
    expect(files.get('Notes/Plan.md')).toBe('# Plan\n\nShip it.\n');
    expect(files.get('Gone.md')).toBe('Soon trashed.\n');
    expect(files.get('README.md')).toBeDefined();
    const index = JSON.parse(files.get('.inkstone-data/index.json')!) as {
      items: Record<string, unknown>;
    };
    expect(Object.keys(index.items)).toEqual(expect.arrayContaining(['notes', 'plan', 'hello']));
    expect(files.get('.inkstone-data/hello.json')).toContain('title: Hi');
    expect(files.has('.inkstone-data/plan.json')).toBe(false);

    // Renaming a folder and editing a file: one more commit, the text moved with its folder.
    await a.put(folder('notes', 'Ideas'));
    await a.edit('plan', (text) => `${text}\nAnd test it.\n`);
    await a.sync();
    expect(await commits(repo)).toHaveLength(before + 2);
    expect((await commits(repo))[0]).toBe('Ideas/Plan.md updated with Inkstone');
    const after = await clone(repo);
    expect(after.get('Ideas/Plan.md')).toBe('# Plan\n\nShip it.\n\nAnd test it.\n');
    expect(after.has('Notes/Plan.md')).toBe(false);

    // Trashing a file: its text goes to .inkstone-trash/, then, the trashing synced, the synced
    // trashed file is deleted (S8) in a second commit.
    await a.put({ ...file('gone', 'Gone', 'trash'), trashedAt: 1 } as Item);
    await a.sync();
    expect(await commits(repo)).toHaveLength(before + 4);
    const trashed = await gitIn(t.forge, LOGIN, repo, ['show', 'main~1:.inkstone-trash/Gone.md']);
    expect(trashed).toBe('Soon trashed.\n');
    const purged = await clone(repo);
    expect([...purged.keys()].filter((path) => path.includes('Gone'))).toEqual([]);
    expect(await a.repository.get('gone')).toBeUndefined();
  });

  it('carries discussions and comments in .inkstone-data/, two browsers commenting at once keep both', async () => {
    const repo = await t.createRepository();
    const a = browser(repo);
    const b = browser(repo);
    await a.put(file('doc', 'Doc'), content('doc', paragraphs));
    await a.sync();
    await b.sync();
    // Ann and Bob each start a discussion on the second paragraph, before either syncs.
    const comment = (
      browserOf: typeof a,
      discussionId: string,
      commentId: string,
      sub: string,
      words: string,
    ) =>
      browserOf.talk('doc', (talk) => ({
        discussions: {
          ...talk.discussions,
          [discussionId]: { start: 18, end: 35, text: 'Second paragraph.' },
        },
        comments: {
          ...talk.comments,
          [commentId]: { discussionId, sub, text: words, created: 1 },
        },
      }));
    await comment(a, 'dAnn', 'cAnn', '101', 'Ann was here.');
    await comment(b, 'dBob', 'cBob', '202', 'Bob was here too.');
    await a.sync();
    await b.sync();
    await a.sync();
    for (const each of [a, b]) {
      const talk = await each.content('doc');
      expect(Object.keys(talk!.discussions).sort()).toEqual(['dAnn', 'dBob']);
      expect(
        Object.values(talk!.comments)
          .map((c) => c.text)
          .sort(),
      ).toEqual(['Ann was here.', 'Bob was here too.']);
      expect(talk!.text).toBe(paragraphs);
    }
    // In the repository: the markdown is the text alone, the talk is in .inkstone-data/.
    const files = await clone(repo);
    expect(files.get('Doc.md')).toBe(paragraphs);
    const data = [...files].filter(([path]) => path.startsWith('.inkstone-data/'));
    expect(data.map(([, text]) => text).join('\n')).toContain('Bob was here too.');
  });

  it('makes at most 2 requests and no commit when nothing changed', async () => {
    const repo = await t.createRepository();
    const a = browser(repo);
    await a.put(file('f', 'F'), content('f', 'Text.\n'));
    await a.sync();
    await a.sync();
    const count = (await commits(repo)).length;
    t.requests.length = 0;
    await a.sync();
    expect(t.requests.length).toBeLessThanOrEqual(2);
    expect(t.requests).toEqual([expect.stringMatching(/^GET .*\/git\/ref\/heads\/main$/)]);
    expect(await commits(repo)).toHaveLength(count);
  });

  it('gives a second browser the same ids, and merges edits of different paragraphs and of one sentence', async () => {
    const repo = await t.createRepository();
    const a = browser(repo);
    const b = browser(repo);
    await a.put(folder('dir', 'Dir'), file('doc', 'Doc', 'dir'), content('doc', paragraphs));
    await a.sync();
    await b.sync();
    expect(await b.files()).toEqual(await a.files());
    expect(await b.text('doc')).toBe(paragraphs);

    await a.edit('doc', (text) => text.replace('First paragraph.', 'First paragraph, by Ann.'));
    await b.edit('doc', (text) => text.replace('Third paragraph.', 'Third paragraph, by Bob.'));
    await a.sync();
    await b.sync();
    await a.sync();
    const merged = 'First paragraph, by Ann.\n\nSecond paragraph.\n\nThird paragraph, by Bob.\n';
    expect(await a.text('doc')).toBe(merged);
    expect(await b.text('doc')).toBe(merged);

    await a.edit('doc', (text) => text.replace('Second paragraph.', 'Second paragraph, annwords.'));
    await b.edit('doc', (text) => text.replace('Second paragraph.', 'Second paragraph, bobwords.'));
    await a.sync();
    await b.sync();
    await a.sync();
    const final = await a.text('doc');
    expect(await b.text('doc')).toBe(final);
    expect(final).toContain('annwords');
    expect(final).toContain('bobwords');
    expect((await clone(repo)).get('Dir/Doc.md')).toBe(final);
  });

  it('loses nothing when another browser commits between its read and its ref update (TOO_LATE, S7)', async () => {
    const repo = await t.createRepository();
    const a = browser(repo);
    const b = browser(repo);
    await a.put(file('doc', 'Doc'), content('doc', paragraphs));
    await a.sync();
    await b.sync();
    await a.edit('doc', (text) => text.replace('First', 'Annfirst'));
    await a.put(file('new-a', 'From A'), content('new-a', 'A wrote this.\n'));
    await b.edit('doc', (text) => text.replace('Third', 'Bobthird'));
    await b.put(file('new-b', 'From B'), content('new-b', 'B wrote this.\n'));
    const count = (await commits(repo)).length;
    // A reads, writes its tree and commit; just before its ref moves, B syncs and commits.
    hook.next = { match: /^PATCH .*\/git\/refs\/heads\/main$/, before: () => b.sync() };
    await a.sync();
    expect(hook.next).toBeUndefined();
    await b.sync();
    for (const browser of [a, b]) {
      expect(await browser.text('doc')).toBe(
        'Annfirst paragraph.\n\nSecond paragraph.\n\nBobthird paragraph.\n',
      );
      expect(await browser.text('new-a')).toBe('A wrote this.\n');
      expect(await browser.text('new-b')).toBe('B wrote this.\n');
    }
    // B's commit, then A's (its refused one never reached the branch).
    expect(await commits(repo)).toHaveLength(count + 2);
    const files = await clone(repo);
    expect(files.get('Doc.md')).toContain('Annfirst');
    expect(files.get('Doc.md')).toContain('Bobthird');
  });

  it('syncs every file of a repository of more than 1,000 files written by another tool, with the same ids in every browser', async () => {
    const repo = await t.createRepository();
    const texts = new Map<string, string>();
    for (let i = 0; i < 1_050; i += 1) {
      texts.set(`chapter-${i % 7}/note ${i}.md`, `Note ${i}\n\nWritten with git.\n`);
    }
    texts.set('image.png', 'not markdown');
    await commitWithGit(t.forge, LOGIN, repo, texts, 'Many notes');
    // What another browser sees of it before anyone synced: ids made from the paths.
    const { pages } = await readAllChanges(t.provider(repo));
    const seenElsewhere = pages
      .flat()
      .filter((change) => change.item?.type === 'file')
      .map((change) => change.itemId)
      .sort();

    const a = browser(repo);
    t.requests.length = 0;
    await a.sync();
    // One tree read, however many files; one commit (the ids recorded in the manifest).
    expect(t.requests.filter((request) => /^GET .*\/git\/trees\//.test(request))).toHaveLength(1);
    expect(t.requests.filter((request) => /^POST .*\/git\/trees$/.test(request))).toHaveLength(1);
    expect(t.requests.filter((request) => request.startsWith('PATCH'))).toHaveLength(1);
    const files = await a.repository.getAll('file');
    expect(files).toHaveLength(1_051); // README and the notes
    expect(files.map((item) => item.id).sort()).toEqual(seenElsewhere);
    expect(await a.repository.getAll('folder')).toHaveLength(7);
    const byName = new Map(files.map((item) => [(item as FileItem).name, item.id]));
    for (let i = 0; i < 1_050; i += 1) {
      expect(await a.text(byName.get(`note ${i}`)!)).toBe(`Note ${i}\n\nWritten with git.\n`);
    }
    // The texts were not rewritten: the commit only recorded the manifest.
    const clone = await cloneFiles(t.forge, LOGIN, repo, GITHUB_TEST_TOKEN);
    expect(clone.get('chapter-3/note 1018.md')).toBe('Note 1018\n\nWritten with git.\n');
    expect(clone.size).toBe(1_053); // README, image, notes, the manifest
  }, 180_000);

  it("reads a new browser's texts several at a time, and each once", async () => {
    const repo = await t.createRepository();
    const a = browser(repo);
    for (let i = 0; i < 20; i += 1) await a.put(file(`f${i}`, `F${i}`), content(`f${i}`, `${i}\n`));
    await a.sync();
    const b = browser(repo);
    blobReads.most = 0;
    t.requests.length = 0;
    await b.sync();
    for (let i = 0; i < 20; i += 1) expect(await b.text(`f${i}`)).toBe(`${i}\n`);
    expect(blobReads.most).toBeGreaterThan(1);
    // The manifest, the README and the 20 texts (no data files: nothing but text), each once.
    const blobs = t.requests.filter((request) => request.includes('/git/blobs/'));
    expect(blobs).toHaveLength(22);
    expect(new Set(blobs).size).toBe(22);
  });

  it('takes a text edited on the forge (a commit of another tool) and merges it with an edit here', async () => {
    const repo = await t.createRepository();
    const a = browser(repo, { path: 'book' });
    await a.put(file('doc', 'Doc'), content('doc', paragraphs));
    await a.sync();
    await commitWithGit(
      t.forge,
      LOGIN,
      repo,
      new Map([['book/Doc.md', paragraphs.replace('Third', 'Webthird')]]),
      'Edit on the web',
    );
    await a.edit('doc', (text) => text.replace('First', 'Localfirst'));
    await a.sync();
    const expected = 'Localfirst paragraph.\n\nSecond paragraph.\n\nWebthird paragraph.\n';
    expect(await a.text('doc')).toBe(expected);
    expect((await clone(repo)).get('book/Doc.md')).toBe(expected);
    expect((await commits(repo))[0]).toBe('book/Doc.md updated with Inkstone');
  });

  it("lists a file's revisions, newest first, with their messages", async () => {
    const repo = await t.createRepository();
    const a = browser(repo, { path: 'notes' });
    await a.put(
      file('doc', 'Doc'),
      content('doc', 'One.\n'),
      file('other', 'Other'),
      content('other', 'x\n'),
    );
    await a.sync();
    await a.edit('doc', () => 'Two.\n');
    await a.sync();
    await a.edit('other', () => 'y\n');
    await a.sync();
    const provider = t.provider(repo, { path: 'notes' });
    await provider.getChanges(undefined);
    const revisions = await provider.listRevisions('doc');
    expect(revisions.map((revision) => revision.message)).toEqual([
      'notes/Doc.md updated with Inkstone',
      'Inkstone: 2 files updated',
    ]);
    const [newest] = await commitSubjects(t.forge, LOGIN, repo, 'main~1');
    expect(newest).toBe('notes/Doc.md updated with Inkstone');
    expect(revisions[0]!.created).toBeGreaterThan(Date.now() - 60_000);
    // Each commit's text, read as the file at that commit.
    const syncData: SyncData = { id: '', itemId: 'doc/content', type: 'content', hash: '' };
    expect(await provider.revisionText('doc', syncData, revisions[0]!.id)).toBe('Two.\n');
    expect(await provider.revisionText('doc', syncData, revisions[1]!.id)).toBe('One.\n');
  });

  it('commits with the message asked once per sync (S14)', async () => {
    const repo = await t.createRepository();
    let asked = 0;
    const a = browser(repo, { ask: () => Promise.resolve(`My message ${(asked += 1)}`) });
    await a.put(
      file('one', 'One'),
      content('one', '1\n'),
      file('two', 'Two'),
      content('two', '2\n'),
    );
    await a.sync();
    expect(asked).toBe(1);
    expect((await commits(repo))[0]).toBe('My message 1');
  });

  it("refuses a tree the forge truncates: 'Git tree too big…'", async () => {
    const small = await startGithubTestForge({ treeLimit: 5 });
    try {
      const repo = await small.createRepository();
      const texts = new Map<string, string>();
      for (let i = 0; i < 6; i += 1) texts.set(`n${i}.md`, `${i}\n`);
      await commitWithGit(small.forge, LOGIN, repo, texts, 'Six notes');
      const repository = new MemoryDatabase('small').connect();
      const synchronizer = new WorkspaceSynchronizer({
        repository,
        provider: small.provider(repo),
        welcomeFileHashes: new Set(),
      });
      await expect(synchronizer.sync()).rejects.toThrow(GIT_TREE_TOO_BIG);
      expect(await repository.getAll('file')).toEqual([]);
    } finally {
      await small.close();
    }
  });
});
