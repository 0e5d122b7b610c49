/** One entry of a recursive tree listing: a blob (a file), a tree (a folder) or a commit (a
 * submodule), with its path from the repository's root. */
export interface GitTreeEntry {
  path: string;
  type: 'blob' | 'tree' | 'commit';
  sha: string;
  mode: string;
}

/** A commit's whole tree, read once (`truncated`: the forge listed only part of it). */
export interface GitTreeListing {
  /** The root tree's sha, the base of the next tree written. */
  sha: string;
  entries: GitTreeEntry[];
  truncated: boolean;
}

/** A change of a tree written on top of a base tree: a file's text (`content`), an existing
 * blob moved or kept (`sha`), or a removal (`sha: null`). */
export type GitTreeChange =
  { path: string; content: string } | { path: string; sha: string } | { path: string; sha: null };

/**
 * The few git calls the git workspace engine makes, on one branch of one repository: the port
 * each forge's dialect implements (GitHub's git data API today; GitLab or Gitea later).
 */
export interface GitDataPort {
  /** The branch's head commit; undefined when the branch (or any commit) does not exist. */
  readHead(): Promise<string | undefined>;
  /** The whole tree of a commit, every level in one listing. */
  readTree(commit: string): Promise<GitTreeListing>;
  /** A blob's bytes. */
  readBlob(sha: string): Promise<Uint8Array>;
  /** Writes a tree: `base` (a tree sha) with `changes` applied; returns the new tree's sha. */
  writeTree(base: string | undefined, changes: readonly GitTreeChange[]): Promise<string>;
  /** Writes a commit of `tree` over `parents`; returns its sha. */
  writeCommit(message: string, tree: string, parents: readonly string[]): Promise<string>;
  /** Moves the branch from `previous` (undefined: it does not exist yet) to `commit`, only as a
   * fast-forward; rejects with {@link NotFastForwardError} when someone moved it meanwhile. */
  moveHead(commit: string, previous: string | undefined): Promise<void>;
}

/** The branch moved since it was read: the commit was not made (another client committed
 * first). The sync that wrote it starts again (TOO_LATE). */
export class NotFastForwardError extends Error {
  constructor() {
    super('Update is not a fast forward');
    this.name = 'NotFastForwardError';
  }
}

/** A commit, tree or blob the forge does not have (a cursor from a rewritten history). */
export class GitObjectMissingError extends Error {
  constructor(sha: string) {
    super(`Git object ${sha} not found.`);
    this.name = 'GitObjectMissingError';
  }
}
