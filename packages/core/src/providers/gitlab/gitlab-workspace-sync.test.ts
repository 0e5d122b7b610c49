// The sync engine over the GitLab provider over forge-sim: what a user of a project workspace
// sees, in the browser (the local database) and in the repository (git itself).
import { type SyncData } from '../../sync/workspace-provider.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FileItem, type Item } from '../../items/types.js';
import { type FetchPort } from '../../sync/http-client.js';
import { nodeFetch } from '../../testing/couchdb-provider.js';
import { readAllChanges } from '../../testing/workspace-provider-contract.js';
import { cloneFiles, commitSubjects, commitWithGit, gitIn } from '../../testing/git-inspect.js';
import {
  GITLAB_TEST_LOGIN as LOGIN,
  GITLAB_TEST_TOKEN,
  type GitlabTestForge,
  startGitlabTestForge,
} from '../../testing/gitlab-provider.js';
import { PARAGRAPHS as paragraphs, RequestHook, syncBrowser } from '../../testing/sync-browser.js';
import { testContent, testFile, testFolder } from '../../testing/test-items.js';

const content = testContent;
const file = testFile;
const folder = testFolder;

let t: GitlabTestForge;
// A fetch that runs `before` once, just before the first request matching it.
const hook = new RequestHook();
// Pagination headers a proxy in front of the forge drops from every answer, when set.
let dropHeaders: readonly string[] = [];
const hookedFetch: FetchPort = async (url, init) => {
  await hook.beforeRequest(url, init);
  const response = await nodeFetch(url, init);
  if (dropHeaders.length === 0) return response;
  const dropped = dropHeaders;
  return {
    status: response.status,
    text: () => response.text(),
    headers: { get: (name) => (dropped.includes(name) ? null : response.headers.get(name)) },
  };
};

beforeAll(async () => {
  t = await startGitlabTestForge({ fetch: hookedFetch });
});
afterAll(async () => {
  await t.close();
});

// One browser: its own database, syncing the workspace through its own provider.
const browser = (
  project: string,
  options: { path?: string; branch?: string; ask?: () => Promise<string> } = {},
) =>
  syncBrowser(
    t.provider(project, { path: options.path ?? '', branch: options.branch ?? 'main' }),
    options,
  );

const commits = (project: string, branch = 'main') =>
  commitSubjects(t.forge, LOGIN, project, branch);
const clone = (project: string) => cloneFiles(t.forge, LOGIN, project, GITLAB_TEST_TOKEN);
const commitPosts = () =>
  t.requests.filter((request) => /^POST .*\/repository\/commits$/.test(request));

// Each test waits on forge-sim's git processes: generous time-outs for a loaded machine.
describe('GitLab project workspace sync (forge-sim)', { timeout: 90_000 }, () => {
  it('makes one commit per sync through one commits request, and a clone shows each file as plain markdown', async () => {
    const project = await t.createProject();
    const a = browser(project);
    await a.put(
      folder('notes', 'Notes'),
      file('plan', 'Plan', 'notes'),
      content('plan', '# Plan\n\nShip it.\n'),
      file('hello', 'Hello'),
      content('hello', 'Hello *world*.\n', { properties: 'title: Hi\n' }),
      file('gone', 'Gone'),
      content('gone', 'Soon trashed.\n'),
    );
    const before = (await commits(project)).length;
    t.requests.length = 0;
    await a.sync();
    expect(commitPosts()).toHaveLength(1);
    expect(await commits(project)).toHaveLength(before + 1);
    expect((await commits(project))[0]).toBe('Inkstone: 3 files updated');

    const files = await clone(project);
    expect(files.get('Hello.md')).toBe('Hello *world*.\n');
    expect(files.get('Notes/Plan.md')).toBe('# Plan\n\nShip it.\n');
    expect(files.get('Gone.md')).toBe('Soon trashed.\n');
    expect(files.get('README.md')).toBeDefined();
    expect(files.get('.inkstone-data/hello.json')).toContain('title: Hi');

    // Renaming a folder and editing a file: one more commit, the text moved with its folder
    // (a move action: git sees a rename).
    await a.put(folder('notes', 'Ideas'));
    await a.edit('plan', (text) => `${text}\nAnd test it.\n`);
    await a.put(folder('hello-folder', 'Greetings'), file('hello', 'Hello', 'hello-folder'));
    await a.sync();
    expect(await commits(project)).toHaveLength(before + 2);
    const after = await clone(project);
    expect(after.get('Ideas/Plan.md')).toBe('# Plan\n\nShip it.\n\nAnd test it.\n');
    expect(after.has('Notes/Plan.md')).toBe(false);
    expect(after.get('Greetings/Hello.md')).toBe('Hello *world*.\n');
    expect(after.has('Hello.md')).toBe(false);
    const renames = await gitIn(t.forge, LOGIN, project, [
      'show',
      '--format=',
      '--name-status',
      '-M',
      'main',
    ]);
    expect(renames).toMatch(/^R100\tHello\.md\tGreetings\/Hello\.md$/m);

    // Trashing a file: its text goes to .inkstone-trash/, then the synced trashed file is
    // deleted (S8) in a second commit.
    await a.put({ ...file('gone', 'Gone', 'trash'), trashedAt: 1 } as Item);
    await a.sync();
    expect(await commits(project)).toHaveLength(before + 4);
    const purged = await clone(project);
    expect([...purged.keys()].filter((path) => path.includes('Gone'))).toEqual([]);
    expect(await a.repository.get('gone')).toBeUndefined();
  });

  it('makes one request and no commit when nothing changed', async () => {
    const project = await t.createProject();
    const a = browser(project);
    await a.put(file('f', 'F'), content('f', 'Text.\n'));
    await a.sync();
    await a.sync();
    const count = (await commits(project)).length;
    t.requests.length = 0;
    await a.sync();
    expect(t.requests).toEqual([expect.stringMatching(/^GET .*\/repository\/branches\/main$/)]);
    expect(await commits(project)).toHaveLength(count);
  });

  it('gives a second browser the same ids, and merges edits of different paragraphs and of one sentence', async () => {
    const project = await t.createProject();
    const a = browser(project);
    const b = browser(project);
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
    expect((await clone(project)).get('Dir/Doc.md')).toBe(final);
  });

  it("loses nothing when another browser commits between its read and its commit (GitLab refuses the index's last_commit_id: TOO_LATE, S7)", async () => {
    const project = await t.createProject();
    const a = browser(project);
    const b = browser(project);
    await a.put(file('doc', 'Doc'), content('doc', paragraphs));
    await a.sync();
    await b.sync();
    await a.edit('doc', (text) => text.replace('First', 'Annfirst'));
    await a.put(file('new-a', 'From A'), content('new-a', 'A wrote this.\n'));
    await b.edit('doc', (text) => text.replace('Third', 'Bobthird'));
    await b.put(file('new-b', 'From B'), content('new-b', 'B wrote this.\n'));
    const count = (await commits(project)).length;
    // A reads and plans its commit; just before it posts it, B syncs and commits.
    hook.next = { match: /^POST .*\/repository\/commits$/, before: () => b.sync() };
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
    // B's commit, then A's (its refused one never reached the branch).
    expect(await commits(project)).toHaveLength(count + 2);
    const files = await clone(project);
    expect(files.get('Doc.md')).toContain('Annfirst');
    expect(files.get('Doc.md')).toContain('Bobthird');
  });

  it('takes a commit another tool made between its read and its commit, and loses neither side', async () => {
    const project = await t.createProject();
    const a = browser(project);
    await a.put(
      file('doc', 'Doc'),
      content('doc', paragraphs),
      file('other', 'Other'),
      content('other', 'Old.\n'),
    );
    await a.sync();
    await a.edit('doc', (text) => text.replace('Second', 'Localsecond'));
    // The tool changes another file (not the index): GitLab makes A's commit over it.
    hook.next = {
      match: /^POST .*\/repository\/commits$/,
      before: async () => {
        await commitWithGit(t.forge, LOGIN, project, new Map([['Other.md', 'Tool.\n']]), 'Tool');
      },
    };
    await a.sync();
    expect(hook.next).toBeUndefined();
    expect(await a.text('other')).toBe('Tool.\n');
    expect(await a.text('doc')).toContain('Localsecond');
    const files = await clone(project);
    expect(files.get('Other.md')).toBe('Tool.\n');
    expect(files.get('Doc.md')).toContain('Localsecond');
    // A's commit was made over the tool's, which stays in the history.
    const subjects = await commits(project);
    expect(subjects.indexOf('Tool')).toBeGreaterThan(
      subjects.indexOf('Doc.md updated with Inkstone'),
    );
    expect(subjects.indexOf('Doc.md updated with Inkstone')).toBeGreaterThanOrEqual(0);
  });

  it('syncs every file of a project of more than 1,000 files, read 100 tree entries a page (GitLab’s most), and removes none', async () => {
    const project = await t.createProject();
    const texts = new Map<string, string>();
    for (let i = 0; i < 1_050; i += 1) {
      texts.set(`chapter-${i % 7}/note ${i}.md`, `Note ${i}\n\nWritten with git.\n`);
    }
    texts.set('image.png', 'not markdown');
    await commitWithGit(t.forge, LOGIN, project, texts, 'Many notes');
    const { pages } = await readAllChanges(t.provider(project));
    const seenElsewhere = pages
      .flat()
      .filter((change) => change.item?.type === 'file')
      .map((change) => change.itemId)
      .sort();

    const a = browser(project);
    t.requests.length = 0;
    await a.sync();
    // 1,059 entries (README, image, 1,050 notes, 7 folders): 11 pages of at most 100, asked
    // and answered 100 at a time; one commit (the ids recorded in the index).
    const treePages = t.requests.filter((request) => /\/repository\/tree\?/.test(request));
    expect(treePages).toHaveLength(11);
    for (const [index, request] of treePages.entries()) {
      expect(request).toContain('per_page=100');
      expect(request).toContain(`page=${index + 1}`);
    }
    expect(commitPosts()).toHaveLength(1);
    const files = await a.repository.getAll('file');
    expect(files).toHaveLength(1_051); // README and the notes
    expect(files.map((item) => item.id).sort()).toEqual(seenElsewhere);
    expect(await a.repository.getAll('folder')).toHaveLength(7);
    const byName = new Map(files.map((item) => [(item as FileItem).name, item.id]));
    for (let i = 0; i < 1_050; i += 1) {
      expect(await a.text(byName.get(`note ${i}`)!)).toBe(`Note ${i}\n\nWritten with git.\n`);
    }

    // Behind a proxy that drops the pagination headers: still every file (a full page is
    // followed by the next), and an edit there removes nothing on either side. (A second
    // browser reading the 1,051 texts again in the same minute would pass gitlab.com's 2,000
    // requests a minute, which forge-sim keeps: the reading is what is tested here.)
    dropHeaders = ['x-next-page', 'x-total', 'x-total-pages', 'link'];
    try {
      const { pages: behindProxy } = await readAllChanges(t.provider(project));
      expect(behindProxy.flat().filter((change) => change.item?.type === 'file')).toHaveLength(
        1_051,
      );
      await a.edit(byName.get('note 1049')!, (text) => `${text}Edited.\n`);
      await a.sync();
    } finally {
      dropHeaders = [];
    }
    expect(await a.repository.getAll('file')).toHaveLength(1_051);
    expect(await a.text(byName.get('note 1049')!)).toBe(
      'Note 1049\n\nWritten with git.\nEdited.\n',
    );
    const clone = await cloneFiles(t.forge, LOGIN, project, GITLAB_TEST_TOKEN);
    expect(clone.get('chapter-3/note 1018.md')).toBe('Note 1018\n\nWritten with git.\n');
    // README, image and the notes, beside the index (and the edited note's data file).
    expect([...clone.keys()].filter((path) => !path.startsWith('.inkstone-data/'))).toHaveLength(
      1_052,
    );
    expect(clone.has('.inkstone-data/index.json')).toBe(true);
  }, 300_000);

  it('takes a text edited on the forge (a commit of another tool) and merges it with an edit here', async () => {
    const project = await t.createProject();
    const a = browser(project, { path: 'book' });
    await a.put(file('doc', 'Doc'), content('doc', paragraphs));
    await a.sync();
    await commitWithGit(
      t.forge,
      LOGIN,
      project,
      new Map([['book/Doc.md', paragraphs.replace('Third', 'Webthird')]]),
      'Edit on the web',
    );
    await a.edit('doc', (text) => text.replace('First', 'Localfirst'));
    await a.sync();
    const expected = 'Localfirst paragraph.\n\nSecond paragraph.\n\nWebthird paragraph.\n';
    expect(await a.text('doc')).toBe(expected);
    expect((await clone(project)).get('book/Doc.md')).toBe(expected);
    expect((await commits(project))[0]).toBe('book/Doc.md updated with Inkstone');
  });

  it('starts a workspace in a project without any commit, and on a branch the project does not have yet', async () => {
    // A project created empty: the first sync makes the branch from nothing.
    await t.forge.repos.create({ owner: LOGIN, name: 'empty-project' });
    const a = browser('empty-project');
    await a.put(file('doc', 'Doc'), content('doc', 'First words.\n'));
    await a.sync();
    expect(await commits('empty-project')).toEqual(['Doc.md created with Inkstone']);
    expect((await clone('empty-project')).get('Doc.md')).toBe('First words.\n');

    // A new branch of a project that has one: made from the default branch, whose files the
    // workspace then shows.
    const project = await t.createProject();
    const b = browser(project, { branch: 'drafts' });
    await b.put(file('draft', 'Draft'), content('draft', 'Drafted.\n'));
    await b.sync();
    await b.sync();
    expect((await b.files()).map(([, name]) => name).sort()).toEqual(['Draft', 'README']);
    const drafts = await gitIn(t.forge, LOGIN, project, ['show', 'drafts:Draft.md']);
    expect(drafts).toBe('Drafted.\n');
    expect(await commits(project, 'drafts')).toContain('Initial commit');
    await expect(gitIn(t.forge, LOGIN, project, ['show', 'main:Draft.md'])).rejects.toThrow();
  });

  it("lists a file's revisions, newest first, with their messages", async () => {
    const project = await t.createProject();
    const a = browser(project, { path: 'notes' });
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
    const provider = t.provider(project, { path: 'notes' });
    await provider.getChanges(undefined);
    const revisions = await provider.listRevisions('doc');
    expect(revisions.map((revision) => revision.message?.trim())).toEqual([
      'notes/Doc.md updated with Inkstone',
      'Inkstone: 2 files updated',
    ]);
    expect(revisions[0]!.created).toBeGreaterThan(Date.now() - 120_000);
    // Each commit's text, read as the file at that commit.
    const syncData: SyncData = { id: '', itemId: 'doc/content', type: 'content', hash: '' };
    expect(await provider.revisionText('doc', syncData, revisions[0]!.id)).toBe('Two.\n');
    expect(await provider.revisionText('doc', syncData, revisions[1]!.id)).toBe('One.\n');
  });

  it('commits with the message asked once per sync (S14)', async () => {
    const project = await t.createProject();
    let asked = 0;
    const a = browser(project, { ask: () => Promise.resolve(`My message ${(asked += 1)}`) });
    await a.put(
      file('one', 'One'),
      content('one', '1\n'),
      file('two', 'Two'),
      content('two', '2\n'),
    );
    await a.sync();
    expect(asked).toBe(1);
    expect((await commits(project))[0]).toBe('My message 1');
  });
});
