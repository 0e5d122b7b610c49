import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeObjectReaders, git, gitText } from './git.js';
import { isAncestor, itemAt, lastChange, listTreeItems, LruCache, treeOf } from './git-objects.js';
import { entryAt, lastCommitOf as giteaLastCommitOf } from './gitea/git-read.js';
import { blobAt, lastCommitOf, listTree, readCommit } from './gitlab/git-read.js';
import type { ForgeRepo } from './repositories.js';

// The commits, trees and path histories read through `cat-file` and kept by sha must answer
// exactly as the git commands they replace (`show -s --format`, `ls-tree`, `rev-list -1 --`),
// on a history with odd time zones, modes, folders, deletions and a merge.
describe('git objects read through cat-file', { timeout: 30_000 }, () => {
  let folder: string;
  let gitDir: string;
  const commits: string[] = [];
  const paths = ['a.md', 'run.sh', 'docs', 'docs/x.md', 'docs/deep/y.md', 'gone.md', 'none.md'];

  const commit = async (
    files: Record<string, [string, string]>,
    parents: string[],
    date: string,
    message: string,
  ) => {
    const index = join(folder, 'index');
    await rm(index, { force: true });
    const lines = await Promise.all(
      Object.entries(files).map(async ([path, [mode, text]]) => {
        const blob = await gitText(gitDir, ['hash-object', '-w', '--stdin'], { input: text });
        return `${mode} ${blob}\t${path}\n`;
      }),
    );
    const env = {
      GIT_INDEX_FILE: index,
      GIT_AUTHOR_NAME: 'Ann  Example',
      GIT_AUTHOR_EMAIL: 'ann@example.com',
      GIT_AUTHOR_DATE: date,
      GIT_COMMITTER_NAME: 'Cy',
      GIT_COMMITTER_EMAIL: 'cy@example.com',
      GIT_COMMITTER_DATE: date.replace(/^(\d+)/, (seconds) => String(Number(seconds) + 61)),
    };
    await git(gitDir, ['update-index', '--add', '--index-info'], { input: lines.join(''), env });
    const tree = await gitText(gitDir, ['write-tree'], { env });
    const args = ['commit-tree', tree, ...parents.flatMap((parent) => ['-p', parent])];
    const sha = await gitText(gitDir, args, { input: message, env });
    commits.push(sha);
    return sha;
  };

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'forge-sim-objects-test-'));
    gitDir = join(folder, 'repo.git');
    await git(folder, ['init', '--bare', '--quiet', '--initial-branch=main', gitDir]);
    const base = {
      'a.md': ['100644', 'a\n'],
      'run.sh': ['100755', '#!/bin/sh\n'],
      'docs/x.md': ['100644', 'x\n'],
      'gone.md': ['100644', 'soon gone\n'],
    } as Record<string, [string, string]>;
    const c1 = await commit(base, [], '1700000000 +0000', 'First\n\nwith a body\n\n\n');
    const c2 = await commit(
      { ...base, 'docs/deep/y.md': ['100644', 'y\n'] },
      [c1],
      '1700003600 -0800',
      'Second ünïcode',
    );
    const { 'gone.md': _gone, ...rest } = base;
    const c3 = await commit(
      { ...rest, 'docs/deep/y.md': ['100644', 'y\n'], 'run.sh': ['100644', '#!/bin/sh\n'] },
      [c2],
      '1700007200 +0530',
      'Third: gone.md removed, run.sh not executable',
    );
    const c4 = await commit(
      { ...rest, 'docs/deep/y.md': ['100644', 'y\n'], 'run.sh': ['100644', '#!/bin/sh\n'] },
      [c3],
      '1700010800 -0130',
      'Fourth: no change at all',
    );
    const side = await commit(
      { ...rest, 'a.md': ['100644', 'side\n'] },
      [c1],
      '1700014400 -0000',
      'Side',
    );
    await commit(
      { ...rest, 'a.md': ['100644', 'merged\n'], 'docs/deep/y.md': ['100644', 'y\n'] },
      [c4, side],
      '1700018000 +1400',
      'Merge',
    );
  });
  afterAll(async () => {
    closeObjectReaders(gitDir);
    await rm(folder, { recursive: true, force: true });
  });

  it('describes each commit as git show -s --format does', async () => {
    const format = ['%H', '%P', '%an', '%ae', '%aI', '%cn', '%ce', '%cI', '%B'].join('%x00');
    for (const sha of commits) {
      const shown = await gitText(gitDir, ['show', '-s', `--format=${format}`, sha]);
      const [id, parents, an, ae, ad, cn, ce, cd, message] = shown.split('\0');
      // git from 2.45 writes UTC as Z where 2.39 wrote +00:00; the forge keeps +00:00.
      const utc = (date = '') => date.replace(/Z$/, '+00:00');
      expect(await readCommit(gitDir, sha)).toEqual({
        id,
        parentIds: parents === '' ? [] : parents?.split(' '),
        authorName: an,
        authorEmail: ae,
        authoredDate: utc(ad),
        committerName: cn,
        committerEmail: ce,
        committedDate: utc(cd),
        message,
      });
    }
    expect(await readCommit(gitDir, 'main')).toBeUndefined();
  });

  it('lists trees and finds entries as git ls-tree does', async () => {
    for (const sha of commits) {
      const tree = await treeOf(gitDir, sha);
      for (const recursive of [false, true]) {
        const args = ['ls-tree', '-z', ...(recursive ? ['-r', '-t'] : []), `${sha}^{tree}`];
        const lines = (await gitText(gitDir, args)).split('\0').filter(Boolean);
        const listed = (await listTreeItems(gitDir, tree ?? '', recursive)) ?? [];
        expect(listed.map((item) => `${item.mode} ${item.type} ${item.sha}\t${item.path}`)).toEqual(
          lines,
        );
        expect(await listTree(gitDir, sha, 'docs', recursive)).toEqual(
          (await gitText(gitDir, ['ls-tree', '-z', ...args.slice(2, -1), `${sha}:docs`]))
            .split('\0')
            .filter(Boolean)
            .map((line) => {
              const [mode, type, id] = line.slice(0, line.indexOf('\t')).split(' ');
              return { mode, type, id, path: `docs/${line.slice(line.indexOf('\t') + 1)}` };
            }),
        );
      }
      for (const path of [...paths, 'docs/', 'docs//x.md', './a.md', 'a.md/b']) {
        const line = await gitText(gitDir, ['ls-tree', '-l', '-z', sha, '--', path]);
        const exact = line
          .split('\0')
          .find((candidate) => candidate.endsWith(`\t${path}`) && !path.endsWith('/'));
        const item = await itemAt(gitDir, tree ?? '', path);
        const [mode, type, id, size] = exact?.slice(0, exact.indexOf('\t')).split(/ +/) ?? [];
        expect(item && { mode: item.mode, type: item.type, sha: item.sha }).toEqual(
          exact && { mode, type, sha: id },
        );
        const repo = { gitDir } as ForgeRepo;
        expect(await entryAt(repo, sha, path)).toEqual(
          exact && { mode, type, sha: id, size: size === '-' ? 0 : Number(size), path },
        );
        const blob = await blobAt(gitDir, sha, path);
        expect(blob && { mode: blob.mode, id: blob.id }).toEqual(
          type === 'blob' ? { mode, id } : undefined,
        );
      }
    }
  });

  it('tells a fast forward as git merge-base --is-ancestor does, across the merge', async () => {
    const never = () => Promise.reject(new Error('git was asked'));
    for (const ancestor of commits) {
      for (const descendant of commits) {
        const expected = await git(gitDir, ['merge-base', '--is-ancestor', ancestor, descendant])
          .then(() => true)
          .catch(() => false);
        expect(await isAncestor(gitDir, ancestor, descendant, never)).toBe(expected);
      }
    }
    // A short sha is asked of git.
    expect(
      await isAncestor(gitDir, (commits[0] ?? '').slice(0, 7), commits[1] ?? '', async () => true),
    ).toBe(true);
  });

  it('finds the last commit that changed a path as git rev-list -1 does, asking git at a merge', async () => {
    for (const sha of commits) {
      for (const path of [...paths, '.']) {
        const expected = await gitText(gitDir, ['rev-list', '-1', sha, '--', path]);
        let asked = 0;
        const ask = () => {
          asked++;
          return gitText(gitDir, ['rev-list', '-1', sha, '--', path]);
        };
        expect(await lastChange(gitDir, sha, path, ask)).toBe(expected);
        // The second time, from what was kept: git is not asked again.
        const before = asked;
        expect(await lastChange(gitDir, sha, path, ask)).toBe(expected);
        expect(asked).toBe(before);
        if (path !== '.') expect(await lastCommitOf(gitDir, sha, path)).toBe(expected);
        expect(
          await giteaLastCommitOf({ gitDir } as ForgeRepo, sha, path === '.' ? '' : path),
        ).toBe(expected);
      }
    }
    // A merge is asked of git; a pattern too.
    const merge = commits.at(-1) ?? '';
    let asked = 0;
    await lastChange(gitDir, merge, 'not/asked/before.md', async () => {
      asked++;
      return '';
    });
    await lastChange(gitDir, commits[0] ?? '', '*.md', async () => {
      asked++;
      return '';
    });
    expect(asked).toBe(2);
  });
});

describe('LruCache', () => {
  it('keeps the most recently used keys up to its limit', () => {
    const cache = new LruCache<number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    cache.deleteStartingWith('a');
    expect(cache.size).toBe(1);
  });
});
