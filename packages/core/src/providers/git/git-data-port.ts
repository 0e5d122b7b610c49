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

/** A change of a tree written on top of a base tree: a file's text (`content`; with
 * `encoding: 'base64'`, a binary file's bytes in base64, an image of the workspace), an
 * existing blob moved or kept (`sha`), or a removal (`sha: null`). */
export type GitTreeChange =
  | { path: string; content: string; encoding?: 'base64' }
  | { path: string; sha: string }
  | { path: string; sha: null };

/** The base64 of a written file's bytes, whichever way the change holds them. */
export const changeBase64 = (
  change: { content: string; encoding?: 'base64' },
  textToBase64: (text: string) => string,
): string => (change.encoding === 'base64' ? change.content : textToBase64(change.content));

/** A change of a file-writing commit ({@link GitFileWritePort}): a tree change with the sha
 * the parent commit has at its path (`previous`; undefined for a new file). Forges whose file
 * API wants the blob being replaced (Gitea's and Gitee's `sha`) or create versus update
 * (GitLab's actions) read it here. */
export type GitFileChange = GitTreeChange & { previous?: string };

/** The reading half of a forge's git dialect, on one branch of one repository. */
export interface GitReadPort {
  /** The branch's head commit; undefined when the branch (or any commit) does not exist. */
  readHead(): Promise<string | undefined>;
  /** The whole tree of a commit, every level in one listing: a forge that pages its listing is
   * read to the last page; `truncated` only when the forge itself cut the listing short. The
   * `sha` is the root tree's ('' when the forge does not say it and writes files, not trees). */
  readTree(commit: string): Promise<GitTreeListing>;
  /** A blob's bytes. */
  readBlob(sha: string): Promise<Uint8Array>;
  /** The branch's commits that changed `path`, newest first (the forge's first page). */
  listCommits?(path: string): Promise<GitCommitInfo[]>;
}

/**
 * A forge with a git database API (GitHub's refs, trees, blobs and commits): the engine writes
 * the tree, the commit, then moves the branch as a fast-forward.
 */
export interface GitTreeWritePort extends GitReadPort {
  /** Writes a tree: `base` (a tree sha) with `changes` applied; returns the new tree's sha. */
  writeTree(base: string | undefined, changes: readonly GitTreeChange[]): Promise<string>;
  /** Writes a commit of `tree` over `parents`; returns its sha. */
  writeCommit(message: string, tree: string, parents: readonly string[]): Promise<string>;
  /** Moves the branch from `previous` (undefined: it does not exist yet) to `commit`, only as a
   * fast-forward; rejects with {@link NotFastForwardError} when someone moved it meanwhile. */
  moveHead(commit: string, previous: string | undefined): Promise<void>;
}

/**
 * A forge whose API commits files rather than trees (GitLab's commits with actions, Gitea's
 * change-files, Gitee's contents): the engine hands it the changes of one commit.
 */
export interface GitFileWritePort extends GitReadPort {
  /**
   * Commits `changes` on the branch, whose head must still be `parent` (undefined: the branch
   * has no commit yet); resolves with the branch's new head. One commit where the forge's API
   * allows it. The first change is always the workspace's index (`.inkstone-data/manifest`),
   * written with its `previous` sha: a forge that writes file by file writes it first, so that
   * when another client committed meanwhile the forge refuses it before anything else is
   * written. Rejects with {@link NotFastForwardError} when the branch moved or a file changed
   * since `parent` (the forge's sha or last-commit check refused a change).
   */
  commitFiles(
    message: string,
    parent: string | undefined,
    changes: readonly GitFileChange[],
  ): Promise<string>;
}

/**
 * The few git calls the git workspace engine makes, on one branch of one repository: the port
 * each forge's dialect implements (GitHub's git data API; GitLab's, Gitea's and Gitee's file
 * APIs).
 */
export type GitDataPort = GitTreeWritePort | GitFileWritePort;

/** Whether a port writes files (GitLab, Gitea, Gitee) rather than trees (GitHub). */
export const writesFiles = (port: GitDataPort): port is GitFileWritePort => 'commitFiles' in port;

/** A commit of a file's history, as the forge lists it. */
export interface GitCommitInfo {
  sha: string;
  message: string;
  /** When it was committed (ms since the epoch). */
  date: number;
  /** The forge's id of its author's account, when the forge knows it. */
  authorId?: string;
}

/** A commit of a file's history as the History panel lists it (spec interface §3 Revision). */
export const commitRevision = (commit: GitCommitInfo) => ({
  id: commit.sha,
  message: commit.message,
  created: commit.date,
  ...(commit.authorId === undefined ? {} : { sub: commit.authorId }),
});

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
