import { execFileSync } from 'node:child_process';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  blobBytesOf,
  closeObjectReaders,
  git,
  GitError,
  gitExecutable,
  gitText,
  hasRefs,
  objectInfo,
  readObject,
  refTargets,
} from './git.js';
import { lastActivity } from './gitlab/projects.js';

// The long-lived `cat-file --batch-command` reader must answer as one `git` run per read would:
// objects and refs written by other processes after it started, names it does not know, and a
// name git dies on.
describe('readObject and objectInfo', () => {
  let folder: string;
  let gitDir: string;
  const env = {
    GIT_AUTHOR_NAME: 'A',
    GIT_AUTHOR_EMAIL: 'a@example.com',
    GIT_COMMITTER_NAME: 'A',
    GIT_COMMITTER_EMAIL: 'a@example.com',
  };
  const commit = async (text: string, parent?: string) => {
    const blob = await gitText(gitDir, ['hash-object', '-w', '--stdin'], { input: text });
    const tree = await gitText(gitDir, ['mktree'], { input: `100644 blob ${blob}\tREADME.md\n` });
    const args = ['commit-tree', tree, ...(parent ? ['-p', parent] : []), '-m', text];
    return { blob, commit: await gitText(gitDir, args, { env }) };
  };

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'forge-sim-git-test-'));
    gitDir = join(folder, 'repo.git');
    await git(folder, ['init', '--bare', '--quiet', '--initial-branch=main', gitDir]);
  });
  afterAll(async () => {
    closeObjectReaders(folder);
    await rm(folder, { recursive: true, force: true });
  });

  it('sees objects and branch moves written by other processes after it started', async () => {
    expect(await objectInfo(gitDir, 'main^{commit}')).toBeUndefined();
    const first = await commit('one\n');
    await git(gitDir, ['update-ref', 'refs/heads/main', first.commit]);
    expect((await objectInfo(gitDir, 'main^{commit}'))?.sha).toBe(first.commit);
    const second = await commit('two\n', first.commit);
    await git(gitDir, ['update-ref', 'refs/heads/main', second.commit, first.commit]);
    expect((await objectInfo(gitDir, 'refs/heads/main^{commit}'))?.sha).toBe(second.commit);
    const file = await readObject(gitDir, 'main:README.md');
    expect(file).toMatchObject({ sha: second.blob, type: 'blob', size: 4 });
    expect(file?.bytes.toString('utf8')).toBe('two\n');
    // Packed refs too (git rereads the file when it changed).
    await git(gitDir, ['pack-refs', '--all']);
    expect((await objectInfo(gitDir, 'main^{commit}'))?.sha).toBe(second.commit);
    await git(gitDir, ['update-ref', 'refs/heads/main', first.commit, second.commit]);
    expect((await objectInfo(gitDir, 'main^{commit}'))?.sha).toBe(first.commit);
    // Objects repacked by another process are still found.
    await git(gitDir, ['repack', '-a', '-d', '-q']);
    expect((await blobBytesOf(gitDir, second.blob)).toString('utf8')).toBe('two\n');
  });

  it('answers reads sent at once in order, the bytes whole whatever their size', async () => {
    const big = Buffer.alloc(300_000, 'x');
    const small = await commit('small\n');
    const bigSha = await gitText(gitDir, ['hash-object', '-w', '--stdin'], { input: big });
    const reads = await Promise.all([
      readObject(gitDir, bigSha),
      objectInfo(gitDir, small.blob),
      readObject(gitDir, small.blob),
      readObject(gitDir, '0'.repeat(40)),
      readObject(gitDir, bigSha),
    ]);
    expect(reads[0]?.bytes.equals(big)).toBe(true);
    expect(reads[1]).toMatchObject({ type: 'blob', size: 6 });
    expect(reads[2]?.bytes.toString('utf8')).toBe('small\n');
    expect(reads[3]).toBeUndefined();
    expect(reads[4]?.size).toBe(300_000);
  });

  it('gives undefined for no such object, and a GitError for a blob that is not one', async () => {
    expect(await readObject(gitDir, 'main:nothing.md')).toBeUndefined();
    expect(await objectInfo(gitDir, 'no-such-branch')).toBeUndefined();
    expect(await objectInfo(gitDir, 'two\nlines')).toBeUndefined();
    await expect(blobBytesOf(gitDir, 'main')).rejects.toBeInstanceOf(GitError);
  });

  it('starts a new reader after git died on a name, and after the readers were closed', async () => {
    const { commit: sha } = await commit('again\n');
    // `@{upstream}` of a branch without one makes git die; the reads behind it are answered.
    const [died, after] = await Promise.allSettled([
      objectInfo(gitDir, 'main@{upstream}'),
      objectInfo(gitDir, sha),
    ]);
    expect(died.status === 'rejected' && died.reason instanceof GitError).toBe(true);
    expect(after.status === 'fulfilled' && after.value?.type).toBe('commit');
    closeObjectReaders(folder);
    expect((await objectInfo(gitDir, sha))?.sha).toBe(sha);
  });

  it('tells whether a repository has refs (and branches) as git for-each-ref does', async () => {
    const other = join(folder, 'other.git');
    await git(folder, ['init', '--bare', '--quiet', '--initial-branch=main', other]);
    const listed = async (prefix: string) =>
      (await gitText(other, ['for-each-ref', '--count=1', prefix])) !== '';
    const both = async () => [
      await hasRefs(other),
      await listed('refs/'),
      await hasRefs(other, 'refs/heads/'),
      await listed('refs/heads/'),
    ];
    expect(await both()).toEqual([false, false, false, false]);
    const tree = await gitText(other, ['mktree'], { input: '' });
    const sha = await gitText(other, ['commit-tree', tree, '-m', 'first'], { env });
    await git(other, ['update-ref', 'refs/template/main', sha]);
    expect(await both()).toEqual([true, true, false, false]);
    await git(other, ['update-ref', 'refs/heads/topic/one', sha]);
    expect(await both()).toEqual([true, true, true, true]);
    await git(other, ['pack-refs', '--all']);
    expect(await both()).toEqual([true, true, true, true]);
    await git(other, ['update-ref', '-d', 'refs/heads/topic/one']);
    expect(await both()).toEqual([true, true, false, false]);
    await git(other, ['update-ref', '-d', 'refs/template/main']);
    expect(await both()).toEqual([false, false, false, false]);
  });
});

// GitLab's last activity is the newest commit of any ref: read from the one commit all refs
// point at (refs read from their files each time, whoever moved them), else asked of git.
it('reads the refs as git log --all starts from them, and the last activity as it prints', async () => {
  const folder = await mkdtemp(join(tmpdir(), 'forge-sim-refs-test-'));
  const gitDir = join(folder, 'repo.git');
  const env = (seconds: number, zone: string) => ({
    GIT_AUTHOR_NAME: 'A',
    GIT_AUTHOR_EMAIL: 'a@example.com',
    GIT_COMMITTER_NAME: 'A',
    GIT_COMMITTER_EMAIL: 'a@example.com',
    GIT_COMMITTER_DATE: `${seconds} ${zone}`,
  });
  try {
    await git(folder, ['init', '--bare', '--quiet', '--initial-branch=main', gitDir]);
    const tree = await gitText(gitDir, ['mktree'], { input: '' });
    const first = await gitText(gitDir, ['commit-tree', tree, '-m', 'first'], {
      env: env(1700000000, '+0200'),
    });
    const second = await gitText(gitDir, ['commit-tree', tree, '-p', first, '-m', 'second'], {
      env: env(1700090000, '-0700'),
    });
    const expectLikeGit = async () => {
      const listed = await gitText(gitDir, ['rev-parse', '--all']);
      const head = await gitText(gitDir, ['rev-parse', '--verify', '--quiet', 'HEAD']).catch(
        () => '',
      );
      expect([...((await refTargets(gitDir)) ?? [])].sort()).toEqual(
        [...new Set([...listed.split('\n'), head].filter(Boolean))].sort(),
      );
      const logged = await gitText(gitDir, ['log', '-1', '--all', '--format=%cI']);
      expect(await lastActivity(gitDir)).toBe(logged.replace(/Z$/, '+00:00'));
    };
    await git(gitDir, ['update-ref', 'refs/heads/main', first]);
    await expectLikeGit();
    await git(gitDir, ['update-ref', 'refs/heads/topic', first]);
    await git(gitDir, ['pack-refs', '--all']);
    await expectLikeGit();
    // A move by another process (as a push) is seen at once.
    await git(gitDir, ['update-ref', 'refs/heads/main', second]);
    await expectLikeGit();
    await git(gitDir, ['update-ref', 'refs/heads/topic', second]);
    await expectLikeGit();
    await git(gitDir, ['update-ref', '--no-deref', 'HEAD', first]);
    await expectLikeGit();
  } finally {
    closeObjectReaders(gitDir);
    await rm(folder, { recursive: true, force: true });
  }
});

// The forge spawns git thousands of times: from the absolute path found once, the program the
// shell's PATH lookup of `git` finds (so each spawn does not walk PATH again).
describe('gitExecutable', () => {
  it('is the absolute path of the git that PATH finds', async () => {
    const found = gitExecutable();
    expect(isAbsolute(found)).toBe(true);
    const shell = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
    expect(await realpath(found)).toBe(await realpath(shell));
    expect(execFileSync(found, ['--version'], { encoding: 'utf8' })).toMatch(/^git version /);
  });
});
