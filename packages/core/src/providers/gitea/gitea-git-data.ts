import { encodeBase64 } from '../couchdb/documents.js';
import { RemoteFileUnavailableError } from '../../sync/workspace-provider.js';
import { base64Bytes, utf8Bytes } from '../git/bytes.js';
import {
  changeBase64,
  type GitCommitInfo,
  type GitFileChange,
  type GitFileWritePort,
  GitObjectMissingError,
  type GitTreeEntry,
  type GitTreeListing,
  NotFastForwardError,
} from '../git/git-data-port.js';
import { encodePath, GiteaApiError, type GiteaClient } from './gitea-client.js';

/** The repository and branch a {@link GiteaGitData} works on. */
export interface GiteaBranch {
  owner: string;
  repo: string;
  branch: string;
}

/** Tree entries asked per page: Gitea's `[api] DEFAULT_GIT_TREES_PER_PAGE` default (1000), which
 * is also its cap: an instance configured lower answers fewer, and the pages go on. */
export const GITEA_TREE_PER_PAGE = 1000;

/** Commits of a file's history read at most (GitHub's port reads 100 too). */
const HISTORY_LENGTH = 100;

interface TreePage {
  sha: string;
  tree: { path: string; type: string; sha: string; mode: string }[] | null;
  truncated: boolean;
  page: number;
  total_count?: number;
}

interface CommitBody {
  sha: string;
  created?: string;
  commit: { message: string; author?: { date?: string }; committer?: { date?: string } };
  author?: { id?: number } | null;
}

/** Gitea's FileCommitResponse: the commit a contents write made. */
interface FileCommit {
  sha: string;
  parents?: { sha: string }[] | null;
}

/** One write of Gitea's ChangeFiles (`ChangeFileOperation`). */
interface FileOperation {
  operation: 'create' | 'update' | 'delete';
  path: string;
  content?: string;
  sha?: string;
}

/** What Gitea answers when a write's sha is stale or the file came or went meanwhile
 * (services/repository/files: ErrSHADoesNotMatch, ErrRepoFileAlreadyExists,
 * ErrRepoFileDoesNotExist; forge-sim's 409 for a branch moved during the write). */
export const GITEA_STALE_WRITE =
  /sha does not match|file already exists|file does not exist|branch was changed|is not a fast forward/i;

/**
 * The git port over Gitea's v1 API (Gitea 1.20 and later; Forgejo answers the same): the
 * branch, the paged recursive tree, blobs and commits to read; `POST /contents` (ChangeFiles)
 * to write a sync as one commit, or one contents call per file on a server without it (404 or
 * 405 to ChangeFiles). See docs/reference/gitea.md.
 */
export class GiteaGitData implements GitFileWritePort {
  private readonly repoPath: string;
  /** False once the server answered ChangeFiles 404 or 405 (Gitea before 1.20). */
  private changeFiles = true;

  constructor(
    private readonly client: GiteaClient,
    private readonly target: GiteaBranch,
  ) {
    this.repoPath = `/repos/${encodeURIComponent(target.owner)}/${encodeURIComponent(target.repo)}`;
  }

  /** GET branches/{branch}: its tip; a missing branch or an empty repository (404): none. */
  async readHead(): Promise<string | undefined> {
    try {
      const branch = await this.client.get<{ commit: { id: string } }>(
        `${this.repoPath}/branches/${encodePath(this.target.branch)}`,
      );
      return branch.commit.id;
    } catch (error) {
      if (error instanceof GiteaApiError && (error.status === 404 || error.status === 409)) {
        return undefined;
      }
      throw error;
    }
  }

  /**
   * GET git/trees/{commit}?recursive=true&page&per_page, every page. Gitea pages a tree in its
   * body and never cuts it: the pages end when `total_count` entries were read. Its `truncated`
   * is not read: Gitea before 1.23 set it on every page of a tree bigger than a page, the last
   * included, and later ones on every page but the last. A page that ends short of the count is
   * the one cut this port reports (`truncated`), so that nothing is taken as deleted.
   */
  async readTree(commit: string): Promise<GitTreeListing> {
    const entries: GitTreeEntry[] = [];
    let sha = '';
    for (let page = 1; ; page += 1) {
      const body = await this.missing(commit, () =>
        this.client.get<TreePage>(`${this.repoPath}/git/trees/${commit}`, {
          recursive: true,
          page,
          per_page: GITEA_TREE_PER_PAGE,
        }),
      );
      sha = body.sha;
      const tree = body.tree ?? [];
      for (const entry of tree) {
        entries.push({
          path: entry.path,
          type: entry.type as GitTreeEntry['type'],
          sha: entry.sha,
          mode: entry.mode,
        });
      }
      if (typeof body.total_count !== 'number') {
        // A server that does not count (none since Gitea paged trees, 1.8): a short page ends.
        if (tree.length < GITEA_TREE_PER_PAGE) return { sha, entries, truncated: false };
        continue;
      }
      if (entries.length >= body.total_count) return { sha, entries, truncated: false };
      if (tree.length === 0) return { sha, entries, truncated: true };
    }
  }

  /**
   * GET git/blobs/{sha}, decoded from base64. Gitea leaves `content` empty for a blob past its
   * `[api] DEFAULT_MAX_BLOB_SIZE` (10 MiB by default): that is refused with
   * {@link GiteaBlobTooLargeError}, never read as an empty file.
   */
  async readBlob(sha: string): Promise<Uint8Array> {
    const body = await this.missing(sha, () =>
      this.client.get<{ content: string | null; size?: number }>(
        `${this.repoPath}/git/blobs/${sha}`,
      ),
    );
    const content = body.content ?? '';
    if (content === '' && (body.size ?? 0) > 0) throw new GiteaBlobTooLargeError(sha, body.size!);
    return base64Bytes(content);
  }

  /** GET commits?sha={branch}&path={path}, paged: the 100 newest commits that changed it. */
  async listCommits(path: string): Promise<GitCommitInfo[]> {
    const commits = await this.client.getAll<CommitBody>(
      `${this.repoPath}/commits`,
      { sha: this.target.branch, path, stat: false, verification: false, files: false },
      HISTORY_LENGTH,
    );
    return commits.map((commit) => ({
      sha: commit.sha,
      // Gitea gives git's message, its final newline included.
      message: commit.commit.message.replace(/\n+$/, ''),
      date:
        Date.parse(
          commit.commit.committer?.date ?? commit.commit.author?.date ?? commit.created ?? '',
        ) || 0,
      ...(commit.author?.id === undefined ? {} : { authorId: String(commit.author.id) }),
    }));
  }

  /**
   * One commit through ChangeFiles (`POST contents`, every change with the sha it replaces), or
   * on a server without it one commit per file, the index first. Gitea checks each file's sha,
   * not the branch's head: the head is read first (a branch that moved is refused before
   * anything is written), every Inkstone commit rewrites the index (so another Inkstone client
   * that committed since `parent` makes the index's sha stale, and Gitea refuses the whole
   * change), and the new commit's parent is checked after: when another tool committed in the
   * instant between, the commit stands (it was made over the other one, which Gitea kept) and
   * this rejects with {@link NotFastForwardError} so that the sync reads the branch again.
   */
  async commitFiles(
    message: string,
    parent: string | undefined,
    changes: readonly GitFileChange[],
  ): Promise<string> {
    if ((await this.readHead()) !== parent) throw new NotFastForwardError();
    const operations: FileOperation[] = [];
    for (const change of changes) operations.push(await this.operation(change));
    if (this.changeFiles) {
      try {
        const body = await this.stale(() =>
          this.client.post<{ commit: FileCommit }>(`${this.repoPath}/contents`, {
            branch: this.target.branch,
            message,
            files: operations,
          }),
        );
        return checked(body.commit, parent);
      } catch (error) {
        if (!(error instanceof GiteaApiError && (error.status === 404 || error.status === 405))) {
          throw error;
        }
        if (/does not exist/i.test(error.message)) throw error;
        this.changeFiles = false;
      }
    }
    return this.commitEach(message, parent, operations);
  }

  /**
   * The fallback of Gitea before 1.20: a POST (create), PUT (update, with the sha) or DELETE
   * (with the sha) per file, each its own commit, the index first: when another client committed
   * since `parent`, Gitea refuses the index's stale sha before anything else is written. Once
   * the index is written the other files follow whatever happens; a refusal among them (another
   * tool changed that file meanwhile) or a commit of someone else between two of them ends in
   * {@link NotFastForwardError} after the last, and the next sync reads what the branch holds
   * (the index then names shas the files no longer have, and those files are read as changed
   * elsewhere and merged: nothing is lost). A sync cut off half-way (the network failed) leaves
   * the same: the next sync repairs it.
   */
  private async commitEach(
    message: string,
    parent: string | undefined,
    operations: readonly FileOperation[],
  ): Promise<string> {
    let head = parent;
    let moved = false;
    for (const [index, op] of operations.entries()) {
      let commit: FileCommit;
      try {
        commit = await this.stale(() => this.writeOne(message, op));
      } catch (error) {
        // The index refused: nothing was written. A later file refused: go on, then re-read.
        if (index === 0 || !(error instanceof NotFastForwardError)) throw error;
        moved = true;
        continue;
      }
      if (!sameParent(commit, head)) moved = true;
      head = commit.sha;
    }
    if (moved) throw new NotFastForwardError();
    return head!;
  }

  private async writeOne(message: string, op: FileOperation): Promise<FileCommit> {
    const path = `${this.repoPath}/contents/${encodePath(op.path)}`;
    const base = { branch: this.target.branch, message };
    switch (op.operation) {
      case 'create':
        return (
          await this.client.post<{ commit: FileCommit }>(path, { ...base, content: op.content })
        ).commit;
      case 'update':
        return (
          await this.client.put<{ commit: FileCommit }>(path, {
            ...base,
            content: op.content,
            sha: op.sha,
          })
        ).commit;
      case 'delete':
        return (await this.client.delete<{ commit: FileCommit }>(path, { ...base, sha: op.sha }))
          .commit;
    }
  }

  /** A change as Gitea's operation: a blob kept or moved is sent as its bytes (the contents API
   * takes no blob sha to write). */
  private async operation(change: GitFileChange): Promise<FileOperation> {
    const previous = change.previous;
    if ('content' in change) {
      const content = changeBase64(change, (text) => encodeBase64(utf8Bytes(text)));
      return previous === undefined
        ? { operation: 'create', path: change.path, content }
        : { operation: 'update', path: change.path, content, sha: previous };
    }
    if (change.sha === null) {
      if (previous === undefined) throw new NotFastForwardError();
      return { operation: 'delete', path: change.path, sha: previous };
    }
    const content = encodeBase64(await this.readBlob(change.sha));
    return previous === undefined
      ? { operation: 'create', path: change.path, content }
      : { operation: 'update', path: change.path, content, sha: previous };
  }

  /** Runs a write; Gitea's refusal of a stale sha is {@link NotFastForwardError}. */
  private async stale<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (error instanceof GiteaApiError && GITEA_STALE_WRITE.test(error.message)) {
        throw new NotFastForwardError();
      }
      throw error;
    }
  }

  // Gitea answers an unknown sha 400 (GetTree's and GetBlob's errors) or 404.
  private async missing<T>(sha: string, read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (error) {
      if (error instanceof GiteaApiError && (error.status === 404 || error.status === 400)) {
        throw new GitObjectMissingError(sha);
      }
      throw error;
    }
  }
}

/** Gitea would not give a blob's content (past its `[api] DEFAULT_MAX_BLOB_SIZE`): the sync
 * stops with this rather than take the file for an empty one. */
export class GiteaBlobTooLargeError extends RemoteFileUnavailableError {
  constructor(
    readonly sha: string,
    readonly size: number,
  ) {
    super(
      `The Gitea server does not give files over its DEFAULT_MAX_BLOB_SIZE through its API ` +
        `(a file of ${size} bytes, blob ${sha}): ask its administrator to raise [api] DEFAULT_MAX_BLOB_SIZE.`,
    );
    this.name = 'GiteaBlobTooLargeError';
  }
}

/** Whether `commit`'s only parent is `parent` (none for the first commit of a branch). */
const sameParent = (commit: FileCommit, parent: string | undefined) => {
  const parents = (commit.parents ?? []).map((one) => one.sha);
  return parent === undefined
    ? parents.length === 0
    : parents.length === 1 && parents[0] === parent;
};

/** The new head, once its parent is checked (see {@link GiteaGitData.commitFiles}). */
function checked(commit: FileCommit, parent: string | undefined): string {
  if (!sameParent(commit, parent)) throw new NotFastForwardError();
  return commit.sha;
}
