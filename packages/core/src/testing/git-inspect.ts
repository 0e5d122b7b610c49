// Reads forge-sim's bare repositories with the real git CLI, as a user's clone would.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { type ForgeSim } from '@inkstone/forge-sim';

const run = promisify(execFile);

/** Runs git against a forge repository's bare folder; its stdout. */
export async function gitIn(
  forge: ForgeSim,
  owner: string,
  repo: string,
  args: string[],
  input?: { env?: Record<string, string> },
): Promise<string> {
  const gitDir = forge.repos.get(owner, repo)!.gitDir;
  const { stdout } = await run('git', ['--git-dir', gitDir, ...args], {
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, ...input?.env },
  });
  return stdout;
}

/** Runs git against a forge repository's bare folder; its stdout as bytes (a blob's exact
 * bytes, `cat-file blob main:a.png`). */
export async function gitBytesIn(
  forge: ForgeSim,
  owner: string,
  repo: string,
  args: string[],
): Promise<Buffer> {
  const gitDir = forge.repos.get(owner, repo)!.gitDir;
  const { stdout } = await run('git', ['--git-dir', gitDir, ...args], {
    maxBuffer: 64 * 1024 * 1024,
    encoding: 'buffer',
  });
  return stdout;
}

/** The commits of a branch, newest first: their subjects. */
export async function commitSubjects(
  forge: ForgeSim,
  owner: string,
  repo: string,
  branch = 'main',
): Promise<string[]> {
  const out = await gitIn(forge, owner, repo, ['log', '--format=%s', branch]);
  return out.split('\n').filter((line) => line !== '');
}

/** Clones the repository over forge-sim's git smart HTTP (real `git clone`) and returns every
 * file of the working tree by path, with its text; the clone is removed after. */
export async function cloneFiles(
  forge: ForgeSim,
  owner: string,
  repo: string,
  token: string,
): Promise<Map<string, string>> {
  const folder = await mkdtemp(join(tmpdir(), 'inkstone-clone-'));
  try {
    // The token in a header given through the environment: never in the URL or the command
    // line, which git and Node print in an error.
    const basic = Buffer.from(`x-access-token:${token}`).toString('base64');
    await run(
      'git',
      ['clone', '--quiet', `${forge.url}/${owner}/${repo}.git`, join(folder, 'repo')],
      {
        env: {
          ...process.env,
          GIT_CONFIG_COUNT: '1',
          GIT_CONFIG_KEY_0: 'http.extraHeader',
          GIT_CONFIG_VALUE_0: `Authorization: Basic ${basic}`,
        },
      },
    );
    const files = new Map<string, string>();
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        if (entry.name === '.git') continue;
        const path = join(dir, entry.name);
        if (entry.isDirectory()) await walk(path);
        else files.set(relative(join(folder, 'repo'), path), await readFile(path, 'utf8'));
      }
    };
    await walk(join(folder, 'repo'));
    return files;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Commits `files` (path → text or bytes; null removes the file) on top of the branch straight
 * into the bare repository with git plumbing, as another tool pushing would; returns the new
 * commit. */
export async function commitWithGit(
  forge: ForgeSim,
  owner: string,
  repo: string,
  files: ReadonlyMap<string, string | Uint8Array | null>,
  message: string,
  branch = 'main',
): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'inkstone-tool-'));
  try {
    const gitDir = forge.repos.get(owner, repo)!.gitDir;
    const work = join(folder, 'work');
    await mkdir(work, { recursive: true });
    for (const [path, text] of files) {
      if (text === null) continue;
      await mkdir(dirname(join(work, path)), { recursive: true });
      await writeFile(join(work, path), text);
    }
    const env = {
      ...process.env,
      GIT_INDEX_FILE: join(folder, 'index'),
      GIT_AUTHOR_NAME: 'Tool',
      GIT_AUTHOR_EMAIL: 'tool@example.com',
      GIT_COMMITTER_NAME: 'Tool',
      GIT_COMMITTER_EMAIL: 'tool@example.com',
    };
    const git = async (...args: string[]) =>
      (
        await run('git', ['--git-dir', gitDir, '--work-tree', work, ...args], { env, cwd: work })
      ).stdout.trim();
    await git('read-tree', branch);
    await git('add', '--ignore-removal', '.');
    for (const [path, text] of files) {
      if (text === null) await git('rm', '--cached', '--quiet', '--', path);
    }
    const parent = await git('rev-parse', branch);
    const commit = await git('commit-tree', await git('write-tree'), '-p', parent, '-m', message);
    await git('update-ref', `refs/heads/${branch}`, commit, parent);
    return commit;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
