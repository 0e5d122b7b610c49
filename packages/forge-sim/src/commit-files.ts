import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { git, GitError, gitText, objectInfo, writeBlobs } from './git.js';

/** Who writes a commit, and when (now when absent). */
export interface Signature {
  name: string;
  email: string;
  date?: string;
}

/** One commit of file changes on a branch of a bare repository. */
export interface FileCommit {
  gitDir: string;
  branch: string;
  /** The commit the branch must point at (undefined: the branch must not exist yet). */
  parent: string | undefined;
  /** Path → new content, or null to delete the path. */
  changes: ReadonlyMap<string, Buffer | null>;
  message: string;
  author: Signature;
  committer?: Signature;
}

/** The branch moved meanwhile: the commit was made but the branch was not moved to it. */
export class BranchMovedError extends Error {
  override name = 'BranchMovedError';
}

/** The commit a branch points at, or undefined when it does not exist. */
export async function branchTip(gitDir: string, branch: string): Promise<string | undefined> {
  try {
    return (await objectInfo(gitDir, `refs/heads/${branch}^{commit}`))?.sha;
  } catch (cause) {
    if (cause instanceof GitError) return undefined;
    throw cause;
  }
}

/** The environment that makes `git commit-tree` sign as `author` and `committer`. */
export function signatureEnv(author: Signature, committer: Signature = author) {
  return {
    GIT_AUTHOR_NAME: author.name,
    GIT_AUTHOR_EMAIL: author.email,
    GIT_COMMITTER_NAME: committer.name,
    GIT_COMMITTER_EMAIL: committer.email,
    ...(author.date ? { GIT_AUTHOR_DATE: author.date } : {}),
    ...(committer.date ? { GIT_COMMITTER_DATE: committer.date } : {}),
  };
}

/**
 * Writes `changes` on top of `parent` as one real commit and moves `branch` to it, atomically
 * against `parent` (throws {@link BranchMovedError} when the branch moved meanwhile). Gives the
 * new commit's sha.
 */
export async function commitFiles(commit: FileCommit): Promise<string> {
  const { gitDir } = commit;
  const folder = await mkdtemp(join(tmpdir(), 'forge-sim-index-'));
  try {
    const env = { GIT_INDEX_FILE: join(folder, 'index') };
    if (commit.parent) await git(gitDir, ['read-tree', commit.parent], { env });
    const written = [...commit.changes].filter(
      (change): change is [string, Buffer] => change[1] !== null,
    );
    const shas = await writeBlobs(
      gitDir,
      written.map(([, content]) => content),
    );
    const blobOf = new Map(written.map(([path], index) => [path, shas[index] ?? '']));
    const lines = [...commit.changes].map(([path, content]) =>
      content === null ? `0 ${'0'.repeat(40)}\t${path}\n` : `100644 ${blobOf.get(path)}\t${path}\n`,
    );
    // Mode 0 removes an entry; --index-info takes paths with any character but a newline.
    await git(gitDir, ['update-index', '--add', '--remove', '--index-info'], {
      input: lines.join(''),
      env,
    });
    const tree = await gitText(gitDir, ['write-tree'], { env });
    const sha = await gitText(
      gitDir,
      ['commit-tree', tree, ...(commit.parent ? ['-p', commit.parent] : [])],
      { input: commit.message, env: signatureEnv(commit.author, commit.committer) },
    );
    try {
      await git(gitDir, [
        'update-ref',
        `refs/heads/${commit.branch}`,
        sha,
        commit.parent ?? '0'.repeat(40),
      ]);
    } catch (cause) {
      if (cause instanceof GitError) throw new BranchMovedError(commit.branch);
      throw cause;
    }
    return sha;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
