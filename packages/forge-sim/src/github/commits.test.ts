import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaErrors } from '../testing/openapi.js';
import { startTestForge, type TestForge } from '../testing/harness.js';

const R = '/repos/{owner}/{repo}';
const repo = '/repos/alice/log';
let t: TestForge;
/** The shas of the commits made in beforeAll, oldest first (the auto_init one included). */
const made: string[] = [];

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

beforeAll(async () => {
  t = await startTestForge();
  await t.api('POST', '/user/repos', { name: 'log', auto_init: true });
  made.push((await t.api('GET', `${repo}/git/ref/heads/main`)).body.object.sha);
  // 35 commits: a.md on every third one, b.md on the others.
  const shas: Record<string, string> = {};
  for (let index = 0; index < 35; index += 1) {
    const path = index % 3 === 0 ? 'a.md' : 'b.md';
    const put = await t.api('PUT', `${repo}/contents/${path}`, {
      message: `Edit ${index}`,
      content: b64(`version ${index}\n`),
      ...(shas[path] ? { sha: shas[path] } : {}),
    });
    expect(put.status).toBeLessThan(300);
    shas[path] = put.body.content.sha;
    made.push(put.body.commit.sha);
  }
});
afterAll(async () => {
  await t.forge.close();
});

describe('trees by commit or branch', () => {
  it('lists the same tree given its sha, a commit sha or a branch name', async () => {
    const tip = made.at(-1) ?? '';
    const commit = await t.api('GET', `${repo}/git/commits/${tip}`);
    const bySha = await t.api('GET', `${repo}/git/trees/${commit.body.tree.sha}`);
    const byCommit = await t.api('GET', `${repo}/git/trees/${tip}`);
    const byBranch = await t.api('GET', `${repo}/git/trees/main?recursive=1`);
    for (const answer of [bySha, byCommit, byBranch]) {
      expect(answer.status).toBe(200);
      expect(answer.body.sha).toBe(commit.body.tree.sha);
      expect(answer.body.tree.map((entry: { path: string }) => entry.path)).toEqual([
        'README.md',
        'a.md',
        'b.md',
      ]);
      expect(schemaErrors('get', `${R}/git/trees/{tree_sha}`, 200, answer.body)).toEqual([]);
    }
    const old = await t.api('GET', `${repo}/git/trees/${made[0]}`);
    expect(old.body.tree.map((entry: { path: string }) => entry.path)).toEqual(['README.md']);
  });

  it('lists every level for any value of recursive, 0 and false included, as GitHub', async () => {
    await t.api('POST', '/user/repos', { name: 'deep', auto_init: true });
    await t.api('PUT', '/repos/alice/deep/contents/deep/er.md', {
      message: 'Deeper',
      content: b64('deep'),
    });
    const paths = async (query: string) =>
      (await t.api('GET', `/repos/alice/deep/git/trees/main${query}`)).body.tree.map(
        (entry: { path: string }) => entry.path,
      );
    expect(await paths('')).toEqual(['README.md', 'deep']);
    for (const value of ['0', 'false', '1']) {
      expect(await paths(`?recursive=${value}`)).toEqual(['README.md', 'deep', 'deep/er.md']);
    }
  });
});

describe('GET /repos/{owner}/{repo}/commits/{ref}', () => {
  it('gives one commit by sha or branch, with the files it changed', async () => {
    const tip = made.at(-1) ?? '';
    const byBranch = await t.api('GET', `${repo}/commits/main`);
    expect(byBranch.status).toBe(200);
    expect(byBranch.body.sha).toBe(tip);
    expect(byBranch.body.commit.message).toBe('Edit 34');
    expect(byBranch.body.author.login).toBe('alice');
    expect(byBranch.body.parents.map((p: { sha: string }) => p.sha)).toEqual([made.at(-2)]);
    expect(byBranch.body.files).toEqual([
      expect.objectContaining({ filename: 'b.md', status: 'modified', additions: 1, deletions: 1 }),
    ]);
    expect(byBranch.body.stats).toEqual({ total: 2, additions: 1, deletions: 1 });
    expect(schemaErrors('get', `${R}/commits/{ref}`, 200, byBranch.body)).toEqual([]);

    const first = await t.api('GET', `${repo}/commits/${made[1]}`);
    expect(first.body.files).toEqual([
      expect.objectContaining({ filename: 'a.md', status: 'added', additions: 1, deletions: 0 }),
    ]);
  });

  it("answers 422 'No commit found for SHA' for a ref that is not there", async () => {
    const answer = await t.api('GET', `${repo}/commits/no-such-branch`);
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe('No commit found for SHA: no-such-branch');
    expect(schemaErrors('get', `${R}/commits/{ref}`, 422, answer.body)).toEqual([]);
  });
});

describe('GET /repos/{owner}/{repo}/commits', () => {
  it('lists newest first, 30 a page by default, with Link rel="next" and rel="last"', async () => {
    const first = await t.api('GET', `${repo}/commits`);
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(30);
    expect(first.body[0].sha).toBe(made.at(-1));
    expect(first.body[29].sha).toBe(made.at(-30));
    expect(schemaErrors('get', `${R}/commits`, 200, first.body)).toEqual([]);
    const link = first.headers.get('link') ?? '';
    expect(link).toContain(`<${t.forge.apiUrl}${repo}/commits?per_page=30&page=2>; rel="next"`);
    expect(link).toContain(`<${t.forge.apiUrl}${repo}/commits?per_page=30&page=2>; rel="last"`);

    const next = /<([^>]+)>; rel="next"/.exec(link)?.[1] ?? '';
    const second = await t.api('GET', next.slice(t.forge.apiUrl.length));
    expect(second.body.map((c: { sha: string }) => c.sha)).toEqual(made.slice(0, 6).reverse());
    expect(second.headers.get('link')).toContain('rel="prev"');
    expect(second.headers.get('link')).not.toContain('rel="next"');
  });

  it('takes per_page up to 100, and a page past the end is empty', async () => {
    const all = await t.api('GET', `${repo}/commits?per_page=500`);
    expect(all.body).toHaveLength(36);
    expect(all.headers.get('link')).toBeNull();
    const past = await t.api('GET', `${repo}/commits?per_page=10&page=9`);
    expect(past.body).toEqual([]);
  });

  it('lists only the commits that changed `path`, from `sha`', async () => {
    const onA = await t.api('GET', `${repo}/commits?path=a.md&per_page=5`);
    expect(onA.body.map((c: { commit: { message: string } }) => c.commit.message)).toEqual([
      'Edit 33',
      'Edit 30',
      'Edit 27',
      'Edit 24',
      'Edit 21',
    ]);
    expect(onA.headers.get('link')).toContain('path=a.md');
    expect(onA.headers.get('link')).toMatch(/page=3>; rel="last"/);
    const fromOld = await t.api('GET', `${repo}/commits?sha=${made[4]}&path=a.md`);
    expect(fromOld.body.map((c: { commit: { message: string } }) => c.commit.message)).toEqual([
      'Edit 3',
      'Edit 0',
    ]);
  });

  it("answers 409 'Git Repository is empty.' for a repository without commits", async () => {
    await t.api('POST', '/user/repos', { name: 'blank' });
    const answer = await t.api('GET', '/repos/alice/blank/commits');
    expect(answer.status).toBe(409);
    expect(schemaErrors('get', `${R}/commits`, 409, answer.body)).toEqual([]);
  });
});

describe('GET /repos/{owner}/{repo}/branches/{branch}', () => {
  it('gives the branch and its tip commit, and 404 for an unknown branch', async () => {
    const main = await t.api('GET', `${repo}/branches/main`);
    expect(main.status).toBe(200);
    expect(main.body.name).toBe('main');
    expect(main.body.commit.sha).toBe(made.at(-1));
    expect(main.body.protected).toBe(false);
    expect(schemaErrors('get', `${R}/branches/{branch}`, 200, main.body)).toEqual([]);
    const missing = await t.api('GET', `${repo}/branches/nope`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Branch not found');
    expect(schemaErrors('get', `${R}/branches/{branch}`, 404, missing.body)).toEqual([]);
  });
});
