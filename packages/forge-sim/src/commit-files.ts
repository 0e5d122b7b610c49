import { GitError, objectInfo } from './git.js';
import { storeBlobs, writeCommit, type Signature } from './object-store.js';
import { updateRef } from './ref-files.js';
import { buildTree } from './tree-builder.js';

export { signatureEnv, type Signature } from './object-store.js';

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

/**
 * Writes `changes` on top of `parent` as one real commit and moves `branch` to it, atomically
 * against `parent` (throws {@link BranchMovedError} when the branch moved meanwhile). Gives the
 * new commit's sha.
 */
export async function commitFiles(commit: FileCommit): Promise<string> {
  const { gitDir } = commit;
  const written = [...commit.changes].filter(
    (change): change is [string, Buffer] => change[1] !== null,
  );
  const shas = await storeBlobs(
    gitDir,
    written.map(([, content]) => content),
  );
  const blobOf = new Map(written.map(([path], index) => [path, shas[index] ?? '']));
  const tree = await buildTree(
    gitDir,
    commit.parent,
    [...commit.changes].map(([path, content]) => [
      path,
      content === null ? null : { mode: '100644', sha: blobOf.get(path) ?? '' },
    ]),
  );
  const sha = await writeCommit(gitDir, {
    tree,
    parents: commit.parent ? [commit.parent] : [],
    author: commit.author,
    committer: commit.committer,
    message: commit.message,
  });
  try {
    await updateRef(gitDir, `refs/heads/${commit.branch}`, sha, {
      expected: commit.parent ?? '0'.repeat(40),
      commit: true,
    });
  } catch (cause) {
    if (cause instanceof GitError) throw new BranchMovedError(commit.branch);
    throw cause;
  }
  return sha;
}
