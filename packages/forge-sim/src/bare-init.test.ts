import { lstat, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BareInits } from './bare-init.js';
import { git, gitText } from './git.js';
import { inProcessWrites, storeBlobs, writeCommit } from './object-store.js';
import { updateRef } from './ref-files.js';
import { buildTree } from './tree-builder.js';

// Every file and folder under `gitDir`: its path, kind, permissions and bytes.
async function listing(gitDir: string) {
  const found: string[] = [];
  const walk = async (folder: string, prefix: string) => {
    for (const name of (await readdir(folder)).sort()) {
      const stats = await lstat(join(folder, name));
      const mode = (stats.mode & 0o7777).toString(8);
      if (stats.isDirectory()) {
        found.push(`${prefix}${name}/ ${mode}`);
        await walk(join(folder, name), `${prefix}${name}/`);
      } else {
        const bytes = await readFile(join(folder, name));
        found.push(`${prefix}${name} ${mode} ${bytes.toString('base64')}`);
      }
    }
  };
  await walk(gitDir, '');
  return found;
}

// A repository made by a copy must be the one `git init --bare --initial-branch` makes, work as
// one, and be written by the forge as git's own would be.
describe('bare repositories made as git init makes them', { timeout: 60_000 }, () => {
  let folder: string;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'forge-sim-init-test-'));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('makes the same files, folders and permissions as git init, for each branch name', async () => {
    const inits = new BareInits(join(folder, 'templates'));
    for (const branch of ['main', 'master', 'feature/x', 'main']) {
      const byGit = join(folder, 'git', `${branch.replace('/', '-')}-${Math.random()}.git`);
      await mkdir(byGit, { recursive: true });
      await git(byGit, ['init', '--bare', '--quiet', `--initial-branch=${branch}`]);
      for (const copy of ['first', 'second']) {
        const gitDir = join(folder, 'made', `${branch.replace('/', '-')}-${copy}-${Math.random()}`);
        await inits.init(gitDir, branch);
        expect(await listing(gitDir)).toEqual(await listing(byGit));
        expect(await gitText(gitDir, ['symbolic-ref', 'HEAD'])).toBe(`refs/heads/${branch}`);
        expect(await gitText(gitDir, ['rev-parse', '--is-bare-repository'])).toBe('true');
        expect(await inProcessWrites(gitDir)).toBe(true);
      }
    }
  });

  it('makes repositories git reads and checks, written by the forge', async () => {
    const inits = new BareInits(join(folder, 'templates-2'));
    const gitDir = join(folder, 'used', 'a.git');
    await inits.init(join(folder, 'used', 'first.git'), 'main');
    await inits.init(gitDir, 'main');
    const [blob = ''] = await storeBlobs(gitDir, ['# hello\n']);
    const tree = await buildTree(gitDir, undefined, [['README.md', { mode: '100644', sha: blob }]]);
    const commit = await writeCommit(gitDir, {
      tree,
      parents: [],
      author: { name: 'Ann', email: 'ann@example.com' },
      message: 'First\n',
    });
    await updateRef(gitDir, 'refs/heads/main', commit, { commit: true });
    expect(await gitText(gitDir, ['rev-parse', 'main'])).toBe(commit);
    expect(await gitText(gitDir, ['show', 'main:README.md'])).toBe('# hello');
    await git(gitDir, ['fsck', '--strict', '--no-dangling']);
  });

  it('leaves a folder that is not empty to git init, which keeps what is there', async () => {
    const inits = new BareInits(join(folder, 'templates-3'));
    await inits.init(join(folder, 'kept', 'first.git'), 'main');
    const gitDir = join(folder, 'kept', 'b.git');
    await mkdir(gitDir, { recursive: true });
    await writeFile(join(gitDir, 'description'), 'kept\n');
    await inits.init(gitDir, 'main');
    expect(await readFile(join(gitDir, 'description'), 'utf8')).toBe('kept\n');
    expect(await gitText(gitDir, ['symbolic-ref', 'HEAD'])).toBe('refs/heads/main');
  });

  it('leaves every repository to git init when the configuration includes other files', async () => {
    const global = join(folder, 'global.gitconfig');
    const included = join(folder, 'included.gitconfig');
    await writeFile(included, '[core]\n\tlogAllRefUpdates = always\n');
    const repos = join(folder, 'by-path');
    await writeFile(global, `[includeIf "gitdir:${repos}/shared/"]\n\tpath = ${included}\n`);
    const before = process.env.GIT_CONFIG_GLOBAL;
    process.env.GIT_CONFIG_GLOBAL = global;
    try {
      const inits = new BareInits(join(folder, 'templates-4'));
      await inits.init(join(repos, 'first.git'), 'main');
      const gitDir = join(repos, 'shared', 'c.git');
      await inits.init(gitDir, 'main');
      // git itself made it, and its configuration is read for it: its reflogs are kept.
      expect(await inProcessWrites(gitDir)).toBe(false);
      expect(await inProcessWrites(join(repos, 'first.git'))).toBe(true);
    } finally {
      if (before === undefined) delete process.env.GIT_CONFIG_GLOBAL;
      else process.env.GIT_CONFIG_GLOBAL = before;
    }
  });
});
