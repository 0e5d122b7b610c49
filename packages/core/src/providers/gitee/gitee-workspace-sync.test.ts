// The sync engine over the Gitee provider over forge-sim: what a user of a Gitee repository
// workspace sees, in the browser (the local database) and in the repository (git itself).
// Gitee commits one file per contents call: a sync is a commit per file it writes, the index
// first.
import { type SyncData } from '../../sync/workspace-provider.js';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryDatabase } from '../../db/memory-repository.js';
import { type FileItem } from '../../items/types.js';
import { type FetchPort } from '../../sync/http-client.js';
import { WorkspaceSynchronizer } from '../../sync/workspace-sync.js';
import { nodeFetch } from '../../testing/couchdb-provider.js';
import { cloneFiles, commitSubjects, commitWithGit, gitIn } from '../../testing/git-inspect.js';
import {
  GITEE_TEST_BRANCH as BRANCH,
  GITEE_TEST_LOGIN as LOGIN,
  GITEE_TEST_TOKEN,
  type GiteeTestForge,
  startGiteeTestForge,
} from '../../testing/gitee-provider.js';
import { PARAGRAPHS as paragraphs, RequestHook, syncBrowser } from '../../testing/sync-browser.js';
import { testContent, testFile, testFolder } from '../../testing/test-items.js';
import { readAllChanges } from '../../testing/workspace-provider-contract.js';
import { GIT_TREE_TOO_BIG } from '../github/constants.js';
import { GIT_MANIFEST_PATH } from '../git/layout.js';

const run = promisify(execFile);
const content = testContent;
const file = testFile;
const folder = testFolder;

let t: GiteeTestForge;
// A fetch that runs `before` once, just before the first request matching it (method and URL);
// a `before` that throws is a request the network lost before it reached Gitee.
const hook = new RequestHook();
const hookedFetch: FetchPort = async (url, init) => {
  await hook.beforeRequest(url, init);
  return nodeFetch(url, init);
};

beforeAll(async () => {
  t = await startGiteeTestForge({ fetch: hookedFetch });
});
afterAll(async () => {
  await t.close();
});

// One browser: its own database, syncing the workspace through its own provider.
const browser = (repo: string, options: { path?: string; ask?: () => Promise<string> } = {}) =>
  syncBrowser(t.provider(repo, { path: options.path ?? '' }), options);

const commits = (repo: string) => commitSubjects(t.forge, LOGIN, repo, BRANCH);
const clone = (repo: string) => cloneFiles(t.forge, LOGIN, repo, GITEE_TEST_TOKEN);
// The files each commit of the branch changed, newest first.
const changedFiles = async (repo: string, count: number) => {
  const out = await gitIn(t.forge, LOGIN, repo, [
    'log',
    `-${count}`,
    '--pretty=format:@',
    '--name-only',
    BRANCH,
  ]);
  return out
    .split('@')
    .slice(1)
    .map((block) => block.split('\n').filter((line) => line !== ''));
};

// Each test waits on forge-sim's git processes: generous time-outs for a loaded machine.
describe('Gitee repository workspace sync (forge-sim)', { timeout: 90_000 }, () => {
  it('commits one file per contents call, the index first, and a clone shows each file as plain markdown', async () => {
    const repo = await t.createRepository();
    const a = browser(repo);
    await a.put(
      folder('notes', 'Notes'),
      file('plan', 'Plan', 'notes'),
      content('plan', '# Plan\n\nShip it.\n'),
      file('hello', 'Hello'),
      content('hello', 'Hello *world*.\n', { properties: 'title: Hi\n' }),
    );
    const before = (await commits(repo)).length;
    await a.sync();
    // The index, two texts and one data file: four commits of one file each, the index first.
    const subjects = await commits(repo);
    expect(subjects).toHaveLength(before + 4);
    expect(subjects.slice(0, 4)).toEqual(Array(4).fill('Inkstone: 2 files updated'));
    const changed = await changedFiles(repo, 4);
    expect(changed.every((paths) => paths.length === 1)).toBe(true);
    expect(changed[3]).toEqual([GIT_MANIFEST_PATH]);
    expect(changed.slice(0, 3).flat().sort()).toEqual([
      '.inkstone-data/hello.json',
      'Hello.md',
      'Notes/Plan.md',
    ]);

    const files = await clone(repo);
    expect(files.get('Hello.md')).toBe('Hello *world*.\n');
    expect(files.get('Notes/Plan.md')).toBe('# Plan\n\nShip it.\n');
    expect(files.get('.inkstone-data/hello.json')).toContain('title: Hi');
    expect(files.get('README.md')).toBeDefined();

    // Renaming a folder moves the text: the index, the new path (POST) and the old (DELETE).
    await a.put(folder('notes', 'Ideas'));
    await a.sync();
    expect(await commits(repo)).toHaveLength(before + 7);
    const after = await clone(repo);
    expect(after.get('Ideas/Plan.md')).toBe('# Plan\n\nShip it.\n');
    expect(after.has('Notes/Plan.md')).toBe(false);
    // A second browser reads it all back.
    const b = browser(repo);
    await b.sync();
    expect(await b.files()).toEqual(await a.files());
    expect(await b.text('plan')).toBe('# Plan\n\nShip it.\n');
  });

  it('reads only the head when nothing changed, and sends the token in no URL of a write', async () => {
    const repo = await t.createRepository();
    const a = browser(repo);
    await a.put(file('f', 'F'), content('f', 'Text.\n'));
    await a.sync();
    const writes = t.urls.filter((_, i) => !t.requests[i]!.startsWith('GET'));
    expect(writes.length).toBeGreaterThan(0);
    expect(writes.some((url) => url.includes(GITEE_TEST_TOKEN))).toBe(false);
    await a.sync();
    const count = (await commits(repo)).length;
    t.requests.length = 0;
    await a.sync();
    expect(t.requests).toEqual([`GET /repos/${LOGIN}/${repo}/branches/${BRANCH}`]);
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

  it('loses nothing when another browser commits between its read and its writes: its index is refused first (TOO_LATE, S7)', async () => {
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
    // A has read the branch and checked its head; just before its first write (the index), B
    // syncs: Gitee refuses A's index for its stale sha, and A writes nothing of that attempt.
    hook.next = { match: /^(PUT|POST) .*\/contents\//, before: () => b.sync() };
    const count = (await commits(repo)).length;
    await a.sync();
    expect(hook.next).toBeUndefined();
    await b.sync();
    for (const each of [a, b]) {
      expect(await each.text('doc')).toBe(
        'Annfirst paragraph.\n\nSecond paragraph.\n\nBobthird paragraph.\n',
      );
      expect(await each.text('new-a')).toBe('A wrote this.\n');
      expect(await each.text('new-b')).toBe('B wrote this.\n');
    }
    // B's sync, then A's (newest first here), each its index first, then its files one commit
    // each: A's refused attempt left no commit (two index commits, not three).
    const made = await changedFiles(repo, (await commits(repo)).length - count);
    expect(made.every((paths) => paths.length === 1)).toBe(true);
    const indexAt = made.flatMap((paths, i) => (paths[0] === GIT_MANIFEST_PATH ? [i] : []));
    expect(indexAt).toHaveLength(2);
    expect(indexAt[1]).toBe(made.length - 1);
    expect(made.slice(0, indexAt[1]).flat()).toContain('From A.md');
    expect(made.slice(indexAt[0]! + 1).flat()).toContain('From B.md');
    expect(made.slice(0, indexAt[0]).flat()).not.toContain('From B.md');
    const files = await clone(repo);
    expect(files.get('Doc.md')).toContain('Annfirst');
    expect(files.get('Doc.md')).toContain('Bobthird');
    expect(files.get('From A.md')).toBe('A wrote this.\n');
  });

  it('loses nothing when a sync is cut off after its index, and the next sync completes it', async () => {
    const repo = await t.createRepository();
    const a = browser(repo);
    await a.put(
      file('doc', 'Doc'),
      content('doc', paragraphs),
      file('old', 'Old'),
      content('old', 'Old text.\n'),
    );
    await a.sync();
    await a.edit('doc', (text) => text.replace('Second', 'Edited second'));
    await a.put(file('new', 'New'), content('new', 'New text.\n'));
    await a.repository.delete(['old', 'old/content']);
    // The index is written, then the network fails on the next file: the branch holds an index
    // that names texts it does not have yet.
    hook.next = {
      match: new RegExp(
        `^(PUT|POST|DELETE) .*/contents/(?!\\.inkstone-data%2Findex|\\.inkstone-data/index)`,
      ),
      before: () => Promise.reject(new Error('The network failed.')),
    };
    await expect(a.sync()).rejects.toThrow();
    expect(hook.next).toBeUndefined();
    const cut = await clone(repo);
    expect(JSON.parse(cut.get(GIT_MANIFEST_PATH)!).contents).toHaveProperty('new');
    expect(cut.has('New.md')).toBe(false);

    // Another browser meanwhile: the texts it can read, none lost.
    const b = browser(repo);
    await b.sync();
    expect(await b.text('doc')).toBe(paragraphs);

    await a.sync();
    await b.sync();
    const edited = paragraphs.replace('Second', 'Edited second');
    for (const each of [a, b]) {
      expect(await each.text('doc')).toBe(edited);
      expect(await each.text('new')).toBe('New text.\n');
    }
    const files = await clone(repo);
    expect(files.get('Doc.md')).toBe(edited);
    expect(files.get('New.md')).toBe('New text.\n');
    // The file deleted in the cut sync was still in the branch, no longer in its index: it comes
    // back, with its text, as a file another tool added (nothing lost; deleting it again works).
    expect(await a.files()).toEqual(await b.files());
    const [oldId] = (await a.files()).find(([, name]) => name === 'Old')!;
    expect(oldId).not.toBe('old');
    expect(await a.text(oldId!)).toBe('Old text.\n');
    await a.repository.delete([oldId!, `${oldId}/content`]);
    await a.sync();
    await b.sync();
    expect((await b.files()).map(([, name]) => name)).not.toContain('Old');
    expect((await clone(repo)).has('Old.md')).toBe(false);
  });

  it('syncs every file of a repository of more than 1,000 files written by another tool, with one tree read and one commit', async () => {
    const repo = await t.createRepository();
    const texts = new Map<string, string>();
    for (let i = 0; i < 1_050; i += 1) {
      texts.set(`chapter-${i % 7}/note ${i}.md`, `Note ${i}\n\nWritten with git.\n`);
    }
    await commitWithGit(t.forge, LOGIN, repo, texts, 'Many notes', BRANCH);
    const { pages } = await readAllChanges(t.provider(repo));
    const seenElsewhere = pages
      .flat()
      .filter((change) => change.item?.type === 'file')
      .map((change) => change.itemId)
      .sort();

    const a = browser(repo);
    const count = (await commits(repo)).length;
    t.requests.length = 0;
    await a.sync();
    expect(t.requests.filter((request) => /^GET .*\/git\/trees\//.test(request))).toHaveLength(1);
    // The texts are not written again: the one write is the index, one commit.
    expect(t.requests.filter((request) => !request.startsWith('GET'))).toEqual([
      `POST /repos/${LOGIN}/${repo}/contents/.inkstone-data/index.json`,
    ]);
    expect(await commits(repo)).toHaveLength(count + 1);
    const files = await a.repository.getAll('file');
    expect(files).toHaveLength(1_051); // README and the notes
    expect(files.map((item) => item.id).sort()).toEqual(seenElsewhere);
    const byName = new Map(files.map((item) => [(item as FileItem).name, item.id]));
    for (let i = 0; i < 1_050; i += 1) {
      expect(await a.text(byName.get(`note ${i}`)!)).toBe(`Note ${i}\n\nWritten with git.\n`);
    }
  }, 240_000);

  it("lists every revision of a file past Gitee's page of 100 commits, newest first", async () => {
    const repo = await t.createRepository();
    const a = browser(repo, { path: 'notes' });
    await a.put(file('doc', 'Doc'), content('doc', 'One.\n'));
    await a.sync();
    // 130 more commits of the text by another tool, made in one git process.
    await commitManyWithGit(repo, 'notes/Doc.md', 130);
    const provider = t.provider(repo, { path: 'notes' });
    await provider.getChanges(undefined);
    t.requests.length = 0;
    const revisions = await provider.listRevisions('doc');
    expect(revisions).toHaveLength(131);
    expect(revisions[0]!.message).toBe('Edit 130');
    expect(revisions[129]!.message).toBe('Edit 1');
    expect(revisions[130]!.message).toBe('notes/Doc.md created with Inkstone');
    const pagesAsked = t.requests.filter((request) => request.includes('/commits?'));
    expect(pagesAsked).toHaveLength(2);
    expect(pagesAsked[1]).toContain('page=2');
    // A commit's text, read as the file at that commit (one on the second page too).
    const syncData: SyncData = { id: '', itemId: 'doc/content', type: 'content', hash: '' };
    expect(await provider.revisionText('doc', syncData, revisions[0]!.id)).toBe('Edit 130.\n');
    expect(await provider.revisionText('doc', syncData, revisions[130]!.id)).toBe('One.\n');
  });

  it("refuses a tree Gitee truncates: 'Git tree too big…', and removes no local file", async () => {
    const small = await startGiteeTestForge({ treeLimit: 8 });
    try {
      const repo = await small.createRepository();
      const repository = new MemoryDatabase('small').connect();
      const synchronizer = new WorkspaceSynchronizer({
        repository,
        provider: small.provider(repo),
        welcomeFileHashes: new Set(),
      });
      await synchronizer.sync();
      expect(await repository.getAll('file')).toHaveLength(1); // the README
      const texts = new Map<string, string>();
      for (let i = 0; i < 8; i += 1) texts.set(`n${i}.md`, `${i}\n`);
      await commitWithGit(small.forge, LOGIN, repo, texts, 'Eight notes', BRANCH);
      await expect(synchronizer.sync()).rejects.toThrow(GIT_TREE_TOO_BIG);
      expect(await repository.getAll('file')).toHaveLength(1);
    } finally {
      await small.close();
    }
  });

  it('commits with the message asked once per sync (S14), on each file of it', async () => {
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
    expect((await commits(repo)).slice(0, 3)).toEqual(Array(3).fill('My message 1'));
  });
});

// Commits `count` edits of one file on the branch with git fast-import (one process).
async function commitManyWithGit(repo: string, path: string, count: number): Promise<void> {
  const gitDir = t.forge.repos.get(LOGIN, repo)!.gitDir;
  const parent = (await gitIn(t.forge, LOGIN, repo, ['rev-parse', BRANCH])).trim();
  let stream = '';
  for (let i = 1; i <= count; i += 1) {
    const text = `Edit ${i}.\n`;
    const message = `Edit ${i}`;
    stream += `commit refs/heads/${BRANCH}\ncommitter Tool <tool@example.com> ${1_700_000_000 + i} +0000\n`;
    stream += `data ${Buffer.byteLength(message)}\n${message}\n`;
    if (i === 1) stream += `from ${parent}\n`;
    stream += `M 100644 inline ${path}\ndata ${Buffer.byteLength(text)}\n${text}\n`;
  }
  const child = run('git', ['--git-dir', gitDir, 'fast-import', '--quiet']);
  child.child.stdin!.end(stream);
  await child;
}
