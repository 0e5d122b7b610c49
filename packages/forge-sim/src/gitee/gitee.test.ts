import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitFiles } from '../commit-files.js';
import { startForgeSim, type ForgeSim } from '../server.js';
import { b64, callApi } from '../testing/dialect-client.js';

const run = promisify(execFile);
let forge: ForgeSim;
let work: string;
const erin = 'gitee_erin_token';
const frank = 'gitee_frank_token';

/** Calls Gitee's API with `access_token` in the query, as the app does. */
const api = (method: string, path: string, body?: unknown, token: string | null = erin) =>
  callApi(forge.giteeApiUrl, method, path, {
    ...(body === undefined ? {} : { body }),
    sign: token === null ? null : { query: token },
  });

beforeAll(async () => {
  forge = await startForgeSim({ port: 0 });
  forge.users.add({ login: 'erin', token: erin, name: 'Erin', email: 'erin@example.com' });
  forge.users.add({ login: 'frank', token: frank });
  work = await mkdtemp(join(tmpdir(), 'forge-sim-gitee-'));
});
afterAll(async () => {
  await forge.close();
  await rm(work, { recursive: true, force: true });
});

describe('Gitee users and repositories', () => {
  it('answers the user by access_token (query) or Authorization header; 401 for an unknown token', async () => {
    const me = await api('GET', '/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ login: 'erin', name: 'Erin' });
    const header = await callApi(forge.giteeApiUrl, 'GET', '/user', {
      sign: { header: `token ${erin}` },
    });
    expect(header.body.login).toBe('erin');
    const wrong = await api('GET', '/user', undefined, 'nope');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: '401 Unauthorized: Access token does not exist' });
    expect((await api('GET', '/users/frank')).body.login).toBe('frank');
  });

  it('creates the app-data repository on master (auto_init) and hides a private one from others', async () => {
    const made = await callApi(forge.giteeApiUrl, 'POST', '/user/repos', {
      form: {
        access_token: erin,
        name: 'stackeditplus-appdata',
        auto_init: 'true',
        private: 'true',
      },
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      full_name: 'erin/stackeditplus-appdata',
      default_branch: 'master',
      private: true,
    });
    expect((await api('GET', '/repos/erin/stackeditplus-appdata')).status).toBe(200);
    const hidden = await api('GET', '/repos/erin/stackeditplus-appdata', undefined, frank);
    expect(hidden).toMatchObject({ status: 404, body: { message: 'Not Found Project' } });
    const missing = await callApi(forge.giteeApiUrl, 'POST', '/user/repos', {
      form: { access_token: erin },
    });
    expect(missing).toMatchObject({ status: 400, body: { message: 'name is missing' } });
    const branch = await api('GET', '/repos/erin/stackeditplus-appdata/branches/master');
    expect(branch.body.commit.sha).toMatch(/^[0-9a-f]{40}$/);
  });
});

describe('Gitee contents, trees and commits', () => {
  it('writes one commit per file (create, update with sha, delete with sha), as git clone shows', async () => {
    await api('POST', '/user/repos', { name: 'notes', auto_init: true });
    const created = await api('POST', '/repos/erin/notes/contents/docs/a.md', {
      content: b64('# A\n'),
      message: 'Add a',
    });
    expect(created.status).toBe(201);
    expect(created.body.content).toMatchObject({ path: 'docs/a.md', type: 'file' });
    expect(created.body.commit.message).toBe('Add a\n');
    const exists = await api('POST', '/repos/erin/notes/contents/docs/a.md', {
      content: b64('x'),
      message: 'x',
    });
    expect(exists.status).toBe(400);

    const file = await api('GET', '/repos/erin/notes/contents/docs/a.md?ref=master');
    expect(Buffer.from(file.body.content, 'base64').toString()).toBe('# A\n');
    const noSha = await api('PUT', '/repos/erin/notes/contents/docs/a.md', {
      content: b64('B'),
      message: 'B',
    });
    expect(noSha).toMatchObject({ status: 400, body: { message: 'sha is missing' } });
    const stale = await api('PUT', '/repos/erin/notes/contents/docs/a.md', {
      content: b64('B'),
      message: 'B',
      sha: '0'.repeat(40),
    });
    expect(stale.status).toBe(400);
    const updated = await api('PUT', '/repos/erin/notes/contents/docs/a.md', {
      content: b64('# B\n'),
      message: 'Update a',
      sha: file.body.sha,
    });
    expect(updated.status).toBe(200);
    await api('POST', '/repos/erin/notes/contents/b.md', { content: b64('b\n'), message: 'Add b' });
    // An empty file: its content is present, empty (Grape checks only that the key is there).
    const empty = await api('POST', '/repos/erin/notes/contents/empty.md', {
      content: '',
      message: 'Add empty',
    });
    expect(empty.status).toBe(201);
    expect(empty.body.content.size).toBe(0);
    const gone = new URLSearchParams({ sha: empty.body.content.sha, message: 'Remove empty' });
    await api('DELETE', `/repos/erin/notes/contents/empty.md?${gone.toString()}`);
    // DELETE takes its parameters in the query, as Gitee documents it.
    const query = new URLSearchParams({ sha: updated.body.content.sha, message: 'Delete a' });
    const deleted = await api('DELETE', `/repos/erin/notes/contents/docs/a.md?${query.toString()}`);
    expect(deleted.status).toBe(200);
    expect(await api('GET', '/repos/erin/notes/contents/docs/a.md')).toMatchObject({
      status: 200,
      body: [],
    });

    const clone = join(work, 'notes');
    await run('git', ['clone', '--quiet', `${forge.url}/erin/notes.git`, clone]);
    const log = (
      await run('git', ['log', '--format=%s', '--', 'docs/a.md', 'b.md'], { cwd: clone })
    ).stdout;
    expect(log.trim().split('\n')).toEqual(['Delete a', 'Add b', 'Update a', 'Add a']);
    expect(await readFile(join(clone, 'b.md'), 'utf8')).toBe('b\n');
  });

  it('lists a tree recursively, with `truncated`', async () => {
    await api('POST', '/repos/erin/notes/contents/deep/y.md', {
      content: b64('y\n'),
      message: 'Add y',
    });
    const tree = await api('GET', '/repos/erin/notes/git/trees/master?recursive=1');
    expect(tree.status).toBe(200);
    expect(tree.body.truncated).toBe(false);
    expect(tree.body.tree.map((entry: { path: string }) => entry.path).sort()).toEqual([
      'README.md',
      'b.md',
      'deep',
      'deep/y.md',
    ]);
    const blob = await api(
      'GET',
      `/repos/erin/notes/git/blobs/${tree.body.tree.find((e: { path: string }) => e.path === 'b.md').sha}`,
    );
    expect(Buffer.from(blob.body.content, 'base64').toString()).toBe('b\n');
  });

  it('cuts the next recursive tree under a truncateTree fault, as Gitee cuts a tree too big', async () => {
    const whole = await api('GET', '/repos/erin/notes/git/trees/master?recursive=1');
    const paths = whole.body.tree.map((entry: { path: string }) => entry.path);
    expect(paths.length).toBeGreaterThanOrEqual(4);
    // A tree listed without recursive passes the fault by; the next recursive one takes it: half
    // its entries.
    forge.faults.next({ truncateTree: true });
    expect((await api('GET', '/repos/erin/notes/git/trees/master')).body.truncated).toBe(false);
    const cut = await api('GET', '/repos/erin/notes/git/trees/master?recursive=1');
    expect(cut.body.truncated).toBe(true);
    expect(cut.body.tree.map((entry: { path: string }) => entry.path)).toEqual(
      paths.slice(0, Math.floor(paths.length / 2)),
    );
    // Served once: the listing after it is whole again; a number keeps that many entries.
    expect((await api('GET', '/repos/erin/notes/git/trees/master?recursive=1')).body).toMatchObject(
      { truncated: false, tree: whole.body.tree },
    );
    forge.faults.next({ truncateTree: 1 });
    const one = await api('GET', '/repos/erin/notes/git/trees/master?recursive=1');
    expect(one.body).toMatchObject({ truncated: true, tree: [whole.body.tree[0]] });
    expect(forge.faults.pending).toBe(0);
  });

  it('pages commits by page and per_page (at most 100) with total_count and total_page headers', async () => {
    const repo = await forge.repos.create({ owner: 'erin', name: 'long', defaultBranch: 'master' });
    let parent: string | undefined;
    for (let index = 0; index < 105; index += 1) {
      parent = await commitFiles({
        gitDir: repo.gitDir,
        branch: 'master',
        parent,
        changes: new Map([['log.md', Buffer.from(`entry ${index}\n`)]]),
        message: `Entry ${index}\n`,
        author: { name: 'Erin', email: 'erin@example.com' },
      });
    }
    const first = await api('GET', '/repos/erin/long/commits?per_page=500');
    expect(first.body).toHaveLength(100);
    expect(first.headers.get('total_count')).toBe('105');
    expect(first.headers.get('total_page')).toBe('2');
    const second = await api('GET', '/repos/erin/long/commits?per_page=100&page=2&path=log.md');
    expect(second.body).toHaveLength(5);
    expect(second.body.at(-1).commit.message).toBe('Entry 0\n');
    expect((await api('GET', '/repos/erin/long/commits')).body).toHaveLength(20);
  }, 60_000);
});

describe('Gitee gists', () => {
  it('creates, reads, updates a gist and keeps its history', async () => {
    const made = await api('POST', '/gists', {
      description: 'A note',
      public: false,
      files: { 'note.md': { content: '# Note\n' } },
    });
    expect(made.status).toBe(201);
    expect(made.body.files['note.md'].content).toBe('# Note\n');
    const id = made.body.id as string;
    expect((await api('GET', `/gists/${id}`, undefined, frank)).status).toBe(404);
    const patched = await api('PATCH', `/gists/${id}`, {
      files: { 'note.md': { content: '# Note 2\n' } },
    });
    expect(patched.status).toBe(200);
    const read = await api('GET', `/gists/${id}`);
    expect(read.body.files['note.md'].content).toBe('# Note 2\n');
    const commits = await api('GET', `/gists/${id}/commits`);
    expect(commits.body.history).toHaveLength(2);
    const noDescription = await api('POST', '/gists', { files: { 'x.md': { content: 'x' } } });
    expect(noDescription).toMatchObject({
      status: 400,
      body: { message: 'description is missing' },
    });
  });
});

describe('Gitee faults', () => {
  it("answers a server-error fault with Gitee's error body", async () => {
    forge.faults.next({ status: 502, path: /\/api\/v5\/user/ });
    expect(await api('GET', '/user')).toMatchObject({
      status: 502,
      body: { message: 'Server Error' },
    });
    expect((await api('GET', '/user')).status).toBe(200);
  });
});
