import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaErrors } from '../testing/openapi.js';
import { startTestForge, type TestForge } from '../testing/harness.js';

const run = promisify(execFile);
const P = '/repos/{owner}/{repo}/contents/{path}';
const repo = '/repos/alice/pages';
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
let t: TestForge;
beforeAll(async () => {
  t = await startTestForge();
  await t.api('POST', '/user/repos', { name: 'pages', auto_init: true });
});
afterAll(async () => {
  await t.forge.close();
});

describe('GET contents', () => {
  it('gives a file in base64 with its blob sha, and the raw bytes when asked', async () => {
    const file = await t.api('GET', `${repo}/contents/README.md`);
    expect(file.status).toBe(200);
    expect(file.body.type).toBe('file');
    expect(file.body.encoding).toBe('base64');
    expect(Buffer.from(file.body.content, 'base64').toString('utf8')).toBe('# pages\n');
    const blob = await t.api('GET', `${repo}/git/blobs/${file.body.sha}`);
    expect(blob.status).toBe(200);
    expect(schemaErrors('get', P, 200, file.body)).toEqual([]);

    const download = await fetch(file.body.download_url);
    expect(await download.text()).toBe('# pages\n');
    const raw = await fetch(`${t.forge.apiUrl}${repo}/contents/README.md`, {
      headers: { authorization: `token ${t.token}`, accept: 'application/vnd.github.raw+json' },
    });
    expect(await raw.text()).toBe('# pages\n');
  });

  it("answers 404 'Not Found' for a missing path, and a directory lists its entries", async () => {
    const missing = await t.api('GET', `${repo}/contents/nothing.md`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Not Found');
    expect(schemaErrors('get', P, 404, missing.body)).toEqual([]);

    await t.api('PUT', `${repo}/contents/notes/one.md`, { message: 'one', content: b64('1') });
    await t.api('PUT', `${repo}/contents/notes/deep/two.md`, { message: 'two', content: b64('2') });
    const folder = await t.api('GET', `${repo}/contents/notes`);
    expect(folder.status).toBe(200);
    expect(folder.body.map((e: { path: string; type: string }) => [e.path, e.type])).toEqual([
      ['notes/deep', 'dir'],
      ['notes/one.md', 'file'],
    ]);
    expect(schemaErrors('get', P, 200, folder.body)).toEqual([]);
    const root = await t.api('GET', `${repo}/contents/`);
    expect(root.body.map((e: { name: string }) => e.name)).toEqual(['README.md', 'notes']);
  });

  it('leaves the content of a file past 1 MB empty (encoding none), as GitHub; raw gives it', async () => {
    const big = 'Long text.\n'.repeat(100_000);
    await t.api('PUT', `${repo}/contents/big.md`, { message: 'big', content: b64(big) });
    const file = await t.api('GET', `${repo}/contents/big.md`);
    expect(file.body.encoding).toBe('none');
    expect(file.body.content).toBe('');
    expect(file.body.size).toBe(big.length);
    expect(schemaErrors('get', P, 200, file.body)).toEqual([]);
    const blob = await t.api('GET', `${repo}/git/blobs/${file.body.sha}`);
    expect(Buffer.from(blob.body.content, 'base64').toString()).toBe(big);
    const raw = await fetch(`${t.forge.apiUrl}${repo}/contents/big.md`, {
      headers: { authorization: `token ${t.token}`, accept: 'application/vnd.github.raw' },
    });
    expect(await raw.text()).toBe(big);
  });

  it('lists at most 1,000 entries of a folder, as GitHub; the git trees API lists them all', async () => {
    await t.api('POST', '/user/repos', { name: 'crowded', auto_init: true });
    const tree = await t.api('POST', '/repos/alice/crowded/git/trees', {
      tree: Array.from({ length: 1005 }, (_, index) => ({
        path: `many/note-${String(index).padStart(4, '0')}.md`,
        mode: '100644',
        type: 'blob',
        content: `Note ${index}`,
      })),
    });
    const head = await t.api('GET', '/repos/alice/crowded/git/ref/heads/main');
    const commit = await t.api('POST', '/repos/alice/crowded/git/commits', {
      message: 'Many notes',
      tree: tree.body.sha,
      parents: [head.body.object.sha],
    });
    await t.api('PATCH', '/repos/alice/crowded/git/refs/heads/main', { sha: commit.body.sha });
    const listed = await t.api('GET', '/repos/alice/crowded/contents/many');
    expect(listed.body).toHaveLength(1000);
    const recursive = await t.api('GET', '/repos/alice/crowded/git/trees/main?recursive=1');
    expect(recursive.body.tree.filter((e: { type: string }) => e.type === 'blob')).toHaveLength(
      1005,
    );
  });

  it('reads at a ref: a branch or a commit sha', async () => {
    const before = (await t.api('GET', `${repo}/git/ref/heads/main`)).body.object.sha;
    const created = await t.api('PUT', `${repo}/contents/later.md`, {
      message: 'later',
      content: b64('later'),
    });
    expect(created.status).toBe(201);
    expect((await t.api('GET', `${repo}/contents/later.md?ref=${before}`)).status).toBe(404);
    expect((await t.api('GET', `${repo}/contents/later.md?ref=main`)).status).toBe(200);
  });
});

describe('PUT contents', () => {
  it('creates (201), then updates with the sha (200), each one real commit', async () => {
    const created = await t.api('PUT', `${repo}/contents/draft.md`, {
      message: 'Create draft',
      content: b64('First words.\n'),
    });
    expect(created.status).toBe(201);
    expect(created.body.content.path).toBe('draft.md');
    expect(created.body.commit.message).toBe('Create draft');
    expect(schemaErrors('put', P, 201, created.body)).toEqual([]);

    const updated = await t.api('PUT', `${repo}/contents/draft.md`, {
      message: 'Edit draft',
      content: b64('Second words.\n'),
      sha: created.body.content.sha,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.commit.parents[0].sha).toBe(created.body.commit.sha);
    expect(schemaErrors('put', P, 200, updated.body)).toEqual([]);
    const read = await t.api('GET', `${repo}/contents/draft.md`);
    expect(Buffer.from(read.body.content, 'base64').toString()).toBe('Second words.\n');
    expect(read.body.sha).toBe(updated.body.content.sha);
  });

  it("refuses to replace an existing file without its sha: 422 '\"sha\" wasn't supplied.'", async () => {
    await t.api('PUT', `${repo}/contents/kept.md`, { message: 'keep', content: b64('Mine.') });
    const answer = await t.api('PUT', `${repo}/contents/kept.md`, {
      message: 'overwrite',
      content: b64('Theirs.'),
    });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe('Invalid request.\n\n"sha" wasn\'t supplied.');
    expect(schemaErrors('put', P, 422, answer.body)).toEqual([]);
    const read = await t.api('GET', `${repo}/contents/kept.md`);
    expect(Buffer.from(read.body.content, 'base64').toString()).toBe('Mine.');
  });

  it("answers 409 '{path} does not match {sha}' to a stale sha and keeps the newer text", async () => {
    const first = await t.api('PUT', `${repo}/contents/race.md`, {
      message: 'v1',
      content: b64('v1'),
    });
    const stale = first.body.content.sha;
    await t.api('PUT', `${repo}/contents/race.md`, {
      message: 'v2',
      content: b64('v2'),
      sha: stale,
    });
    const late = await t.api('PUT', `${repo}/contents/race.md`, {
      message: 'v3',
      content: b64('v3'),
      sha: stale,
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(`race.md does not match ${stale}`);
    expect(schemaErrors('put', P, 409, late.body)).toEqual([]);
    const read = await t.api('GET', `${repo}/contents/race.md`);
    expect(Buffer.from(read.body.content, 'base64').toString()).toBe('v2');
  });

  it('writes to another branch when asked, and 404s an unknown branch', async () => {
    const main = (await t.api('GET', `${repo}/git/ref/heads/main`)).body.object.sha;
    await t.api('POST', `${repo}/git/refs`, { ref: 'refs/heads/side', sha: main });
    const put = await t.api('PUT', `${repo}/contents/side.md`, {
      message: 'side',
      content: b64('side'),
      branch: 'side',
    });
    expect(put.status).toBe(201);
    expect((await t.api('GET', `${repo}/contents/side.md`)).status).toBe(404);
    expect((await t.api('GET', `${repo}/contents/side.md?ref=side`)).status).toBe(200);
    const unknown = await t.api('PUT', `${repo}/contents/x.md`, {
      message: 'x',
      content: b64('x'),
      branch: 'nowhere',
    });
    expect(unknown.status).toBe(404);
  });

  it('creates the first file of an empty repository', async () => {
    await t.api('POST', '/user/repos', { name: 'fresh' });
    const put = await t.api('PUT', '/repos/alice/fresh/contents/hello.md', {
      message: 'hello',
      content: b64('Hello'),
    });
    expect(put.status).toBe(201);
    expect(put.body.commit.parents).toEqual([]);
    expect((await t.api('GET', '/repos/alice/fresh/git/ref/heads/main')).status).toBe(200);
  });

  it('lets only the owner write', async () => {
    t.forge.users.add({ login: 'mallory', token: 'ghp_mallory' });
    const answer = await t.api(
      'PUT',
      `${repo}/contents/evil.md`,
      { message: 'x', content: b64('x') },
      'ghp_mallory',
    );
    expect(answer.status).toBe(404);
  });
});

describe('DELETE contents', () => {
  it('deletes with the sha in one commit; 404 when missing, 409 when stale', async () => {
    const created = await t.api('PUT', `${repo}/contents/gone.md`, {
      message: 'add',
      content: b64('bye'),
    });
    const stale = await t.api('DELETE', `${repo}/contents/gone.md`, {
      message: 'delete',
      sha: '0'.repeat(40),
    });
    expect(stale.status).toBe(409);
    expect(schemaErrors('delete', P, 409, stale.body)).toEqual([]);
    const deleted = await t.api('DELETE', `${repo}/contents/gone.md`, {
      message: 'delete',
      sha: created.body.content.sha,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body.content).toBeNull();
    expect(deleted.body.commit.message).toBe('delete');
    expect(schemaErrors('delete', P, 200, deleted.body)).toEqual([]);
    expect((await t.api('GET', `${repo}/contents/gone.md`)).status).toBe(404);
    const again = await t.api('DELETE', `${repo}/contents/gone.md`, {
      message: 'delete',
      sha: created.body.content.sha,
    });
    expect(again.status).toBe(404);
    expect(schemaErrors('delete', P, 404, again.body)).toEqual([]);
    const noSha = await t.api('DELETE', `${repo}/contents/README.md`, { message: 'delete' });
    expect(noSha.status).toBe(422);
    expect(schemaErrors('delete', P, 422, noSha.body)).toEqual([]);
  });
});

describe('what git sees', () => {
  it('a clone holds exactly the files written through the contents API, one commit each', async () => {
    await t.api('POST', '/user/repos', { name: 'cloned', auto_init: true });
    const base = '/repos/alice/cloned/contents';
    const a = await t.api('PUT', `${base}/a.md`, { message: 'Add a', content: b64('# A\n') });
    await t.api('PUT', `${base}/a.md`, {
      message: 'Edit a',
      content: b64('# A, again\n'),
      sha: a.body.content.sha,
    });
    await t.api('PUT', `${base}/dir/b.md`, { message: 'Add b', content: b64('B\n') });
    const folder = await mkdtemp(join(tmpdir(), 'forge-sim-clone-'));
    try {
      await run('git', ['clone', '--quiet', `${t.forge.url}/alice/cloned.git`, folder]);
      expect(await readFile(join(folder, 'a.md'), 'utf8')).toBe('# A, again\n');
      expect(await readFile(join(folder, 'dir/b.md'), 'utf8')).toBe('B\n');
      const log = await run('git', ['-C', folder, 'log', '--format=%s']);
      expect(log.stdout.trim().split('\n')).toEqual(['Add b', 'Edit a', 'Add a', 'Initial commit']);
      const author = await run('git', ['-C', folder, 'log', '-1', '--format=%an <%ae>']);
      expect(author.stdout.trim()).toBe('Alice Liddell <alice@example.com>');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe('bad input', () => {
  it('refuses content that is not base64, a file below a file, and changes nothing', async () => {
    const before = (await t.api('GET', `${repo}/git/ref/heads/main`)).body.object.sha;
    const notBase64 = await t.api('PUT', `${repo}/contents/bad.md`, {
      message: 'bad',
      content: 'not base64!',
    });
    expect(notBase64.status).toBe(422);
    expect(notBase64.body.message).toBe('content is not valid Base64');
    const belowFile = await t.api('PUT', `${repo}/contents/README.md/inside.md`, {
      message: 'inside',
      content: b64('x'),
    });
    expect(belowFile.status).toBe(422);
    const noMessage = await t.api('PUT', `${repo}/contents/x.md`, { content: b64('x') });
    expect(noMessage.status).toBe(422);
    expect(noMessage.body.message).toBe('Invalid request.\n\n"message" wasn\'t supplied.');
    expect((await t.api('GET', `${repo}/git/ref/heads/main`)).body.object.sha).toBe(before);
  });
});
