import { git, GitError, hasRefs } from '../git.js';
import { storeBlobs, writeCommit, type Signature } from '../object-store.js';
import { updateRef } from '../ref-files.js';
import { buildTree } from '../tree-builder.js';
import type { ForgeRepo, Repositories } from '../repositories.js';
import { glFail } from './errors.js';
import { blobAt, lastCommitOf, resolveCommit } from './git-read.js';

/** One action of GitLab's commits API (`actions[]` of `POST /projects/:id/repository/commits`). */
export interface CommitAction {
  action: 'create' | 'update' | 'delete' | 'move' | 'chmod';
  filePath: string;
  previousPath?: string | undefined;
  /** The new bytes (already decoded from `encoding`); absent: a move keeps the old content. */
  content?: Buffer | undefined;
  lastCommitId?: string | undefined;
  executeFilemode?: boolean | undefined;
}

/** One commit of actions on a branch, as GitLab's commit services make it. */
export interface ActionCommit {
  branch: string;
  startBranch?: string | undefined;
  startSha?: string | undefined;
  message: string;
  author: Signature;
  actions: readonly CommitAction[];
}

/** GitLab's words for the ways a commit of actions is refused (Files and Commits services). */
export const COMMIT_ERRORS = {
  exists: 'A file with this name already exists',
  missing: "A file with this name doesn't exist",
  changed: 'You are attempting to update a file that has changed since you started editing it.',
  notOnBranch: 'You can only create or edit files when you are on a branch',
};

/**
 * Makes `commit` one real git commit on its branch (created from `startBranch`/`startSha`, or
 * from nothing in an empty repository) and gives its sha; refuses with GitLab's 400 messages.
 * The check of each action and the move of the branch are one step against other writers.
 */
export function commitActions(repos: Repositories, repo: ForgeRepo, commit: ActionCommit) {
  return repos.exclusive(repo, () => write(repo, commit));
}

async function write(repo: ForgeRepo, commit: ActionCommit): Promise<string> {
  const { gitDir } = repo;
  const branchTip = await resolveCommit(gitDir, `refs/heads/${commit.branch}`);
  const empty = !(await hasRefs(gitDir, 'refs/heads/'));
  let parent: string | undefined;
  if (commit.startSha) {
    parent = await resolveCommit(gitDir, commit.startSha);
    if (!parent) glFail(400, `Cannot find start_sha '${commit.startSha}'`);
  } else if (commit.startBranch && commit.startBranch !== commit.branch) {
    if (branchTip) {
      glFail(
        400,
        `A branch called '${commit.branch}' already exists. Switch to that branch in order to make changes`,
      );
    }
    parent = await resolveCommit(gitDir, `refs/heads/${commit.startBranch}`);
    if (!parent && !empty) glFail(400, COMMIT_ERRORS.notOnBranch);
  } else {
    parent = branchTip;
    if (!parent && !empty) glFail(400, COMMIT_ERRORS.notOnBranch);
  }

  // Path → [mode, blob sha] as the commit will have them; null: removed.
  const result = new Map<string, [string, string] | null>();
  const current = async (path: string) => {
    if (result.has(path)) return result.get(path) ?? undefined;
    if (!parent) return undefined;
    const blob = await blobAt(gitDir, parent, path);
    return blob ? ([blob.mode, blob.id] as [string, string]) : undefined;
  };
  const contents = commit.actions.flatMap((action) => (action.content ? [action.content] : []));
  const shas = await storeBlobs(gitDir, contents);
  let next = 0;
  for (const action of commit.actions) {
    const sha = action.content ? (shas[next++] ?? '') : undefined;
    const checkUnchanged = async (path: string) => {
      if (action.lastCommitId && parent) {
        const last = await lastCommitOf(gitDir, parent, path);
        if (last !== '' && last !== action.lastCommitId) glFail(400, COMMIT_ERRORS.changed);
      }
    };
    const mode = (old: string | undefined) =>
      action.executeFilemode === undefined
        ? (old ?? '100644')
        : action.executeFilemode
          ? '100755'
          : '100644';
    const existing = await current(action.filePath);
    switch (action.action) {
      case 'create':
        if (existing) glFail(400, COMMIT_ERRORS.exists);
        result.set(action.filePath, [mode(undefined), sha ?? (await emptyBlob(gitDir))]);
        break;
      case 'update':
        if (!existing) glFail(400, COMMIT_ERRORS.missing);
        await checkUnchanged(action.filePath);
        result.set(action.filePath, [mode(existing[0]), sha ?? (await emptyBlob(gitDir))]);
        break;
      case 'delete':
        if (!existing) glFail(400, COMMIT_ERRORS.missing);
        await checkUnchanged(action.filePath);
        result.set(action.filePath, null);
        break;
      case 'chmod':
        if (!existing) glFail(400, COMMIT_ERRORS.missing);
        await checkUnchanged(action.filePath);
        result.set(action.filePath, [mode(existing[0]), existing[1]]);
        break;
      case 'move': {
        const from = action.previousPath ?? '';
        const old = await current(from);
        if (!old) glFail(400, COMMIT_ERRORS.missing);
        if (existing && from !== action.filePath) glFail(400, COMMIT_ERRORS.exists);
        await checkUnchanged(from);
        result.set(from, null);
        result.set(action.filePath, [mode(old[0]), sha ?? old[1]]);
        break;
      }
    }
  }

  const tree = await buildTree(
    gitDir,
    parent,
    [...result].map(([path, entry]) => [
      path,
      entry === null ? null : { mode: entry[0], sha: entry[1] },
    ]),
  );
  const sha = await writeCommit(gitDir, {
    tree,
    parents: parent ? [parent] : [],
    author: commit.author,
    message: commit.message,
  });
  try {
    await updateRef(gitDir, `refs/heads/${commit.branch}`, sha, {
      expected: branchTip ?? '0'.repeat(40),
      commit: true,
    });
  } catch (cause) {
    if (cause instanceof GitError) glFail(400, COMMIT_ERRORS.changed);
    throw cause;
  }
  if (empty && commit.branch !== repo.defaultBranch) {
    // As GitLab: the first branch of an empty project becomes its default branch.
    repo.defaultBranch = commit.branch;
    await git(gitDir, ['symbolic-ref', 'HEAD', `refs/heads/${commit.branch}`]);
  }
  return sha;
}

async function emptyBlob(gitDir: string) {
  const [sha = ''] = await storeBlobs(gitDir, [Buffer.alloc(0)]);
  return sha;
}
