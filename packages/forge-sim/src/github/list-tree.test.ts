import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeObjectReaders, git, GitError, gitText } from '../git.js';
import type { ForgeRepo } from '../repositories.js';
import { listTree } from './git-data.js';

// listTree reads trees through the long-lived cat-file; git's own `ls-tree -l` is the judge.
describe('listTree', () => {
  let folder: string;
  let repo: ForgeRepo;
  let commit: string;
  let blob: string;

  const lsTree = async (treeish: string, recursive: boolean) => {
    const args = ['ls-tree', '-l', '-z', ...(recursive ? ['-r', '-t'] : []), treeish];
    return (await git(repo.gitDir, args))
      .toString('utf8')
      .split('\0')
      .filter((line) => line !== '')
      .map((line) => {
        const tab = line.indexOf('\t');
        const [mode, type, sha, size] = line.slice(0, tab).split(/ +/);
        const path = line.slice(tab + 1);
        return { mode, type, sha, size: size === '-' ? undefined : Number(size), path };
      });
  };

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'forge-sim-list-tree-'));
    const gitDir = join(folder, 'repo.git');
    await git(folder, ['init', '--bare', '--quiet', gitDir]);
    repo = { gitDir } as ForgeRepo;
    const hash = (text: string) =>
      gitText(gitDir, ['hash-object', '-w', '--stdin'], { input: text });
    const mktree = (lines: string[]) => gitText(gitDir, ['mktree'], { input: lines.join('\n') });
    blob = await hash('hello\n');
    const deep = await mktree([`100644 blob ${await hash('deep')}\tnote été.md`]);
    const docs = await mktree([
      `100755 blob ${await hash('#!/bin/sh\n')}\trun.sh`,
      `040000 tree ${deep}\tsub`,
      `120000 blob ${await hash('../README.md')}\tlink`,
    ]);
    const root = await mktree([
      `100644 blob ${blob}\tREADME.md`,
      `040000 tree ${docs}\tdocs`,
      `160000 commit ${'1'.repeat(40)}\tvendor`,
      `100644 blob ${await hash('')}\tempty.txt`,
    ]);
    commit = await gitText(gitDir, ['commit-tree', root, '-m', 'tree'], {
      env: {
        GIT_AUTHOR_NAME: 'A',
        GIT_AUTHOR_EMAIL: 'a@x',
        GIT_COMMITTER_NAME: 'A',
        GIT_COMMITTER_EMAIL: 'a@x',
      },
    });
    await git(gitDir, ['update-ref', 'refs/heads/main', commit]);
  });
  afterAll(async () => {
    closeObjectReaders(folder);
    await rm(folder, { recursive: true, force: true });
  });

  it('lists as git ls-tree -l does, one level or all of them', async () => {
    const tree = await gitText(repo.gitDir, ['rev-parse', `${commit}^{tree}`]);
    for (const treeish of [commit, tree, 'main', `${commit}:`, `${commit}:docs`, 'main:docs/sub']) {
      for (const recursive of [false, true]) {
        expect(await listTree(repo, treeish, recursive)).toEqual(await lsTree(treeish, recursive));
      }
    }
    expect((await listTree(repo, commit, true)).map((entry) => entry.path)).toContain(
      'docs/sub/note été.md',
    );
  });

  it('fails as ls-tree does for what is no tree', async () => {
    for (const treeish of [blob, `${commit}:README.md`, 'nothing', `${commit}:missing`]) {
      await expect(lsTree(treeish, false)).rejects.toBeInstanceOf(GitError);
      await expect(listTree(repo, treeish, false)).rejects.toBeInstanceOf(GitError);
    }
  });
});
