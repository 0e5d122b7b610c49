import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeObjectReaders, git, GitError, gitText } from './git.js';
import { forgetObjects } from './git-objects.js';
import {
  commitBody,
  forgetLayouts,
  inProcessWrites,
  signatureEnv,
  storeBlobs,
  writeCommit,
  type CommitSpec,
} from './object-store.js';
import { deleteRef, updateRef } from './ref-files.js';
import {
  buildTree,
  buildTreeInProcess,
  buildTreeWithGit,
  type TreeChange,
} from './tree-builder.js';

// The forge writes objects and moves refs itself; git is the judge: the ids are those git gives
// the same writes, `git fsck --strict` finds nothing wrong and a real clone reads it all.

let folder: string;
let gitDir: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'forge-sim-object-store-'));
  gitDir = join(folder, 'repo.git');
  await git(folder, ['init', '--bare', '--quiet', '--initial-branch=main', gitDir]);
});
afterAll(async () => {
  closeObjectReaders(folder);
  forgetObjects(folder);
  forgetLayouts(folder);
  await rm(folder, { recursive: true, force: true });
});

// The old way: a temporary index filled by `update-index --index-info`, then `write-tree`.
const treeByGit = (base: string | undefined, changes: readonly TreeChange[]) =>
  buildTreeWithGit(gitDir, base, changes);

const commitByGit = (spec: CommitSpec) =>
  gitText(gitDir, ['commit-tree', spec.tree, ...spec.parents.flatMap((p) => ['-p', p])], {
    input: spec.message,
    env: signatureEnv(spec.author, spec.committer),
  });

describe('objects written in-process', () => {
  it('is used for a repository the forge made (SHA-1, refs in files, no reflogs)', async () => {
    expect(await inProcessWrites(gitDir)).toBe(true);
    const sha256 = join(folder, 'sha256.git');
    await git(folder, ['init', '--bare', '--quiet', '--object-format=sha256', sha256]);
    expect(await inProcessWrites(sha256)).toBe(false);
    const logged = join(folder, 'logged.git');
    await git(folder, ['init', '--bare', '--quiet', logged]);
    await git(logged, ['config', 'core.logAllRefUpdates', 'true']);
    expect(await inProcessWrites(logged)).toBe(false);
  });

  it('stores blobs under the ids git hash-object gives them', async () => {
    const contents = ['', 'hello\n', 'é ünïcode\r\n', Buffer.from([0, 1, 2, 255, 10])];
    const ids = await storeBlobs(gitDir, contents);
    for (const [index, content] of contents.entries()) {
      const byGit = await gitText(gitDir, ['hash-object', '--no-filters', '--stdin'], {
        input: content,
      });
      expect(ids[index]).toBe(byGit);
      const stored = await git(gitDir, ['cat-file', 'blob', byGit]);
      expect(stored.equals(Buffer.from(content))).toBe(true);
    }
    // Written again: the object is there already, and still whole.
    expect(await storeBlobs(gitDir, ['hello\n'])).toEqual([ids[1]]);
  });

  it('builds the trees git builds from the same index changes, in git order', async () => {
    const [a, b, c, d] = await storeBlobs(gitDir, ['a\n', 'b\n', 'c\n', 'd\n']);
    const file = (sha = a ?? '', mode = '100644') => ({ mode, sha });
    const first: TreeChange[] = [
      // Names that sort differently as folders and as files: 'a' (a folder), 'a.b', 'a-b', 'a0'.
      ['a/inner.md', file(a)],
      ['a.b', file(b)],
      ['a-b', file(c)],
      ['a0', file(d)],
      ['docs/deep/er/note.md', file(b)],
      ['docs/run.sh', file(c, '100755')],
      ['docs/link', file(a, '120000')],
      ['vendor/lib', file('1'.repeat(40), '160000')],
      ['ünï/çødé.md', file(d)],
      ['.inkstone/settings.json', file(a)],
      ['top.md', file(a)],
    ];
    const root = await buildTreeInProcess(gitDir, undefined, first);
    expect(root).toBe(await treeByGit(undefined, first));
    const base = await gitText(gitDir, ['commit-tree', root ?? '', '-m', 'base'], {
      env: signatureEnv({ name: 'A', email: 'a@example.com' }),
    });
    const next: TreeChange[] = [
      ['docs/deep/er/note.md', null], // the folders it leaves empty go
      ['a/inner.md', file(c)],
      ['top.md', null],
      ['missing/path.md', null],
      ['a0', null],
      ['a0/now-a-folder.md', file(a)], // a file removed first, then a folder in its place
      ['new/one.md', file(b)],
      ['docs/run.sh', file(c, '100644')],
    ];
    const rootCommit = await buildTreeInProcess(gitDir, await treeOfCommit(base), next);
    expect(rootCommit).toBe(await treeByGit(base, next));
    // Everything removed: the empty tree.
    const all = (await gitText(gitDir, ['ls-tree', '-r', '-z', '--name-only', root ?? '']))
      .split('\0')
      .filter((path) => path !== '')
      .map((path): TreeChange => [path, null]);
    expect(await buildTreeInProcess(gitDir, root, all)).toBe(await treeByGit(root, all));
  });

  it("leaves to git what it does not take as given, with git's result", async () => {
    const [a] = await storeBlobs(gitDir, ['a\n']);
    const root = await buildTree(gitDir, undefined, [['a', { mode: '100644', sha: a ?? '' }]]);
    const under: TreeChange[] = [['a/b', { mode: '100644', sha: a ?? '' }]];
    expect(await buildTreeInProcess(gitDir, root, under)).toBeUndefined();
    expect(await buildTree(gitDir, root, under)).toBe(await treeByGit(root, under));
    // A blob that is no object id: git refuses it, and so does the forge (through git).
    const broken: TreeChange[] = [['b', { mode: '100644', sha: 'f'.repeat(39) }]];
    await expect(buildTree(gitDir, root, broken)).rejects.toBeInstanceOf(GitError);
    // A .git part is not taken as given: git decides (it ignores the path).
    const dotGit: TreeChange[] = [['x/.git/config', { mode: '100644', sha: a ?? '' }]];
    expect(await buildTreeInProcess(gitDir, root, dotGit)).toBeUndefined();
    expect(await buildTree(gitDir, root, dotGit)).toBe(await treeByGit(root, dotGit));
  });

  it('writes the commits git commit-tree writes, dates and zones as git reads them', async () => {
    const [blob] = await storeBlobs(gitDir, ['x\n']);
    const tree = await buildTree(gitDir, undefined, [
      ['x.md', { mode: '100644', sha: blob ?? '' }],
    ]);
    const parent = await commitByGit({
      tree,
      parents: [],
      author: { name: 'P', email: 'p@example.com', date: '2020-01-01T00:00:00Z' },
      message: 'parent\n',
    });
    const dates = [
      '2024-01-02T03:04:05Z',
      '2024-01-02T03:04:05.123Z',
      '2024-02-29T23:59:59.999+01:00',
      '2024-12-31T23:30:00-0130',
      '2030-06-01T12:00:00+05:45',
      '1970-01-01T00:00:00Z',
      '2024-01-02T03:04:05-00:00',
      '@1700000000 +0100',
    ];
    // And a spread of the dates a client's `toISOString()` sends.
    for (let index = 0; index < 24; index++) {
      dates.push(new Date(Date.UTC(1990, 0, 1) + index * 123_456_789_123).toISOString());
    }
    for (const date of dates) {
      const spec: CommitSpec = {
        tree,
        parents: [parent],
        author: { name: 'Ann Author', email: 'ann@example.com', date },
        committer: { name: 'Côme Committer', email: 'come@example.org', date },
        message: `Edit with ünïcode ${date}\n\nBody\n`,
      };
      expect(await writeCommit(gitDir, spec), date).toBe(await commitByGit(spec));
    }
    // A message without an end of line, a merge, no date (now, in this zone).
    const merge: CommitSpec = {
      tree,
      parents: [
        parent,
        await commitByGit({
          ...{ tree, parents: [] },
          author: { name: 'B', email: 'b@x' },
          message: 'b',
        }),
      ],
      author: { name: 'M', email: 'm@example.com' },
      message: 'no newline',
    };
    const before = Math.floor(Date.now() / 1000);
    const byGit = await commitByGit(merge);
    const after = Math.floor(Date.now() / 1000);
    const mine = [before, after].map((now) => commitBody(merge, now));
    const ids = await Promise.all(
      mine.map(async (body) =>
        body ? gitText(gitDir, ['hash-object', '-t', 'commit', '--stdin'], { input: body }) : '',
      ),
    );
    expect(ids).toContain(byGit);
    // What git trims or rewrites is git's to write.
    for (const author of [
      { name: ' Padded', email: 'p@example.com' },
      { name: 'N', email: '<angle>@example.com' },
      { name: '', email: 'e@example.com' },
    ]) {
      expect(commitBody({ tree, parents: [], author, message: 'm\n' })).toBeUndefined();
    }
    expect(
      commitBody({
        tree,
        parents: [],
        author: { name: 'A', email: 'a@x', date: 'yesterday' },
        message: 'm',
      }),
    ).toBeUndefined();
    expect(
      commitBody({
        tree,
        parents: [parent, parent],
        author: { name: 'A', email: 'a@x' },
        message: 'm',
      }),
    ).toBeUndefined();
  });
});

async function treeOfCommit(commit: string) {
  return gitText(gitDir, ['rev-parse', `${commit}^{tree}`]);
}

describe('refs moved in-process', () => {
  let first: string;
  let second: string;
  const author = { name: 'R', email: 'r@example.com' };

  beforeAll(async () => {
    const [blob] = await storeBlobs(gitDir, ['r\n']);
    const tree = await buildTree(gitDir, undefined, [
      ['r.md', { mode: '100644', sha: blob ?? '' }],
    ]);
    first = await writeCommit(gitDir, { tree, parents: [], author, message: 'first\n' });
    second = await writeCommit(gitDir, { tree, parents: [first], author, message: 'second\n' });
  });

  it('creates, moves and deletes refs as git update-ref does, refusing a stale old value', async () => {
    const ref = 'refs/heads/feature/one';
    await updateRef(gitDir, ref, first, { expected: '0'.repeat(40) });
    expect(await gitText(gitDir, ['rev-parse', ref])).toBe(first);
    // It exists now: creating it again is refused, as is a move from a value it no longer has.
    await expect(
      updateRef(gitDir, ref, second, { expected: '0'.repeat(40) }),
    ).rejects.toBeInstanceOf(GitError);
    await updateRef(gitDir, ref, second, { expected: first });
    await expect(updateRef(gitDir, ref, first, { expected: first })).rejects.toBeInstanceOf(
      GitError,
    );
    expect(await gitText(gitDir, ['rev-parse', ref])).toBe(second);
    // A held lock (a push under way) is git's to wait for; git gives up as it does.
    await writeFile(join(gitDir, `${ref}.lock`), '');
    await expect(updateRef(gitDir, ref, first, { expected: second })).rejects.toBeInstanceOf(
      GitError,
    );
    await rm(join(gitDir, `${ref}.lock`));
    await expect(deleteRef(gitDir, ref, first)).rejects.toBeInstanceOf(GitError);
    await deleteRef(gitDir, ref, second);
    await expect(gitText(gitDir, ['rev-parse', '--verify', '--quiet', ref])).rejects.toBeInstanceOf(
      GitError,
    );
    // Its emptied folder went with it: a branch of the folder's name can be made.
    await updateRef(gitDir, 'refs/heads/feature', first, { expected: '0'.repeat(40) });
    await deleteRef(gitDir, 'refs/heads/feature', first);
  });

  it('reads and deletes packed refs, keeping the others', async () => {
    await updateRef(gitDir, 'refs/heads/main', second);
    await updateRef(gitDir, 'refs/heads/packed', first);
    await updateRef(gitDir, 'refs/tags/v1', first);
    await git(gitDir, ['pack-refs', '--all']);
    // Moved from its packed value: a loose file over the packed line, as git writes.
    await expect(
      updateRef(gitDir, 'refs/heads/packed', second, { expected: second }),
    ).rejects.toBeInstanceOf(GitError);
    await updateRef(gitDir, 'refs/heads/packed', second, { expected: first });
    expect(await gitText(gitDir, ['rev-parse', 'refs/heads/packed'])).toBe(second);
    await deleteRef(gitDir, 'refs/heads/packed', second);
    await deleteRef(gitDir, 'refs/tags/v1', first);
    expect(await readFile(join(gitDir, 'packed-refs'), 'utf8')).not.toMatch(/packed|v1/);
    expect(await gitText(gitDir, ['for-each-ref', '--format=%(refname) %(objectname)'])).toBe(
      `refs/heads/main ${second}`,
    );
  });

  it('leaves a repository git fsck --strict finds clean and a real clone reads', async () => {
    await git(gitDir, ['fsck', '--strict', '--no-progress']);
    const clone = join(folder, 'clone');
    await git(folder, ['clone', '--quiet', gitDir, clone]);
    const log = await gitText(join(clone, '.git'), ['log', '--format=%H %s', 'origin/main']);
    expect(log).toBe(`${second} second\n${first} first`);
    expect(await readFile(join(clone, 'r.md'), 'utf8')).toBe('r\n');
  });
});
