import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeObjectReaders, git, gitText } from '../git.js';
import { commitHistory } from '../git-objects.js';
import { countCommits, historyPage, logCommits, resolveCommit } from './git-read.js';

// A commit listing answered from the histories kept by commit and path must be exactly what
// `git rev-list --count` and `git log --skip --max-count` give: the same commits, in the same
// order, with the same fields, on histories with equal and backward dates, odd time zones,
// deletions, re-additions, mode changes, empty commits and folders; a merge is left to git.
describe('commit listings from the kept histories', { timeout: 60_000 }, () => {
  let folder: string;
  let gitDir: string;
  const linear: string[] = [];
  let merge = '';
  let afterMerge = '';
  const paths = [
    '',
    '.',
    'a.md',
    'run.sh',
    'docs',
    'docs/x.md',
    'docs/deep/y.md',
    'gone.md',
    'none.md',
    'ünï code.md',
    'a.md/not-a-folder',
  ];

  const commit = async (
    files: Record<string, [string, string]>,
    parents: string[],
    authorDate: string,
    committerDate: string,
    message: string,
  ) => {
    const index = join(folder, 'index');
    await rm(index, { force: true });
    const lines = await Promise.all(
      Object.entries(files).map(async ([path, [mode, text]]) => {
        const blob = await gitText(gitDir, ['hash-object', '-w', '--stdin'], { input: text });
        return `${mode} ${blob}\t${path}\0`;
      }),
    );
    const env = {
      GIT_INDEX_FILE: index,
      GIT_AUTHOR_NAME: 'Ann  Example',
      GIT_AUTHOR_EMAIL: 'ann@example.com',
      GIT_AUTHOR_DATE: authorDate,
      GIT_COMMITTER_NAME: 'Cy',
      GIT_COMMITTER_EMAIL: 'cy@example.com',
      GIT_COMMITTER_DATE: committerDate,
    };
    await git(gitDir, ['update-index', '-z', '--add', '--index-info'], {
      input: lines.join(''),
      env,
    });
    const tree = await gitText(gitDir, ['write-tree'], { env });
    const args = ['commit-tree', tree, ...parents.flatMap((parent) => ['-p', parent])];
    return gitText(gitDir, args, { input: message, env });
  };

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'forge-sim-history-test-'));
    gitDir = join(folder, 'repo.git');
    await git(folder, ['init', '--bare', '--quiet', '--initial-branch=main', gitDir]);
    type Files = Record<string, [string, string]>;
    const steps: [Files, string, string, string][] = [
      // A root without most of the paths.
      [
        { 'a.md': ['100644', 'a\n'] },
        '1700000000 +0000',
        '1700000000 +0000',
        'First\n\nbody\n\n\n',
      ],
      [
        {
          'a.md': ['100644', 'a\n'],
          'run.sh': ['100755', '#!/bin/sh\n'],
          'docs/x.md': ['100644', 'x\n'],
          'gone.md': ['100644', 'soon gone\n'],
        },
        '1700003600 -0800',
        '1700003600 -0800',
        'Second ünïcode',
      ],
      // The same committer date as its parent, another zone.
      [
        {
          'a.md': ['100644', 'a\n'],
          'run.sh': ['100644', '#!/bin/sh\n'],
          'docs/x.md': ['100644', 'x\n'],
          'docs/deep/y.md': ['100644', 'y\n'],
        },
        '1700003600 +1400',
        '1700003600 +0545',
        'Third: gone.md removed, run.sh not executable\n',
      ],
      // Empty: the same tree as its parent; a committer date before its parent's.
      [
        {
          'a.md': ['100644', 'a\n'],
          'run.sh': ['100644', '#!/bin/sh\n'],
          'docs/x.md': ['100644', 'x\n'],
          'docs/deep/y.md': ['100644', 'y\n'],
        },
        '1600000000 -0130',
        '1600000000 -1200',
        'Fourth: no change at all\n',
      ],
      // gone.md back with the content it had; a folder's inner file changed.
      [
        {
          'a.md': ['100644', 'a\n'],
          'run.sh': ['100644', '#!/bin/sh\n'],
          'docs/x.md': ['100644', 'x\n'],
          'docs/deep/y.md': ['100644', 'y2\n'],
          'gone.md': ['100644', 'soon gone\n'],
          'ünï code.md': ['100644', 'u\n'],
        },
        '1700007200 +0000',
        '1700007200 +0000',
        'Fifth\n\n\n',
      ],
      // docs becomes a file.
      [
        {
          'a.md': ['100644', 'a2\n'],
          'run.sh': ['100644', '#!/bin/sh\n'],
          docs: ['100644', 'now a file\n'],
          'gone.md': ['100644', 'soon gone\n'],
          'ünï code.md': ['100644', 'u\n'],
        },
        '1700007200 +0000',
        '1700007200 +0000',
        'Sixth: no newline at the end',
      ],
    ];
    for (const [files, authorDate, committerDate, message] of steps) {
      const parents = linear.length === 0 ? [] : [linear.at(-1) ?? ''];
      linear.push(await commit(files, parents, authorDate, committerDate, message));
    }
    const side = await commit(
      { 'a.md': ['100644', 'side\n'] },
      [linear[0] ?? ''],
      '1700014400 -0000',
      '1700014400 -0000',
      'Side',
    );
    merge = await commit(
      { 'a.md': ['100644', 'merged\n'], 'docs/x.md': ['100644', 'x\n'] },
      [linear.at(-1) ?? '', side],
      '1700018000 +1400',
      '1700018000 +1400',
      'Merge',
    );
    afterMerge = await commit(
      { 'a.md': ['100644', 'after\n'], 'docs/x.md': ['100644', 'x\n'] },
      [merge],
      '1700018000 +1400',
      '1700018000 +1400',
      'After the merge',
    );
  });
  afterAll(async () => {
    closeObjectReaders(gitDir);
    await rm(folder, { recursive: true, force: true });
  });

  const fromGit = async (start: string, path: string, skip: number, max: number) => {
    const pathArgs = path ? ['--', path] : [];
    return {
      total: await countCommits(gitDir, [start, ...pathArgs]),
      commits: await logCommits(gitDir, [
        `--skip=${skip}`,
        `--max-count=${max}`,
        start,
        ...pathArgs,
      ]),
    };
  };

  it('counts and lists every page as git does, without git on a history without merges', async () => {
    const pages = [
      [0, 1],
      [0, 20],
      [1, 2],
      [2, 1],
      [5, 5],
    ] as const;
    let compared = 0;
    for (const start of linear) {
      for (const path of paths) {
        // One listing of git's whole answer; its pages are slices of it (`--skip` and
        // `--max-count` are checked against git itself below).
        const all = await fromGit(start, path, 0, 100);
        // Asked twice: walked, then from what was kept.
        for (let round = 0; round < 2; round++) {
          for (const [skip, max] of pages) {
            const expected = { total: all.total, commits: all.commits.slice(skip, skip + max) };
            const own = await commitHistory(gitDir, start, path, skip, max);
            expect(own, `${start} ${path}`).toEqual({
              total: expected.total,
              shas: expected.commits.map((commit) => commit.id),
            });
            expect(await historyPage(gitDir, { start, path, skip, max })).toEqual(expected);
            expect(
              await historyPage(gitDir, { start, path, skip, max, firstParent: true }),
            ).toEqual(expected);
            compared++;
          }
        }
      }
    }
    expect(compared).toBe(linear.length * paths.length * 2 * pages.length);
    const tip = linear.at(-1) ?? '';
    for (const [path, skip, max] of [
      ['', 1, 2],
      ['a.md', 1, 1],
      ['.', 3, 2],
    ] as const) {
      expect(await historyPage(gitDir, { start: tip, path, skip, max })).toEqual(
        await fromGit(tip, path, skip, max),
      );
    }
  });

  it('leaves a merge, dates, every ref and patterns to git, with the same answers', async () => {
    const filters = (options: { since?: string; until?: string; firstParent?: boolean }) => [
      ...(options.since !== undefined ? [`--since=${options.since}`] : []),
      ...(options.until !== undefined ? [`--until=${options.until}`] : []),
      ...(options.firstParent ? ['--first-parent'] : []),
    ];
    const cases: {
      start: string | undefined;
      path: string;
      since?: string;
      until?: string;
      firstParent?: boolean;
    }[] = [
      { start: merge, path: '' },
      { start: merge, path: 'a.md' },
      { start: merge, path: 'docs' },
      { start: afterMerge, path: '' },
      { start: afterMerge, path: 'a.md', firstParent: true },
      { start: afterMerge, path: 'gone.md' },
      { start: linear.at(-1), path: '', since: '2023-11-14T23:00:00Z' },
      { start: linear.at(-1), path: 'a.md', until: '2023-11-14T23:00:00Z' },
      { start: undefined, path: '' },
      { start: linear.at(-1), path: '*.md' },
    ];
    for (const options of cases) {
      const { start, path } = options;
      if (start !== undefined && !options.since && !options.until) {
        expect(await commitHistory(gitDir, start, path, 0, 100)).toBeUndefined();
      }
      const revs = [...filters(options), start ?? '--all', ...(path ? ['--', path] : [])];
      for (const [skip, max] of [
        [0, 1],
        [1, 3],
        [0, 100],
      ] as const) {
        const expected = {
          total: await countCommits(gitDir, revs),
          commits: await logCommits(gitDir, [`--skip=${skip}`, `--max-count=${max}`, ...revs]),
        };
        expect(await historyPage(gitDir, { ...options, skip, max })).toEqual(expected);
      }
    }
  });

  it('follows a branch moved by git itself: answers are kept by commit, never by ref', async () => {
    await git(gitDir, ['update-ref', 'refs/heads/main', linear[2] ?? '']);
    const at = async () => {
      const tip = await resolveCommit(gitDir, 'main');
      return historyPage(gitDir, { start: tip, path: 'a.md', skip: 0, max: 20 });
    };
    expect((await at()).total).toBe(1);
    await git(gitDir, ['update-ref', 'refs/heads/main', linear.at(-1) ?? '']);
    const moved = await at();
    expect(moved.total).toBe(2);
    expect(moved.commits.map((commit) => commit.id)).toEqual([linear.at(-1), linear[0]]);
  });
});
