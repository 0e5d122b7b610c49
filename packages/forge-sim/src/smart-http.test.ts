import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestForge, type TestForge } from './testing/harness.js';

const run = promisify(execFile);
let t: TestForge;
let work: string;
beforeAll(async () => {
  t = await startTestForge();
  work = await mkdtemp(join(tmpdir(), 'forge-sim-clone-'));
});
afterAll(async () => {
  await t.forge.close();
  await rm(work, { recursive: true, force: true });
});

/** Runs the real `git`, never asking for a password. */
const git = (args: string[], cwd = work) =>
  run('git', args, { cwd, env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_ASKPASS: '' } });

/** Writes `path` with `text` on main through the REST API, as the app does: one commit. */
async function writeThroughApi(repo: string, path: string, text: string) {
  const base = `/repos/alice/${repo}/git`;
  const head = (await t.api('GET', `${base}/ref/heads/main`)).body.object.sha;
  const tree = (await t.api('GET', `${base}/commits/${head}`)).body.tree.sha;
  const blob = (await t.api('POST', `${base}/blobs`, { content: text })).body.sha;
  const newTree = await t.api('POST', `${base}/trees`, {
    base_tree: tree,
    tree: [{ path, mode: '100644', type: 'blob', sha: blob }],
  });
  const commit = await t.api('POST', `${base}/commits`, {
    message: `Write ${path}`,
    tree: newTree.body.sha,
    parents: [head],
  });
  const moved = await t.api('PATCH', `${base}/refs/heads/main`, { sha: commit.body.sha });
  expect(moved.status).toBe(200);
  return commit.body.sha as string;
}

describe('git smart HTTP', () => {
  it('lets the real git clone a public repository and read what the API wrote', async () => {
    await t.api('POST', '/user/repos', { name: 'book', auto_init: true });
    const text = '# Chapter one\n\nIt was a bright cold day in April.\n';
    const commit = await writeThroughApi('book', 'chapters/one.md', text);

    await git(['clone', '--quiet', `${t.forge.url}/alice/book.git`, 'book']);
    expect(await readFile(join(work, 'book', 'chapters', 'one.md'), 'utf8')).toBe(text);
    const { stdout: head } = await git(['rev-parse', 'HEAD'], join(work, 'book'));
    expect(head.trim()).toBe(commit);
    const { stdout: log } = await git(['log', '--format=%s', '-n', '1'], join(work, 'book'));
    expect(log.trim()).toBe('Write chapters/one.md');

    // A later commit arrives with a fetch.
    await writeThroughApi('book', 'chapters/two.md', 'Two\n');
    await git(['pull', '--quiet', '--ff-only'], join(work, 'book'));
    expect(await readFile(join(work, 'book', 'chapters', 'two.md'), 'utf8')).toBe('Two\n');
  });

  it('clones a private repository only with the owner token as the password', async () => {
    await t.api('POST', '/user/repos', { name: 'diary', private: true, auto_init: true });
    await writeThroughApi('diary', 'today.md', 'Dear diary\n');
    await expect(
      git(['clone', '--quiet', `${t.forge.url}/alice/diary.git`, 'anon']),
    ).rejects.toThrow();

    const signed = new URL(`${t.forge.url}/alice/diary.git`);
    signed.username = 'x-access-token';
    signed.password = t.token;
    await git(['clone', '--quiet', signed.href, 'diary']);
    expect(await readFile(join(work, 'diary', 'today.md'), 'utf8')).toBe('Dear diary\n');
  });

  it('fails a clone on a server-error fault, and clones again after it', async () => {
    t.forge.faults.next({ status: 503, path: /\/alice\/book\.git\/info\/refs/ });
    await expect(
      git(['clone', '--quiet', `${t.forge.url}/alice/book.git`, 'book-503']),
    ).rejects.toThrow(/503/);
    await git(['clone', '--quiet', `${t.forge.url}/alice/book.git`, 'book-again']);
    expect(await readFile(join(work, 'book-again', 'chapters', 'two.md'), 'utf8')).toBe('Two\n');
  });

  it('refuses a push and a repository that does not exist', async () => {
    await expect(
      git(['clone', '--quiet', `${t.forge.url}/alice/none.git`, 'none']),
    ).rejects.toThrow();
    const refs = await fetch(`${t.forge.url}/alice/book.git/info/refs?service=git-receive-pack`);
    expect(refs.status).toBe(403);
  });
});
