import { encodeBase64 } from '../couchdb/documents.js';
import { base64Bytes } from '../git/bytes.js';
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
import { textToBase64 } from '../github/file-location-content.js';
import { GitlabApiError, type GitlabClient, projectRef } from './gitlab-client.js';

/** The project and branch a {@link GitlabGitData} works on. */
export interface GitlabBranch {
  /** The project's full path (`group/sub/notes`). */
  projectPath: string;
  /** Its numeric id when known (read from the path otherwise, once). */
  projectId?: number | string;
  branch: string;
}

/** An entry of `GET /projects/:id/repository/tree`. */
interface TreeEntryBody {
  id: string;
  name: string;
  type: string;
  path: string;
  mode: string;
}

/** A commit as GitLab's commits API answers it (the fields read here). */
interface CommitBody {
  id: string;
  message: string;
  parent_ids?: string[];
  authored_date?: string;
  committed_date?: string;
  created_at?: string;
}

/** One action of `POST /projects/:id/repository/commits`. */
interface CommitAction {
  action: 'create' | 'update' | 'delete' | 'move';
  file_path: string;
  previous_path?: string;
  content?: string;
  encoding?: 'base64';
  last_commit_id?: string;
}

/**
 * GitLab's answers (400) when an action meets a file another writer changed: its Files and
 * Commits services' words ('A file with this name already exists' for a create, "…doesn't
 * exist" for an update or delete of a removed file, and the `last_commit_id` check's).
 */
const CONFLICTS = [
  /has changed since you started editing it/i,
  /a file with this name already exists/i,
  /a file with this name doesn'?t exist/i,
];

/**
 * The git port over GitLab's REST v4 API (repository tree, blobs, branches, and the commits API
 * with several actions), as gitlab.com, a self-hosted instance and forge-sim answer it. A sync
 * is ONE commit: `POST /projects/:id/repository/commits` with an action per file, the index's
 * update carrying `last_commit_id` so that GitLab refuses it when another client committed
 * (see docs/reference/gitlab.md).
 */
export class GitlabGitData implements GitFileWritePort {
  private projectId: string | undefined;
  /** Commit → the last commit that changed the workspace's index as of it. */
  private readonly indexCommits = new Map<string, string>();

  constructor(
    private readonly client: GitlabClient,
    private readonly target: GitlabBranch,
  ) {
    if (target.projectId !== undefined && String(target.projectId) !== '') {
      this.projectId = String(target.projectId);
    }
  }

  /** The project's numeric id: given, or read once from `GET /projects/:path`. */
  async project(): Promise<string> {
    if (this.projectId === undefined) {
      const body = await this.client.get<{ id: number }>(
        `/projects/${projectRef(this.target.projectPath)}`,
      );
      this.projectId = String(body.id);
    }
    return this.projectId;
  }

  private async base(): Promise<string> {
    return `/projects/${projectRef(await this.project())}`;
  }

  /** GET repository/branches/:branch; a missing branch (or an empty project): none. */
  async readHead(): Promise<string | undefined> {
    const base = await this.base();
    try {
      const body = await this.client.get<{ commit: { id: string } }>(
        `${base}/repository/branches/${encodeURIComponent(this.target.branch)}`,
      );
      return body.commit.id;
    } catch (error) {
      if (error instanceof GitlabApiError && error.status === 404) return undefined;
      throw error;
    }
  }

  /**
   * GET repository/tree?ref={commit}&recursive=true, every page (100 entries each, GitLab's
   * most, to the page `x-next-page` leaves empty). GitLab never truncates a listing: it pages.
   * Blob ids are git's blob shas. The root tree's sha is not given ('').
   */
  async readTree(commit: string): Promise<GitTreeListing> {
    const base = await this.base();
    const entries = await this.missing(commit, () =>
      this.client.getAll<TreeEntryBody>(`${base}/repository/tree`, {
        ref: commit,
        recursive: true,
      }),
    );
    return {
      sha: '',
      entries: entries.map((entry) => ({
        path: entry.path,
        type: entry.type as GitTreeEntry['type'],
        sha: entry.id,
        mode: entry.mode,
      })),
      truncated: false,
    };
  }

  /** GET repository/blobs/:sha (base64 content). */
  async readBlob(sha: string): Promise<Uint8Array> {
    const base = await this.base();
    const body = await this.missing(sha, () =>
      this.client.get<{ content: string }>(`${base}/repository/blobs/${sha}`),
    );
    return base64Bytes(body.content);
  }

  /** GET repository/commits?ref_name={branch}&path={path}, every page: the file's history. */
  async listCommits(path: string): Promise<GitCommitInfo[]> {
    const base = await this.base();
    const commits = await this.client.getAll<CommitBody>(`${base}/repository/commits`, {
      ref_name: this.target.branch,
      path,
    });
    return commits.map((commit) => ({
      sha: commit.id,
      message: commit.message,
      date:
        Date.parse(commit.committed_date ?? commit.authored_date ?? commit.created_at ?? '') || 0,
    }));
  }

  /**
   * One `POST repository/commits` with an action per change: `create` for a new file, `update`
   * or `delete` for one the parent has, `move` for a blob kept at a new path whose old path the
   * same commit removes (otherwise its bytes are read and written). The index (the first
   * change) carries `last_commit_id`, the last commit that changed it as of `parent`: another
   * client's sync changed it too, so GitLab refuses the whole commit (400 '…has changed since
   * you started editing it.'), as it refuses a create of a file that appeared or an update of
   * one that went: {@link NotFastForwardError}, nothing written. A commit GitLab made over
   * another parent (a tool committed without touching the index meanwhile) is kept, and also
   * reported as {@link NotFastForwardError}: the engine reads the branch again rather than
   * take the new commit for `parent` plus these changes.
   */
  async commitFiles(
    message: string,
    parent: string | undefined,
    changes: readonly GitFileChange[],
  ): Promise<string> {
    const base = await this.base();
    const actions = await this.actions(changes, parent);
    const body: Record<string, unknown> = {
      branch: this.target.branch,
      commit_message: message,
      actions,
      // The answer's line counts are not read: GitLab (and forge-sim) skip the diff.
      stats: false,
    };
    if (parent === undefined) {
      // A branch without a commit: GitLab makes it from nothing in an empty project; in one
      // with other branches it has to start from one (the default branch), and the commit
      // then has a parent the engine did not read (below).
      const start = await this.defaultBranch();
      if (start !== undefined && start !== this.target.branch) body.start_branch = start;
    }
    let commit: CommitBody;
    try {
      commit = await this.client.post<CommitBody>(`${base}/repository/commits`, body);
    } catch (error) {
      if (
        error instanceof GitlabApiError &&
        error.status === 400 &&
        CONFLICTS.some((conflict) => conflict.test(error.message))
      ) {
        throw new NotFastForwardError();
      }
      throw error;
    }
    const madeOver = commit.parent_ids?.[0];
    if (madeOver !== parent) throw new NotFastForwardError();
    this.indexCommits.set(commit.id, commit.id);
    return commit.id;
  }

  private async actions(
    changes: readonly GitFileChange[],
    parent: string | undefined,
  ): Promise<CommitAction[]> {
    // A removal whose blob is written at another path in the same commit is a move.
    const removed = new Map<string, string>();
    for (const change of changes) {
      if ('sha' in change && change.sha === null && change.previous !== undefined) {
        removed.set(change.previous, change.path);
      }
    }
    const moved = new Set<string>();
    const actions: CommitAction[] = [];
    for (const [index, change] of changes.entries()) {
      const path = change.path;
      if ('sha' in change && change.sha === null) {
        if (change.previous === undefined) continue; // Nothing there to remove.
        actions.push({ action: 'delete', file_path: path });
        continue;
      }
      let content: string;
      if ('content' in change) content = changeBase64(change, textToBase64);
      else {
        const from = removed.get(change.sha);
        if (change.previous === undefined && from !== undefined && !moved.has(from)) {
          moved.add(from);
          actions.push({ action: 'move', file_path: path, previous_path: from });
          continue;
        }
        content = encodeBase64(await this.readBlob(change.sha));
      }
      const action: CommitAction = {
        action: change.previous === undefined ? 'create' : 'update',
        file_path: path,
        content,
        encoding: 'base64',
      };
      if (index === 0 && change.previous !== undefined && parent !== undefined) {
        // The index: refused when another client's commit changed it since `parent`.
        action.last_commit_id = await this.lastCommitOf(path, parent);
      }
      actions.push(action);
    }
    // The old paths of moves are not deleted on their own.
    return actions.filter((action) => !(action.action === 'delete' && moved.has(action.file_path)));
  }

  /** The last commit that changed `path` as of `commit` (GitLab's `last_commit_id` check). */
  private async lastCommitOf(path: string, commit: string): Promise<string> {
    const known = this.indexCommits.get(commit);
    if (known !== undefined) return known;
    const base = await this.base();
    const [last] = await this.client.get<CommitBody[]>(`${base}/repository/commits`, {
      ref_name: commit,
      path,
      per_page: 1,
    });
    const id = last?.id ?? commit;
    this.indexCommits.set(commit, id);
    return id;
  }

  /** The project's default branch (undefined while it has none). */
  private async defaultBranch(): Promise<string | undefined> {
    const body = await this.client.get<{ default_branch?: string | null }>(await this.base());
    return body.default_branch ?? undefined;
  }

  private async missing<T>(sha: string, read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (error) {
      if (error instanceof GitlabApiError && error.status === 404) {
        throw new GitObjectMissingError(sha);
      }
      throw error;
    }
  }
}
