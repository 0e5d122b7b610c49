import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaErrors } from '../testing/openapi.js';
import { startTestForge, type TestForge } from '../testing/harness.js';

const R = '/repos/{owner}/{repo}';
let t: TestForge;
beforeAll(async () => {
  t = await startTestForge({ treeLimit: 5 });
  await t.api('POST', '/user/repos', { name: 'notes', auto_init: true });
  await t.api('POST', '/user/repos', { name: 'empty' });
});
afterAll(async () => {
  await t.forge.close();
});

const base = '/repos/alice/notes/git';

/** Commits `files` (path → text) on top of main's tip, and gives the new commit's sha. */
async function commitOnMain(files: Record<string, string | null>, message = 'Sync') {
  const head = await t.api('GET', `${base}/ref/heads/main`);
  const parent = head.body.object.sha as string;
  const parentCommit = await t.api('GET', `${base}/commits/${parent}`);
  const entries = [];
  for (const [path, text] of Object.entries(files)) {
    if (text === null) {
      entries.push({ path, mode: '100644', type: 'blob', sha: null });
    } else {
      const blob = await t.api('POST', `${base}/blobs`, { content: text, encoding: 'utf-8' });
      entries.push({ path, mode: '100644', type: 'blob', sha: blob.body.sha });
    }
  }
  const tree = await t.api('POST', `${base}/trees`, {
    base_tree: parentCommit.body.tree.sha,
    tree: entries,
  });
  const commit = await t.api('POST', `${base}/commits`, {
    message,
    tree: tree.body.sha,
    parents: [parent],
  });
  return { parent, commit: commit.body.sha as string };
}

describe('blobs', () => {
  it('stores utf-8 and base64 content and gives back the same bytes in base64', async () => {
    const text = 'Café ☕ and a line\n'.repeat(10);
    const utf8 = await t.api('POST', `${base}/blobs`, { content: text, encoding: 'utf-8' });
    expect(utf8.status).toBe(201);
    expect(utf8.body.sha).toMatch(/^[0-9a-f]{40}$/);
    expect(schemaErrors('post', `${R}/git/blobs`, 201, utf8.body)).toEqual([]);

    const bytes = Buffer.from([0, 1, 2, 254, 255]);
    const b64 = await t.api('POST', `${base}/blobs`, {
      content: bytes.toString('base64'),
      encoding: 'base64',
    });
    expect(b64.status).toBe(201);

    const readText = await t.api('GET', `${base}/blobs/${utf8.body.sha}`);
    expect(readText.status).toBe(200);
    expect(readText.body.encoding).toBe('base64');
    expect(readText.body.size).toBe(Buffer.byteLength(text));
    expect(Buffer.from(readText.body.content, 'base64').toString('utf8')).toBe(text);
    expect(schemaErrors('get', `${R}/git/blobs/{file_sha}`, 200, readText.body)).toEqual([]);

    const readBytes = await t.api('GET', `${base}/blobs/${b64.body.sha}`);
    expect(Buffer.from(readBytes.body.content, 'base64')).toEqual(bytes);
  });

  it('answers 404 for a blob that does not exist', async () => {
    const answer = await t.api('GET', `${base}/blobs/${'1'.repeat(40)}`);
    expect(answer.status).toBe(404);
    expect(schemaErrors('get', `${R}/git/blobs/{file_sha}`, 404, answer.body)).toEqual([]);
  });

  it("answers 409 'Git Repository is empty.' in a repository without a commit", async () => {
    const answer = await t.api('POST', '/repos/alice/empty/git/blobs', { content: 'x' });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('Git Repository is empty.');
    expect(schemaErrors('post', `${R}/git/blobs`, 409, answer.body)).toEqual([]);
    const read = await t.api('GET', `/repos/alice/empty/git/blobs/${'1'.repeat(40)}`);
    expect(read.status).toBe(409);
    expect(read.body.message).toBe('Git Repository is empty.');
  });

  it('lets nobody but the owner write', async () => {
    t.forge.users.add({ login: 'mallory', token: 'ghp_mallory' });
    const answer = await t.api('POST', `${base}/blobs`, { content: 'x' }, 'ghp_mallory');
    expect(answer.status).toBe(404);
  });
});

describe('trees, commits and refs', () => {
  it('makes one commit of several files, folders included, and moves main to it', async () => {
    const { parent, commit } = await commitOnMain(
      { 'a.md': 'Alpha\n', 'docs/b.md': 'Beta\n', 'docs/deep/c.md': 'Gamma\n' },
      'Add three files',
    );
    const got = await t.api('GET', `${base}/commits/${commit}`);
    expect(got.status).toBe(200);
    expect(got.body.message).toBe('Add three files');
    expect(got.body.parents.map((p: { sha: string }) => p.sha)).toEqual([parent]);
    expect(got.body.author.name).toBe('Alice Liddell');
    expect(schemaErrors('get', `${R}/git/commits/{commit_sha}`, 200, got.body)).toEqual([]);

    const moved = await t.api('PATCH', `${base}/refs/heads/main`, { sha: commit, force: false });
    expect(moved.status).toBe(200);
    expect(moved.body.object.sha).toBe(commit);
    expect(schemaErrors('patch', `${R}/git/refs/{ref}`, 200, moved.body)).toEqual([]);

    const ref = await t.api('GET', `${base}/ref/heads/main`);
    expect(ref.body.ref).toBe('refs/heads/main');
    expect(ref.body.object.sha).toBe(commit);
    expect(schemaErrors('get', `${R}/git/ref/{ref}`, 200, ref.body)).toEqual([]);

    const tree = await t.api('GET', `${base}/trees/${got.body.tree.sha}?recursive=1`);
    expect(tree.status).toBe(200);
    expect(schemaErrors('get', `${R}/git/trees/{tree_sha}`, 200, tree.body)).toEqual([]);
    const paths = tree.body.tree.map((e: { path: string; type: string }) => `${e.type} ${e.path}`);
    // Six entries, the limit of this forge is five: the listing says it is cut short.
    expect(paths).toEqual([
      'blob README.md',
      'blob a.md',
      'tree docs',
      'blob docs/b.md',
      'tree docs/deep',
    ]);
    expect(tree.body.truncated).toBe(true);
    const deep = tree.body.tree.find((e: { path: string }) => e.path === 'docs/deep');
    const deepTree = await t.api('GET', `${base}/trees/${deep.sha}`);
    expect(deepTree.body.tree.map((e: { path: string }) => e.path)).toEqual(['c.md']);
  });

  it('keeps the base tree, replaces changed files and deletes files given a null sha', async () => {
    const { commit } = await commitOnMain({ 'a.md': 'Alpha, edited\n', 'docs/b.md': null });
    await t.api('PATCH', `${base}/refs/heads/main`, { sha: commit });
    const got = await t.api('GET', `${base}/commits/${commit}`);
    const tree = await t.api('GET', `${base}/trees/${got.body.tree.sha}?recursive=1`);
    const blobs = tree.body.tree.filter((e: { type: string }) => e.type === 'blob');
    expect(blobs.map((e: { path: string }) => e.path)).toEqual([
      'README.md',
      'a.md',
      'docs/deep/c.md',
    ]);
    const a = blobs.find((e: { path: string }) => e.path === 'a.md');
    const blob = await t.api('GET', `${base}/blobs/${a.sha}`);
    expect(Buffer.from(blob.body.content, 'base64').toString()).toBe('Alpha, edited\n');
  });

  it('creates a tree from inline content without a base tree', async () => {
    const tree = await t.api('POST', `${base}/trees`, {
      tree: [{ path: 'only.md', mode: '100644', type: 'blob', content: 'Only\n' }],
    });
    expect(tree.status).toBe(201);
    expect(tree.body.tree.map((e: { path: string }) => e.path)).toEqual(['only.md']);
    expect(schemaErrors('post', `${R}/git/trees`, 201, tree.body)).toEqual([]);
  });

  it("answers 422 'Update is not a fast forward' and leaves the ref where it was", async () => {
    const { commit: ours } = await commitOnMain({ 'race.md': 'ours\n' });
    const { commit: theirs } = await commitOnMain({ 'race.md': 'theirs\n' });
    expect((await t.api('PATCH', `${base}/refs/heads/main`, { sha: ours })).status).toBe(200);
    const refused = await t.api('PATCH', `${base}/refs/heads/main`, { sha: theirs, force: false });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Update is not a fast forward');
    expect(schemaErrors('patch', `${R}/git/refs/{ref}`, 422, refused.body)).toEqual([]);
    const ref = await t.api('GET', `${base}/ref/heads/main`);
    expect(ref.body.object.sha).toBe(ours);

    const forced = await t.api('PATCH', `${base}/refs/heads/main`, { sha: theirs, force: true });
    expect(forced.status).toBe(200);
    expect((await t.api('GET', `${base}/ref/heads/main`)).body.object.sha).toBe(theirs);
  });

  it('lets only one of two concurrent fast forwards from the same parent through', async () => {
    const { commit: one } = await commitOnMain({ 'both.md': 'one\n' });
    const { commit: two } = await commitOnMain({ 'both.md': 'two\n' });
    const answers = await Promise.all([
      t.api('PATCH', `${base}/refs/heads/main`, { sha: one }),
      t.api('PATCH', `${base}/refs/heads/main`, { sha: two }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
  });

  it('creates a branch, refuses it a second time, and 404s an unknown ref', async () => {
    const main = await t.api('GET', `${base}/ref/heads/main`);
    const created = await t.api('POST', `${base}/refs`, {
      ref: 'refs/heads/drafts/one',
      sha: main.body.object.sha,
    });
    expect(created.status).toBe(201);
    expect(schemaErrors('post', `${R}/git/refs`, 201, created.body)).toEqual([]);
    expect((await t.api('GET', `${base}/ref/heads/drafts/one`)).body.object.sha).toBe(
      main.body.object.sha,
    );
    const again = await t.api('POST', `${base}/refs`, {
      ref: 'refs/heads/drafts/one',
      sha: main.body.object.sha,
    });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('Reference already exists');
    const missing = await t.api('GET', `${base}/ref/heads/nope`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Not Found');
  });

  it('lists the refs matching a prefix, and deletes a branch (422 when it is not there)', async () => {
    const main = await t.api('GET', `${base}/ref/heads/main`);
    for (const name of ['topic/a', 'topic/b']) {
      await t.api('POST', `${base}/refs`, { ref: `refs/heads/${name}`, sha: main.body.object.sha });
    }
    const topics = await t.api('GET', `${base}/matching-refs/heads/topic/`);
    expect(topics.status).toBe(200);
    expect(topics.body.map((ref: { ref: string }) => ref.ref)).toEqual([
      'refs/heads/topic/a',
      'refs/heads/topic/b',
    ]);
    expect(schemaErrors('get', `${R}/git/matching-refs/{ref}`, 200, topics.body)).toEqual([]);

    const deleted = await t.api('DELETE', `${base}/refs/heads/topic/a`);
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeNull();
    expect((await t.api('GET', `${base}/ref/heads/topic/a`)).status).toBe(404);
    const again = await t.api('DELETE', `${base}/refs/heads/topic/a`);
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('Reference does not exist');
    const left = await t.api('GET', `${base}/matching-refs/heads/topic`);
    expect(left.body.map((ref: { ref: string }) => ref.ref)).toEqual(['refs/heads/topic/b']);
  });

  it('refuses a commit whose tree or parent does not exist', async () => {
    const badTree = await t.api('POST', `${base}/commits`, { message: 'x', tree: 'f'.repeat(40) });
    expect(badTree.status).toBe(422);
    const tree = await t.api('POST', `${base}/trees`, {
      tree: [{ path: 'x.md', mode: '100644', type: 'blob', content: 'x' }],
    });
    const badParent = await t.api('POST', `${base}/commits`, {
      message: 'x',
      tree: tree.body.sha,
      parents: ['e'.repeat(40)],
    });
    expect(badParent.status).toBe(422);
    expect(schemaErrors('post', `${R}/git/commits`, 422, badParent.body)).toEqual([]);
  });
});

describe('truncated trees', () => {
  it('answers truncated: true past the tree limit, and false at or under it', async () => {
    const small = await t.api('POST', `${base}/trees`, {
      tree: ['1', '2', '3', '4', '5'].map((n) => ({
        path: `${n}.md`,
        mode: '100644',
        type: 'blob',
        content: n,
      })),
    });
    const atLimit = await t.api('GET', `${base}/trees/${small.body.sha}?recursive=1`);
    expect(atLimit.body.truncated).toBe(false);
    expect(atLimit.body.tree).toHaveLength(5);

    const big = await t.api('POST', `${base}/trees`, {
      base_tree: small.body.sha,
      tree: [{ path: 'more/6.md', mode: '100644', type: 'blob', content: '6' }],
    });
    const truncated = await t.api('GET', `${base}/trees/${big.body.sha}?recursive=1`);
    expect(truncated.body.truncated).toBe(true);
    expect(truncated.body.tree).toHaveLength(5);
    expect(schemaErrors('get', `${R}/git/trees/{tree_sha}`, 200, truncated.body)).toEqual([]);
    const byBranch = await t.api('GET', `${base}/trees/main`);
    expect(byBranch.status).toBe(200);
    for (const odd of ['--all', 'main..main', '-1']) {
      expect((await t.api('GET', `${base}/trees/${odd}`)).status).toBe(404);
    }
    const topLevel = await t.api('GET', `${base}/trees/${big.body.sha}`);
    expect(topLevel.body.truncated).toBe(false);
    expect(topLevel.body.tree).toHaveLength(6);
  });
});
