// The sync engine over the Gitea provider over forge-sim: what a user of a repository workspace
// on Gitea (or Forgejo) sees, in the browser (the local database) and in the repository (git
// itself), through ChangeFiles (one commit per sync) and through the one-file-at-a-time
// fallback of a Gitea before 1.20.
import { type SyncData } from '../../sync/workspace-provider.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FileItem } from '../../items/types.js';
import { type FetchPort } from '../../sync/http-client.js';
import { GIT_MANIFEST_PATH } from '../git/layout.js';
import { nodeFetch } from '../../testing/couchdb-provider.js';
import { cloneFiles, commitSubjects, commitWithGit, gitIn } from '../../testing/git-inspect.js';
import {
  GITEA_TEST_BRANCH as BRANCH,
  GITEA_TEST_LOGIN as LOGIN,
  GITEA_TEST_TOKEN,
  type GiteaTestForge,
  startGiteaTestForge,
} from '../../testing/gitea-provider.js';
import { PARAGRAPHS as paragraphs, RequestHook, syncBrowser } from '../../testing/sync-browser.js';
import {
  testContent as content,
  testFile as file,
  testFolder as folder,
} from '../../testing/test-items.js';

// A fetch that runs `before` once, just before the first request matching it (method and URL),
// and fails the network on the `failWrite`th write from now (a write is any request but a GET).
const hook = new RequestHook();
let failWrite: { after: number } | undefined;
const hookedFetch: FetchPort = async (url, init) => {
  if (failWrite && init.method !== 'GET' && (failWrite.after -= 1) === 0) {
    failWrite = undefined;
    throw new Error('The network failed.');
  }
  await hook.beforeRequest(url, init);
  return nodeFetch(url, init);
};

let t: GiteaTestForge;
let old: GiteaTestForge;
beforeAll(async () => {
  [t, old] = await Promise.all([
    startGiteaTestForge({ fetch: hookedFetch }),
    startGiteaTestForge({ fetch: hookedFetch, gitea: { changeFiles: false } }),
  ]);
});
afterAll(async () => {
  await Promise.all([t.close(), old.close()]);
});

// One browser: its own database, syncing the workspace through its own provider.
const browser = (
  forge: GiteaTestForge,
  repo: string,
  options: { path?: string; ask?: () => Promise<string> } = {},
) => syncBrowser(forge.provider(repo, { path: options.path ?? '' }), options);

const commits = (forge: GiteaTestForge, repo: string) =>
  commitSubjects(forge.forge, LOGIN, repo, BRANCH);
const clone = (forge: GiteaTestForge, repo: string) =>
  cloneFiles(forge.forge, LOGIN, repo, GITEA_TEST_TOKEN);
// The files each of the newest `count` commits changed, oldest first.
async function changedByCommit(forge: GiteaTestForge, repo: string, count: number) {
  const out = await gitIn(forge.forge, LOGIN, repo, [
    'log',
    '--reverse',
    '--format=@%s',
    '--name-only',
    `-${count}`,
    BRANCH,
  ]);
  return out
    .split('@')
    .filter((block) => block.trim() !== '')
    .map((block) => block.trim().split('\n').slice(1).filter(Boolean));
}

// Each test waits on forge-sim's git processes: generous time-outs for a loaded machine.
describe('Gitea repository workspace sync (forge-sim)', { timeout: 90_000 }, () => {
  it('makes one commit per sync through ChangeFiles, and a clone shows each file as plain markdown', async () => {
    const repo = await t.createRepository();
    const a = browser(t, repo);
    await a.put(
      folder('notes', 'Notes'),
      file('plan', 'Plan', 'notes'),
      content('plan', '# Plan\n\nShip it.\n'),
      file('hello', 'Hello'),
      content('hello', 'Hello *world*.\n', { properties: 'title: Hi\n' }),
    );
    const before = (await commits(t, repo)).length;
    t.requests.length = 0;
    await a.sync();
    expect(await commits(t, repo)).toHaveLength(before + 1);
    expect((await commits(t, repo))[0]).toBe('Inkstone: 2 files updated');
    expect(t.requests.filter((request) => request.startsWith('POST'))).toEqual([
      `POST /repos/${LOGIN}/${repo}/contents`,
    ]);
    const files = await clone(t, repo);
    expect(files.get('Hello.md')).toBe('Hello *world*.\n');
    expect(files.get('Notes/Plan.md')).toBe('# Plan\n\nShip it.\n');
    expect(files.get('.inkstone-data/hello.json')).toContain('title: Hi');
    expect(files.get('README.md')).toBeDefined();

    // Renaming a folder (the text moves) and editing another file: one more commit.
    await a.put(folder('notes', 'Ideas'));
    await a.edit('hello', (text) => `${text}\nMore.\n`);
    await a.sync();
    expect(await commits(t, repo)).toHaveLength(before + 2);
    const after = await clone(t, repo);
    expect(after.get('Ideas/Plan.md')).toBe('# Plan\n\nShip it.\n');
    expect(after.has('Notes/Plan.md')).toBe(false);
    expect(after.get('Hello.md')).toBe('Hello *world*.\n\nMore.\n');
  });

  it('makes one request and no commit when nothing changed', async () => {
    const repo = await t.createRepository();
    const a = browser(t, repo);
    await a.put(file('f', 'F'), content('f', 'Text.\n'));
    await a.sync();
    await a.sync();
    const count = (await commits(t, repo)).length;
    t.requests.length = 0;
    await a.sync();
    expect(t.requests).toEqual([`GET /repos/${LOGIN}/${repo}/branches/${BRANCH}`]);
    expect(await commits(t, repo)).toHaveLength(count);
  });

  it('gives a second browser the same files, and merges edits of two browsers', async () => {
    const repo = await t.createRepository();
    const a = browser(t, repo, { path: 'book' });
    const b = browser(t, repo, { path: 'book' });
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
    expect((await clone(t, repo)).get('book/Dir/Doc.md')).toBe(merged);
  });

  it('loses nothing when another browser commits between its read and its write: the index sha is refused (TOO_LATE)', async () => {
    const repo = await t.createRepository();
    const a = browser(t, repo);
    const b = browser(t, repo);
    await a.put(file('doc', 'Doc'), content('doc', paragraphs));
    await a.sync();
    await b.sync();
    await a.edit('doc', (text) => text.replace('First', 'Annfirst'));
    await a.put(file('new-a', 'From A'), content('new-a', 'A wrote this.\n'));
    await b.edit('doc', (text) => text.replace('Third', 'Bobthird'));
    await b.put(file('new-b', 'From B'), content('new-b', 'B wrote this.\n'));
    const count = (await commits(t, repo)).length;
    // A has read the branch (its head checked); just before its ChangeFiles, B syncs.
    hook.next = { match: /^POST .*\/contents$/, before: () => b.sync() };
    await a.sync();
    expect(hook.next).toBeUndefined();
    await b.sync();
    for (const one of [a, b]) {
      expect(await one.text('doc')).toBe(
        'Annfirst paragraph.\n\nSecond paragraph.\n\nBobthird paragraph.\n',
      );
      expect(await one.text('new-a')).toBe('A wrote this.\n');
      expect(await one.text('new-b')).toBe('B wrote this.\n');
    }
    // B's commit, then A's: A's refused change wrote nothing.
    expect(await commits(t, repo)).toHaveLength(count + 2);
  });

  it('takes a commit another tool made in the instant before its write: kept, read back, merged', async () => {
    const repo = await t.createRepository();
    const a = browser(t, repo);
    await a.put(file('doc', 'Doc'), content('doc', paragraphs));
    await a.sync();
    await a.edit('doc', (text) => text.replace('First', 'Localfirst'));
    // Gitea checks file shas, not the branch: the tool's file is not one A writes, so the
    // write goes through over the tool's commit; the new commit's parent tells A.
    hook.next = {
      match: /^POST .*\/contents$/,
      before: () =>
        commitWithGit(
          t.forge,
          LOGIN,
          repo,
          new Map([['Tool.md', 'From the tool.\n']]),
          'Tool',
          BRANCH,
        ).then(() => undefined),
    };
    await a.sync();
    expect(hook.next).toBeUndefined();
    const names = (await a.files()).map(([, name]) => name);
    expect(names).toContain('Tool');
    const tool = (await a.repository.getAll('file')).find(
      (item) => (item as FileItem).name === 'Tool',
    )!;
    expect(await a.text(tool.id)).toBe('From the tool.\n');
    const files = await clone(t, repo);
    expect(files.get('Doc.md')).toBe(paragraphs.replace('First', 'Localfirst'));
    expect(files.get('Tool.md')).toBe('From the tool.\n');
    // A later edit of the tool's file goes through (its sha was read back, not assumed).
    await a.edit(tool.id, () => 'Edited here.\n');
    await a.sync();
    expect((await clone(t, repo)).get('Tool.md')).toBe('Edited here.\n');
  });

  it('syncs every file of a 1,000-file repository, the tree read page by page (1,000 a page)', async () => {
    const repo = await t.createRepository();
    const texts = new Map<string, string>();
    for (let i = 0; i < 1_050; i += 1) {
      texts.set(`chapter-${i % 7}/note ${i}.md`, `Note ${i}\n\nWritten with git.\n`);
    }
    await commitWithGit(t.forge, LOGIN, repo, texts, 'Many notes', BRANCH);
    const a = browser(t, repo);
    t.requests.length = 0;
    await a.sync();
    // 1,050 notes, 7 folders, the README: two pages of Gitea's 1,000.
    const treePages = t.requests.filter((request) => /^GET .*\/git\/trees\//.test(request));
    expect(treePages).toHaveLength(2);
    expect(treePages[1]).toMatch(/page=2/);
    const files = await a.repository.getAll('file');
    expect(files).toHaveLength(1_051);
    const byName = new Map(files.map((item) => [(item as FileItem).name, item.id]));
    for (let i = 0; i < 1_050; i += 1) {
      expect(await a.text(byName.get(`note ${i}`)!)).toBe(`Note ${i}\n\nWritten with git.\n`);
    }
    // One commit, of the manifest only: the texts were not rewritten.
    expect((await changedByCommit(t, repo, 1))[0]).toEqual([GIT_MANIFEST_PATH]);
  }, 300_000);

  for (const truncatedOnEveryPage of [true, false]) {
    it(`loses nothing on a Gitea whose tree pages hold 100 entries (truncated ${truncatedOnEveryPage ? 'on every page, as Gitea 1.22' : 'until the last page'})`, async () => {
      const small = await startGiteaTestForge({
        gitea: { defaultGitTreesPerPage: 100, truncatedOnEveryPage },
      });
      try {
        const repo = await small.createRepository();
        const texts = new Map<string, string>();
        for (let i = 0; i < 150; i += 1) texts.set(`n/${i}.md`, `${i}\n`);
        await commitWithGit(small.forge, LOGIN, repo, texts, 'Notes', BRANCH);
        const a = browser(small, repo);
        await a.sync();
        // 150 notes, their folder, the README: two pages.
        expect(small.requests.filter((r) => /^GET .*\/git\/trees\//.test(r))).toHaveLength(2);
        expect(await a.repository.getAll('file')).toHaveLength(151);
        // A second browser deletes nothing it did not mean to, and a sync after an edit keeps all.
        const b = browser(small, repo);
        await b.sync();
        const id = (await b.repository.getAll('file')).find(
          (item) => (item as FileItem).name === '149',
        )!.id;
        await b.edit(id, () => 'A hundred forty-nine.\n');
        await b.sync();
        await a.sync();
        expect(await a.repository.getAll('file')).toHaveLength(151);
        expect(await a.text(id)).toBe('A hundred forty-nine.\n');
        expect(
          [...(await clone(small, repo)).keys()].filter((p) => p.startsWith('n/')),
        ).toHaveLength(150);
      } finally {
        await small.close();
      }
    }, 180_000);
  }

  it("lists a file's revisions, newest first, across Gitea's pages of commits", async () => {
    const small = await startGiteaTestForge({ gitea: { maxResponseItems: 3 } });
    try {
      const repo = await small.createRepository();
      const a = browser(small, repo, { path: 'notes' });
      await a.put(file('doc', 'Doc'), content('doc', 'v0\n'));
      await a.sync();
      for (let i = 1; i < 8; i += 1) {
        await a.edit('doc', () => `v${i}\n`);
        await a.sync();
      }
      const provider = small.provider(repo, { path: 'notes' });
      await provider.getChanges(undefined);
      small.requests.length = 0;
      const revisions = await provider.listRevisions('doc');
      expect(revisions).toHaveLength(8);
      expect(revisions.at(-1)!.message).toBe('notes/Doc.md created with Inkstone');
      expect(revisions[0]!.message).toBe('notes/Doc.md updated with Inkstone');
      expect(small.requests.filter((r) => r.includes('/commits?'))).toHaveLength(3);
      // Each commit's text, read as the file at that commit.
      const syncData: SyncData = { id: '', itemId: 'doc/content', type: 'content', hash: '' };
      expect(await provider.revisionText('doc', syncData, revisions[0]!.id)).toBe('v7\n');
      expect(await provider.revisionText('doc', syncData, revisions[5]!.id)).toBe('v2\n');
      expect(await provider.revisionText('doc', syncData, revisions[7]!.id)).toBe('v0\n');
    } finally {
      await small.close();
    }
  });

  it('commits with the message asked once per sync (S14)', async () => {
    const repo = await t.createRepository();
    let asked = 0;
    const a = browser(t, repo, { ask: () => Promise.resolve(`My message ${(asked += 1)}`) });
    await a.put(
      file('one', 'One'),
      content('one', '1\n'),
      file('two', 'Two'),
      content('two', '2\n'),
    );
    await a.sync();
    expect(asked).toBe(1);
    expect((await commits(t, repo))[0]).toBe('My message 1');
  });
});

describe(
  'Gitea before 1.20 (no ChangeFiles): one commit per file, the index first',
  { timeout: 90_000 },
  () => {
    it('writes the index first, then each file, and a second browser reads it all', async () => {
      const repo = await old.createRepository();
      const a = browser(old, repo);
      await a.put(
        file('one', 'One'),
        content('one', '1\n'),
        file('two', 'Two'),
        content('two', '2\n'),
      );
      const before = (await commits(old, repo)).length;
      await a.sync();
      // Three commits: the index, then the two texts.
      expect(await commits(old, repo)).toHaveLength(before + 3);
      const changed = await changedByCommit(old, repo, 3);
      expect(changed[0]).toEqual([GIT_MANIFEST_PATH]);
      expect(changed.slice(1).flat().sort()).toEqual(['One.md', 'Two.md']);
      const b = browser(old, repo);
      await b.sync();
      expect(await b.text('one')).toBe('1\n');
      expect(await b.text('two')).toBe('2\n');
      // An edit, a removal and a rename: an update, a delete and a create (a move) by sha.
      await a.edit('one', () => 'one\n');
      await a.put({ ...file('two', 'Deux') });
      await a.sync();
      const files = await clone(old, repo);
      expect(files.get('One.md')).toBe('one\n');
      expect(files.get('Deux.md')).toBe('2\n');
      expect(files.has('Two.md')).toBe(false);
      await b.sync();
      expect(await b.files()).toEqual(await a.files());
    });

    it('refuses at the index, writing nothing, when another browser committed first', async () => {
      const repo = await old.createRepository();
      const a = browser(old, repo);
      const b = browser(old, repo);
      await a.put(file('doc', 'Doc'), content('doc', paragraphs));
      await a.sync();
      await b.sync();
      await a.edit('doc', (text) => text.replace('First', 'Annfirst'));
      await a.put(file('new-a', 'From A'), content('new-a', 'A wrote this.\n'));
      await b.edit('doc', (text) => text.replace('Third', 'Bobthird'));
      const count = (await commits(old, repo)).length;
      let writes = 0;
      // B commits just before A's first write (A's index, its sha now stale).
      hook.next = {
        match: /^(POST|PUT|DELETE) .*\/contents\//,
        before: async () => {
          const mark = (await commits(old, repo)).length;
          await b.sync();
          writes = (await commits(old, repo)).length - mark;
        },
      };
      await a.sync();
      expect(writes).toBeGreaterThanOrEqual(2); // B's index, then B's files
      await b.sync();
      const expected = 'Annfirst paragraph.\n\nSecond paragraph.\n\nBobthird paragraph.\n';
      for (const one of [a, b]) {
        expect(await one.text('doc')).toBe(expected);
        expect(await one.text('new-a')).toBe('A wrote this.\n');
      }
      // After B's commits, A's: the refused try wrote nothing (B's index came right after A's
      // last commit), and the next one began with the index again.
      const all = await commits(old, repo);
      const mine = all.length - count - writes;
      expect(mine).toBeGreaterThan(1);
      const changed = await changedByCommit(old, repo, mine + writes);
      expect(changed[0]).toEqual([GIT_MANIFEST_PATH]);
      expect(changed[writes]).toEqual([GIT_MANIFEST_PATH]);
      expect(all.slice(0, mine).every((subject) => subject === all[0])).toBe(true);
      expect(all.slice(mine, mine + writes).every((subject) => subject !== all[0])).toBe(true);
      expect((await clone(old, repo)).get('Doc.md')).toBe(expected);
    });

    it('loses nothing when a sync is cut off after the index, and the next sync repairs the repository', async () => {
      const repo = await old.createRepository();
      const a = browser(old, repo);
      await a.put(file('doc', 'Doc'), content('doc', 'One.\n'));
      await a.sync();
      await a.edit('doc', () => 'Two.\n');
      await a.put(file('new', 'New'), content('new', 'Fresh.\n'));
      // The network fails on the second write: the index is written, the texts are not.
      failWrite = { after: 2 };
      await expect(a.sync()).rejects.toThrow('Network request failed.');
      expect(failWrite).toBeUndefined();
      const half = await clone(old, repo);
      expect(half.get('Doc.md')).toBe('One.\n');
      expect(half.has('New.md')).toBe(false);
      expect(await a.text('doc')).toBe('Two.\n');
      // What another browser reads meanwhile: the texts the branch has, nothing lost.
      const b = browser(old, repo);
      await b.sync();
      expect(await b.text('doc')).toBe('One.\n');
      // The next sync writes what was left, and both browsers end the same.
      await a.sync();
      await b.sync();
      for (const one of [a, b]) {
        expect(await one.text('doc')).toBe('Two.\n');
        expect(await one.text('new')).toBe('Fresh.\n');
      }
      const files = await clone(old, repo);
      expect(files.get('Doc.md')).toBe('Two.\n');
      expect(files.get('New.md')).toBe('Fresh.\n');
    });
  },
);

describe('Gitea blobs past DEFAULT_MAX_BLOB_SIZE', { timeout: 90_000 }, () => {
  it('stops the sync with a clear error rather than read a big text as empty, and loses nothing', async () => {
    const small = await startGiteaTestForge({ gitea: { defaultMaxBlobSize: 1_000 } });
    try {
      const repo = await small.createRepository();
      const a = browser(small, repo);
      const big = `${'A long chapter. '.repeat(100)}\n`;
      await a.put(
        file('big', 'Big'),
        content('big', big),
        file('small', 'Small'),
        content('small', 'Short.\n'),
      );
      await a.sync();
      expect((await clone(small, repo)).get('Big.md')).toBe(big);
      const b = browser(small, repo);
      await expect(b.sync()).rejects.toThrow(/DEFAULT_MAX_BLOB_SIZE/);
      expect(await b.text('big')).not.toBe('');
      // The text there and in the first browser is whole.
      expect(await a.text('big')).toBe(big);
      await a.sync();
      expect((await clone(small, repo)).get('Big.md')).toBe(big);
    } finally {
      await small.close();
    }
  });
});
