import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaErrors } from '../testing/openapi.js';
import { startTestForge, type TestForge } from '../testing/harness.js';

let t: TestForge;
beforeAll(async () => {
  t = await startTestForge();
  t.forge.users.add({ login: 'bob', token: 'ghp_bob' });
});
afterAll(async () => {
  await t.forge.close();
});

const create = (files: Record<string, { content: string }>, extra: object = {}) =>
  t.api('POST', '/gists', { description: 'Notes', files, ...extra });

describe('POST /gists and GET /gists/{gist_id}', () => {
  it('creates a gist with its files, and gives them back with their content', async () => {
    const created = await create({ 'post.md': { content: '# Post\n\nHello.' } }, { public: true });
    expect(created.status).toBe(201);
    expect(created.body.id).toMatch(/^[0-9a-f]{32}$/);
    expect(created.body.public).toBe(true);
    expect(created.body.owner.login).toBe('alice');
    expect(created.body.files['post.md']).toMatchObject({
      filename: 'post.md',
      type: 'text/markdown',
      language: 'Markdown',
      content: '# Post\n\nHello.',
      size: 14,
      truncated: false,
    });
    expect(created.body.history).toHaveLength(1);
    expect(created.headers.get('location')).toBe(created.body.url);
    expect(schemaErrors('post', '/gists', 201, created.body)).toEqual([]);

    const got = await t.api('GET', `/gists/${created.body.id}`, undefined, null);
    expect(got.status).toBe(200);
    expect(got.body.files['post.md'].content).toBe('# Post\n\nHello.');
    expect(schemaErrors('get', '/gists/{gist_id}', 200, got.body)).toEqual([]);
  });

  it('shows a secret gist to whoever has its id (secret is unlisted, as on GitHub)', async () => {
    const secret = await create({ 'share.html': { content: '<p>Shared</p>' } });
    expect(secret.body.public).toBe(false);
    const asBob = await t.api('GET', `/gists/${secret.body.id}`, undefined, 'ghp_bob');
    expect(asBob.status).toBe(200);
    expect(asBob.body.files['share.html'].content).toBe('<p>Shared</p>');
  });

  it('answers 404 for an unknown gist, 401 without a token, 422 without files', async () => {
    const unknown = await t.api('GET', `/gists/${'a'.repeat(32)}`);
    expect(unknown.status).toBe(404);
    expect(schemaErrors('get', '/gists/{gist_id}', 404, unknown.body)).toEqual([]);
    const anonymous = await t.api('POST', '/gists', { files: { 'a.md': { content: 'a' } } }, null);
    expect(anonymous.status).toBe(401);
    const empty = await t.api('POST', '/gists', { files: {} });
    expect(empty.status).toBe(422);
    expect(schemaErrors('post', '/gists', 422, empty.body)).toEqual([]);
    const blank = await create({ 'a.md': { content: '' } });
    expect(blank.status).toBe(422);
  });

  it('truncates a file past 1 MB in the answer and says so', async () => {
    const big = 'x'.repeat(1024 * 1024 + 10);
    const created = await create({ 'big.txt': { content: big } });
    expect(created.body.files['big.txt'].truncated).toBe(true);
    expect(created.body.files['big.txt'].size).toBe(big.length);
    expect(created.body.files['big.txt'].content).toHaveLength(1024 * 1024);
  });
});

describe('PATCH /gists/{gist_id}', () => {
  it('replaces, renames and deletes files (null), each change a new revision', async () => {
    const created = await create({
      'a.md': { content: 'A' },
      'b.md': { content: 'B' },
      'c.md': { content: 'C' },
    });
    const id = created.body.id;
    const patched = await t.api('PATCH', `/gists/${id}`, {
      description: 'Renamed',
      files: { 'a.md': { content: 'A2' }, 'b.md': { filename: 'bee.md' }, 'c.md': null },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.description).toBe('Renamed');
    expect(Object.keys(patched.body.files).sort()).toEqual(['a.md', 'bee.md']);
    expect(patched.body.files['a.md'].content).toBe('A2');
    expect(patched.body.files['bee.md'].content).toBe('B');
    expect(patched.body.history).toHaveLength(2);
    expect(schemaErrors('patch', '/gists/{gist_id}', 200, patched.body)).toEqual([]);

    const descriptionOnly = await t.api('PATCH', `/gists/${id}`, { description: 'Again' });
    expect(descriptionOnly.body.history).toHaveLength(2);
    expect(descriptionOnly.body.description).toBe('Again');
  });

  it('lets only the owner change a gist (404 to others, as GitHub)', async () => {
    const created = await create({ 'mine.md': { content: 'Mine' } }, { public: true });
    const asBob = await t.api(
      'PATCH',
      `/gists/${created.body.id}`,
      { files: { 'mine.md': { content: 'Theirs' } } },
      'ghp_bob',
    );
    expect(asBob.status).toBe(404);
    expect(schemaErrors('patch', '/gists/{gist_id}', 404, asBob.body)).toEqual([]);
    const read = await t.api('GET', `/gists/${created.body.id}`);
    expect(read.body.files['mine.md'].content).toBe('Mine');
  });

  it('needs the gist scope of an OAuth token to write', async () => {
    const user = t.forge.users.byLogin('alice');
    if (!user) throw new Error('alice is missing');
    const repoOnly = t.forge.users.issueToken(user, ['repo']);
    const refused = await t.api(
      'POST',
      '/gists',
      { files: { 'a.md': { content: 'a' } } },
      repoOnly,
    );
    expect(refused.status).toBe(404);
    expect(refused.headers.get('x-oauth-scopes')).toBe('repo');
    const withGist = t.forge.users.issueToken(user, ['repo', 'gist']);
    const made = await t.api('POST', '/gists', { files: { 'a.md': { content: 'a' } } }, withGist);
    expect(made.status).toBe(201);
    expect(made.headers.get('x-oauth-scopes')).toBe('repo, gist');
  });
});

describe('revisions', () => {
  it('lists the revisions newest first with pagination, and gives the gist at each', async () => {
    const created = await create({ 'log.md': { content: 'v0' } });
    const id = created.body.id;
    for (let index = 1; index <= 4; index += 1) {
      await t.api('PATCH', `/gists/${id}`, { files: { 'log.md': { content: `v${index}` } } });
    }
    const page = await t.api('GET', `/gists/${id}/commits?per_page=2`);
    expect(page.status).toBe(200);
    expect(page.body).toHaveLength(2);
    expect(schemaErrors('get', '/gists/{gist_id}/commits', 200, page.body)).toEqual([]);
    expect(page.headers.get('link')).toContain('page=3>; rel="last"');
    const all = await t.api('GET', `/gists/${id}/commits`);
    expect(all.body).toHaveLength(5);
    expect(all.body[0].change_status).toEqual({ total: 2, additions: 1, deletions: 1 });

    const oldest = all.body[4].version;
    const atOldest = await t.api('GET', `/gists/${id}/${oldest}`);
    expect(atOldest.status).toBe(200);
    expect(atOldest.body.files['log.md'].content).toBe('v0');
    expect(schemaErrors('get', '/gists/{gist_id}/{sha}', 200, atOldest.body)).toEqual([]);
    const unknown = await t.api('GET', `/gists/${id}/${'1'.repeat(40)}`);
    expect(unknown.status).toBe(404);
  });
});

describe('what git and the raw host see', () => {
  it('clones a gist as a git repository of its files, one commit a revision', async () => {
    const created = await create({ 'clone.md': { content: 'one' } });
    const id = created.body.id;
    await t.api('PATCH', `/gists/${id}`, { files: { 'clone.md': { content: 'two' } } });
    const folder = await mkdtemp(join(tmpdir(), 'forge-sim-gist-'));
    try {
      await promisify(execFile)('git', ['clone', '--quiet', created.body.git_pull_url, folder]);
      expect(await readFile(join(folder, 'clone.md'), 'utf8')).toBe('two');
      const log = await promisify(execFile)('git', ['-C', folder, 'rev-list', '--count', 'HEAD']);
      expect(log.stdout.trim()).toBe('2');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it("serves a file's raw_url at its revision", async () => {
    const created = await create({ 'raw.md': { content: 'first' } });
    const rawUrl = created.body.files['raw.md'].raw_url;
    await t.api('PATCH', `/gists/${created.body.id}`, {
      files: { 'raw.md': { content: 'second' } },
    });
    const response = await fetch(rawUrl);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('first');
  });
});
