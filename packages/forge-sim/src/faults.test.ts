import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaErrors } from './testing/openapi.js';
import { startTestForge, type TestForge } from './testing/harness.js';

let t: TestForge;
beforeAll(async () => {
  t = await startTestForge();
  await t.api('POST', '/user/repos', { name: 'notes', auto_init: true });
});
afterAll(async () => {
  await t.forge.close();
});

describe('faults on demand', () => {
  it('answers a 5xx with GitHub body once, then answers normally', async () => {
    for (const status of [500, 502, 503] as const) {
      t.forge.faults.next({ status });
      const failed = await t.api('GET', '/user');
      expect(failed.status).toBe(status);
      expect(typeof failed.body.message).toBe('string');
      expect(failed.headers.get('x-ratelimit-limit')).toBe('5000');
      expect((await t.api('GET', '/user')).status).toBe(200);
    }
  });

  it('changes nothing when it answers a 5xx to a write', async () => {
    t.forge.faults.next({ status: 500 });
    const failed = await t.api('POST', '/user/repos', { name: 'not-made' });
    expect(failed.status).toBe(500);
    expect((await t.api('GET', '/repos/alice/not-made')).status).toBe(404);
  });

  it('answers 403 with x-ratelimit-remaining 0 and the reset time', async () => {
    t.forge.faults.next({ rateLimit: true });
    const limited = await t.api('GET', '/repos/alice/notes');
    expect(limited.status).toBe(403);
    expect(limited.body.message).toMatch(/^API rate limit exceeded/);
    expect(schemaErrors('get', '/repos/{owner}/{repo}', 403, limited.body)).toEqual([]);
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    const reset = Number(limited.headers.get('x-ratelimit-reset'));
    expect(reset).toBeGreaterThan(Date.now() / 1000);
  });

  it('answers 429 with retry-after for a secondary rate limit, changing nothing', async () => {
    t.forge.faults.next({ secondaryRateLimit: 7 });
    const limited = await t.api('POST', '/user/repos', { name: 'burst' });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/secondary rate limit/);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect((await t.api('GET', '/repos/alice/burst')).status).toBe(404);
  });

  it('serves a fault only to a request whose path matches', async () => {
    t.forge.faults.next({ status: 503, path: /\/git\/refs\// });
    expect((await t.api('GET', '/user')).status).toBe(200);
    expect(t.forge.faults.pending).toBe(1);
    const main = await t.api('GET', '/repos/alice/notes/git/ref/heads/main');
    const refused = await t.api('PATCH', '/repos/alice/notes/git/refs/heads/main', {
      sha: main.body.object.sha,
    });
    expect(refused.status).toBe(503);
    expect(t.forge.faults.pending).toBe(0);
  });

  it('delays an answer by latencyMs', async () => {
    t.forge.faults.next({ latencyMs: 300 });
    const started = Date.now();
    expect((await t.api('GET', '/user')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('makes the change and then loses the reply', async () => {
    const base = '/repos/alice/notes/git';
    const head = (await t.api('GET', `${base}/ref/heads/main`)).body.object.sha;
    const tree = (await t.api('GET', `${base}/commits/${head}`)).body.tree.sha;
    const commit = await t.api('POST', `${base}/commits`, {
      message: 'Lost reply',
      tree,
      parents: [head],
    });
    t.forge.faults.next({ dropReply: true, path: /refs\/heads\/main$/ });
    await expect(
      t.api('PATCH', `${base}/refs/heads/main`, { sha: commit.body.sha }),
    ).rejects.toThrow();
    // The client never heard back, yet the ref moved: a retry must read before it writes.
    expect((await t.api('GET', `${base}/ref/heads/main`)).body.object.sha).toBe(commit.body.sha);
  });

  it('staleSha: the next ref update is not a fast forward, the next contents write stale; nothing moves', async () => {
    const base = '/repos/alice/notes';
    const head = (await t.api('GET', `${base}/git/ref/heads/main`)).body.object.sha;
    const tree = (await t.api('GET', `${base}/git/commits/${head}`)).body.tree.sha;
    const commit = await t.api('POST', `${base}/git/commits`, {
      message: 'Mine',
      tree,
      parents: [head],
    });
    t.forge.faults.next({ staleSha: true });
    // Reads pass the fault by: it waits for a write.
    expect((await t.api('GET', `${base}/git/ref/heads/main`)).status).toBe(200);
    expect(t.forge.faults.pending).toBe(1);
    const refused = await t.api('PATCH', `${base}/git/refs/heads/main`, { sha: commit.body.sha });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Update is not a fast forward');
    expect(
      schemaErrors('patch', '/repos/{owner}/{repo}/git/refs/{ref}', 422, refused.body),
    ).toEqual([]);
    expect((await t.api('GET', `${base}/git/ref/heads/main`)).body.object.sha).toBe(head);
    expect(
      (await t.api('PATCH', `${base}/git/refs/heads/main`, { sha: commit.body.sha })).status,
    ).toBe(200);

    const readme = await t.api('GET', `${base}/contents/README.md`);
    t.forge.faults.next({ staleSha: true });
    const stale = await t.api('PUT', `${base}/contents/README.md`, {
      message: 'Edit',
      content: Buffer.from('# Edited\n').toString('base64'),
      sha: readme.body.sha,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(`README.md does not match ${readme.body.sha}`);
    const after = await t.api('GET', `${base}/contents/README.md`);
    expect(after.body.sha).toBe(readme.body.sha);
  });

  it('truncateTree: the next recursive listing says truncated and gives fewer entries', async () => {
    const base = '/repos/alice/notes';
    for (const name of ['a', 'b', 'c']) {
      await t.api('PUT', `${base}/contents/${name}.md`, {
        message: name,
        content: Buffer.from(name).toString('base64'),
      });
    }
    t.forge.faults.next({ truncateTree: true });
    // A listing that is not recursive passes it by.
    expect((await t.api('GET', `${base}/git/trees/main`)).body.truncated).toBe(false);
    const half = await t.api('GET', `${base}/git/trees/main?recursive=1`);
    expect(half.body.truncated).toBe(true);
    expect(half.body.tree).toHaveLength(2);
    expect(
      schemaErrors('get', '/repos/{owner}/{repo}/git/trees/{tree_sha}', 200, half.body),
    ).toEqual([]);
    t.forge.faults.next({ truncateTree: 1 });
    const one = await t.api('GET', `${base}/git/trees/main?recursive=1`);
    expect(one.body.tree).toHaveLength(1);
    const whole = await t.api('GET', `${base}/git/trees/main?recursive=1`);
    expect(whole.body.truncated).toBe(false);
    expect(whole.body.tree).toHaveLength(4);
  });
});
