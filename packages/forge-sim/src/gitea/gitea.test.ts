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
const alice = 'gitea_alice_token';
const bob = 'gitea_bob_token';

const api = (method: string, path: string, body?: unknown, token: string | null = alice) =>
  callApi(forge.giteaApiUrl, method, path, {
    ...(body === undefined ? {} : { body }),
    sign: token === null ? null : { header: `token ${token}` },
  });

beforeAll(async () => {
  forge = await startForgeSim({ port: 0 });
  forge.users.add({
    login: 'alice',
    token: alice,
    name: 'Alice Liddell',
    email: 'alice@example.com',
  });
  forge.users.add({ login: 'bob', token: bob });
  work = await mkdtemp(join(tmpdir(), 'forge-sim-gitea-'));
});
afterAll(async () => {
  await forge.close();
  await rm(work, { recursive: true, force: true });
});

describe('Gitea repositories and users', () => {
  it('answers the signed-in user, by `token` or `Bearer`, and refuses a wrong token with 401', async () => {
    const me = await api('GET', '/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      login: 'alice',
      full_name: 'Alice Liddell',
      email: 'alice@example.com',
    });
    const bearer = await callApi(forge.giteaApiUrl, 'GET', '/user', {
      sign: { header: `Bearer ${alice}` },
    });
    expect(bearer.body.login).toBe('alice');
    const wrong = await api('GET', '/user', undefined, 'nope');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'token is required', url: `${forge.url}/api/swagger` });
    expect((await api('GET', '/user', undefined, null)).status).toBe(401);
  });

  it('creates a repository (409 when the name is taken) and hides a private one from others', async () => {
    const made = await api('POST', '/user/repos', {
      name: 'notes',
      private: true,
      auto_init: true,
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      full_name: 'alice/notes',
      private: true,
      default_branch: 'main',
      empty: false,
    });
    const again = await api('POST', '/user/repos', { name: 'notes' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('The repository with the same name already exists.');
    expect((await api('GET', '/repos/alice/notes')).status).toBe(200);
    const hidden = await api('GET', '/repos/alice/notes', undefined, bob);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({
      message: "The target couldn't be found.",
      url: `${forge.url}/api/swagger`,
      errors: null,
    });
    const invalid = await api('POST', '/user/repos', { name: 'bad name' });
    expect(invalid.status).toBe(422);
  });

  it('answers a branch with its tip commit', async () => {
    const branch = await api('GET', '/repos/alice/notes/branches/main');
    expect(branch.status).toBe(200);
    expect(branch.body.name).toBe('main');
    expect(branch.body.commit.id).toMatch(/^[0-9a-f]{40}$/);
    expect(branch.body.user_can_push).toBe(true);
    expect((await api('GET', '/repos/alice/notes/branches/nope')).status).toBe(404);
  });
});

describe('Gitea contents', () => {
  it('creates, reads, updates (sha required and checked) and deletes a file, one commit each', async () => {
    await api('POST', '/user/repos', { name: 'files', auto_init: true });
    const created = await api('POST', '/repos/alice/files/contents/docs/a.md', {
      content: b64('# A\n'),
      message: 'Add a',
    });
    expect(created.status).toBe(201);
    expect(created.body.content).toMatchObject({
      path: 'docs/a.md',
      type: 'file',
      content: b64('# A\n'),
    });
    expect(created.body.commit.message).toBe('Add a\n');
    const sha = created.body.content.sha as string;

    const exists = await api('POST', '/repos/alice/files/contents/docs/a.md', {
      content: b64('x'),
    });
    expect(exists.status).toBe(422);
    expect(exists.body.message).toBe('repository file already exists [path: docs/a.md]');

    const read = await api('GET', '/repos/alice/files/contents/docs/a.md?ref=main');
    expect(Buffer.from(read.body.content, 'base64').toString()).toBe('# A\n');
    expect(read.body.last_commit_sha).toBe(created.body.commit.sha);

    const noSha = await api('PUT', '/repos/alice/files/contents/docs/a.md', { content: b64('B') });
    expect(noSha.status).toBe(422);
    const stale = await api('PUT', '/repos/alice/files/contents/docs/a.md', {
      content: b64('B'),
      sha: '0'.repeat(40),
    });
    expect(stale.status).toBe(422);
    expect(stale.body.message).toBe(
      `sha does not match [given: ${'0'.repeat(40)}, expected: ${sha}]`,
    );
    // Nothing was lost by the refused writes.
    const still = await api('GET', '/repos/alice/files/contents/docs/a.md');
    expect(Buffer.from(still.body.content, 'base64').toString()).toBe('# A\n');

    const updated = await api('PUT', '/repos/alice/files/contents/docs/a.md', {
      content: b64('# B\n'),
      sha,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.commit.parents[0].sha).toBe(created.body.commit.sha);

    const folder = await api('GET', '/repos/alice/files/contents/docs');
    expect(folder.body.map((entry: { name: string }) => entry.name)).toEqual(['a.md']);
    expect(folder.body[0].content).toBeNull();

    const wrongDelete = await api('DELETE', '/repos/alice/files/contents/docs/a.md', { sha });
    expect(wrongDelete.status).toBe(400);
    const deleted = await api('DELETE', '/repos/alice/files/contents/docs/a.md', {
      sha: updated.body.content.sha,
      message: 'Remove a',
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body.content).toBeNull();
    const gone = await api('GET', '/repos/alice/files/contents/docs/a.md');
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('GetContentsOrList');
  });

  it('gives a blob past DEFAULT_MAX_BLOB_SIZE with its size and an empty content, as Gitea', async () => {
    await api('POST', '/user/repos', { name: 'blobs', auto_init: true });
    const made = await api('POST', '/repos/alice/blobs/contents/big.md', {
      content: b64('x'.repeat(40)),
    });
    const sha = made.body.content.sha as string;
    const whole = await api('GET', `/repos/alice/blobs/git/blobs/${sha}`);
    expect(whole.body).toMatchObject({ size: 40, content: b64('x'.repeat(40)) });
    forge.gitea.defaultMaxBlobSize = 39;
    try {
      const over = await api('GET', `/repos/alice/blobs/git/blobs/${sha}`);
      expect(over.status).toBe(200);
      expect(over.body).toMatchObject({ size: 40, content: '', encoding: 'base64' });
    } finally {
      forge.gitea.defaultMaxBlobSize = 10_485_760;
    }
  });

  it('refuses writes without a token (401) and by another user (403)', async () => {
    const anonymous = await api(
      'POST',
      '/repos/alice/files/contents/x.md',
      { content: b64('x') },
      null,
    );
    expect(anonymous.status).toBe(401);
    const other = await api('POST', '/repos/alice/files/contents/x.md', { content: b64('x') }, bob);
    expect(other.status).toBe(403);
  });

  it('makes several files ONE commit with ChangeFiles, as the real git client sees it', async () => {
    await api('POST', '/user/repos', { name: 'batch', auto_init: true });
    const readme = (await api('GET', '/repos/alice/batch/contents/README.md')).body.sha;
    const before = (await api('GET', '/repos/alice/batch/commits')).body.length;
    const changed = await api('POST', '/repos/alice/batch/contents', {
      message: 'Sync three files',
      files: [
        { operation: 'create', path: 'a.md', content: b64('alpha\n') },
        { operation: 'create', path: 'sub/b.md', content: b64('beta\n') },
        { operation: 'update', path: 'README.md', content: b64('# batch, updated\n'), sha: readme },
      ],
    });
    expect(changed.status).toBe(201);
    expect(changed.body.files.map((file: { path: string }) => file.path)).toEqual([
      'a.md',
      'sub/b.md',
      'README.md',
    ]);

    const clone = join(work, 'batch');
    await run('git', ['clone', '--quiet', `${forge.url}/alice/batch.git`, clone]);
    const log = (await run('git', ['log', '-1', '--format=%s', '--name-only'], { cwd: clone }))
      .stdout;
    expect(log.split('\n').filter(Boolean)).toEqual([
      'Sync three files',
      'README.md',
      'a.md',
      'sub/b.md',
    ]);
    const count = (await run('git', ['rev-list', '--count', 'HEAD'], { cwd: clone })).stdout.trim();
    expect(Number(count)).toBe(before + 1);
    expect(await readFile(join(clone, 'sub/b.md'), 'utf8')).toBe('beta\n');

    // A stale sha in one file refuses the whole commit: nothing is written.
    const refused = await api('POST', '/repos/alice/batch/contents', {
      files: [
        { operation: 'create', path: 'c.md', content: b64('gamma\n') },
        { operation: 'update', path: 'README.md', content: b64('lost?\n'), sha: readme },
      ],
    });
    expect(refused.status).toBe(422);
    expect((await api('GET', '/repos/alice/batch/contents/c.md')).status).toBe(404);
  });

  it('answers ChangeFiles 404 as a Gitea before 1.20 when switched off, leaving one file at a time', async () => {
    forge.gitea.changeFiles = false;
    try {
      const missing = await api('POST', '/repos/alice/batch/contents', {
        files: [{ operation: 'create', path: 'd.md', content: b64('delta\n') }],
      });
      expect(missing.status).toBe(404);
      const single = await api('POST', '/repos/alice/batch/contents/d.md', {
        content: b64('delta\n'),
      });
      expect(single.status).toBe(201);
    } finally {
      forge.gitea.changeFiles = true;
    }
  });
});

describe('Gitea paging', () => {
  beforeAll(async () => {
    // 10 folders of 100 files: 1,010 tree entries, written straight into the bare repository.
    const repo = await forge.repos.create({ owner: 'alice', name: 'big' });
    const changes = new Map<string, Buffer | null>();
    for (let folder = 0; folder < 10; folder += 1) {
      for (let file = 0; file < 100; file += 1) {
        changes.set(
          `f${folder}/n${String(file).padStart(3, '0')}.md`,
          Buffer.from(`${folder}/${file}\n`),
        );
      }
    }
    let parent = await commitFiles({
      gitDir: repo.gitDir,
      branch: 'main',
      parent: undefined,
      changes,
      message: 'A thousand files\n',
      author: { name: 'Alice', email: 'alice@example.com' },
    });
    for (let index = 0; index < 60; index += 1) {
      parent = await commitFiles({
        gitDir: repo.gitDir,
        branch: 'main',
        parent,
        changes: new Map([['log.md', Buffer.from(`entry ${index}\n`)]]),
        message: `Entry ${index}\n`,
        author: { name: 'Alice', email: 'alice@example.com' },
      });
    }
  }, 120_000);

  // Every page of the tree, read to `total_count`, and the `truncated` flag of each.
  const readTreePages = async () => {
    const paths = new Set<string>();
    const seen: boolean[] = [];
    for (let page = 1; paths.size < 1011; page += 1) {
      const answer = await api(
        'GET',
        `/repos/alice/big/git/trees/main?recursive=1&per_page=300&page=${page}`,
      );
      expect(answer.status).toBe(200);
      expect(answer.body.total_count).toBe(1011);
      expect(answer.body.page).toBe(page);
      expect(answer.body.tree.length).toBeGreaterThan(0);
      for (const entry of answer.body.tree) paths.add(entry.path);
      seen.push(answer.body.truncated);
    }
    const after = await api(
      'GET',
      '/repos/alice/big/git/trees/main?recursive=1&per_page=300&page=5',
    );
    expect(after.body.tree).toEqual([]);
    expect(after.body.truncated).toBe(false);
    return { paths, seen };
  };

  it('lists a 1,000-file tree fully across pages, `truncated` on every page as Gitea 1.22 says it (go-gitea/gitea#35117)', async () => {
    const { paths, seen } = await readTreePages();
    expect(seen).toEqual([true, true, true, true]);
    expect(paths.size).toBe(1011);
    expect(paths.has('f9/n099.md')).toBe(true);
  });

  it('says `truncated` only while entries follow a page, as Gitea after #35117 does', async () => {
    forge.gitea.truncatedOnEveryPage = false;
    try {
      const { paths, seen } = await readTreePages();
      expect(seen).toEqual([true, true, true, false]);
      expect(paths.size).toBe(1011);
    } finally {
      forge.gitea.truncatedOnEveryPage = true;
    }
  });

  it('caps a page of the tree at DEFAULT_GIT_TREES_PER_PAGE (1,000)', async () => {
    const answer = await api('GET', '/repos/alice/big/git/trees/main?recursive=1&per_page=9999');
    expect(answer.body.tree).toHaveLength(1000);
    expect(answer.body.truncated).toBe(true);
    const top = await api('GET', '/repos/alice/big/git/trees/main');
    expect(top.body.tree.map((entry: { path: string }) => entry.path)).toContain('f0');
    expect(top.body.truncated).toBe(false);
  });

  it('pages commits by `page` and `limit` (at most MAX_RESPONSE_ITEMS, 50) with Gitea headers', async () => {
    const first = await api('GET', '/repos/alice/big/commits?limit=100');
    expect(first.body).toHaveLength(50);
    expect(first.headers.get('x-total-count')).toBe('61');
    expect(first.headers.get('x-hasmore')).toBe('true');
    expect(first.headers.get('x-pagecount')).toBe('2');
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get('link') ?? '')?.[1] ?? '';
    expect(new URL(next).searchParams.get('page')).toBe('2');
    expect(new URL(next).searchParams.get('limit')).toBe('50');
    const second = await api('GET', '/repos/alice/big/commits?limit=100&page=2');
    expect(second.body).toHaveLength(11);
    expect(second.headers.get('x-hasmore')).toBe('false');
    expect(second.body.at(-1).commit.message).toBe('A thousand files\n');
    const byPath = await api('GET', '/repos/alice/big/commits?path=log.md&limit=5');
    expect(byPath.headers.get('x-total-count')).toBe('60');
    expect(byPath.body[0].commit.message).toBe('Entry 59\n');
    const plain = await api('GET', '/repos/alice/big/commits');
    expect(plain.body).toHaveLength(30);
  }, 60_000);

  it('answers 409 for the commits of an empty repository', async () => {
    await api('POST', '/user/repos', { name: 'empty' });
    const answer = await api('GET', '/repos/alice/empty/commits');
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('Git Repository is empty.');
  });
});

describe('Gitea faults', () => {
  it("answers a server-error fault with Gitea's error body, changing nothing, and can drop a reply", async () => {
    await api('POST', '/user/repos', { name: 'faulty', auto_init: true });
    forge.faults.next({ status: 503, path: /\/api\/v1\/repos\/alice\/faulty\/contents\/f\.md/ });
    const failed = await api('POST', '/repos/alice/faulty/contents/f.md', { content: b64('f\n') });
    expect(failed).toMatchObject({
      status: 503,
      body: { message: 'Server Error', url: `${forge.url}/api/swagger` },
    });
    expect((await api('GET', '/repos/alice/faulty/contents/f.md')).status).toBe(404);
    forge.faults.next({
      dropReply: true,
      path: /\/api\/v1\/repos\/alice\/faulty\/contents\/f\.md/,
    });
    await expect(
      api('POST', '/repos/alice/faulty/contents/f.md', { content: b64('f\n') }),
    ).rejects.toThrow();
    // The write was made before the reply was lost: reading again finds it.
    expect((await api('GET', '/repos/alice/faulty/contents/f.md')).status).toBe(200);
  });
});
