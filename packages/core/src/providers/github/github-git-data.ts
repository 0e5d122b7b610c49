import { base64Bytes } from '../git/bytes.js';
import {
  type GitCommitInfo,
  GitObjectMissingError,
  type GitTreeChange,
  type GitTreeEntry,
  type GitTreeListing,
  type GitTreeWritePort,
  NotFastForwardError,
} from '../git/git-data-port.js';
import { encodePath, GithubApiError, type GithubClient } from './github-client.js';

/** The repository and branch a {@link GithubGitData} works on. */
export interface GithubBranch {
  owner: string;
  repo: string;
  branch: string;
}

interface CommitBody {
  sha: string;
  commit: { message: string; author?: { date?: string }; committer?: { date?: string } };
  author?: { id?: number } | null;
}

interface TreeBody {
  sha: string;
  tree: { path: string; type: string; sha: string; mode: string }[];
  truncated: boolean;
}

/**
 * The git data port over GitHub's REST v3 "Git database" API (refs, trees, blobs, commits), as
 * api.github.com, GitHub Enterprise and forge-sim answer it.
 */
export class GithubGitData implements GitTreeWritePort {
  private readonly repoPath: string;
  private readonly refPath: string;

  constructor(
    private readonly client: GithubClient,
    private readonly target: GithubBranch,
  ) {
    this.repoPath = `/repos/${encodeURIComponent(target.owner)}/${encodeURIComponent(target.repo)}`;
    this.refPath = `heads/${encodePath(target.branch)}`;
  }

  /** GET git/ref/heads/{branch}; a missing branch or an empty repository (404, 409): none. */
  async readHead(): Promise<string | undefined> {
    try {
      const ref = await this.client.get<{ object: { sha: string } }>(
        `${this.repoPath}/git/ref/${this.refPath}`,
      );
      return ref.object.sha;
    } catch (error) {
      if (error instanceof GithubApiError && (error.status === 404 || error.status === 409)) {
        return undefined;
      }
      throw error;
    }
  }

  /** GET git/trees/{commit}?recursive=1. */
  async readTree(commit: string): Promise<GitTreeListing> {
    const body = await this.missing(commit, () =>
      this.client.get<TreeBody>(`${this.repoPath}/git/trees/${commit}`, { recursive: 1 }),
    );
    return {
      sha: body.sha,
      entries: body.tree.map((entry) => ({ ...entry, type: entry.type as GitTreeEntry['type'] })),
      truncated: body.truncated,
    };
  }

  /** GET git/blobs/{sha}, decoded from base64. */
  async readBlob(sha: string): Promise<Uint8Array> {
    const body = await this.missing(sha, () =>
      this.client.get<{ content: string; encoding: string }>(`${this.repoPath}/git/blobs/${sha}`),
    );
    return base64Bytes(body.content);
  }

  /** POST git/trees with `base_tree` and the changes (texts inline as `content`; a binary file,
   * which a tree entry's `content` cannot carry, first as a blob: POST git/blobs in base64). */
  async writeTree(base: string | undefined, changes: readonly GitTreeChange[]): Promise<string> {
    const entries: GitTreeChange[] = [];
    for (const change of changes) {
      if ('content' in change && change.encoding === 'base64') {
        const blob = await this.client.post<{ sha: string }>(`${this.repoPath}/git/blobs`, {
          content: change.content,
          encoding: 'base64',
        });
        entries.push({ path: change.path, sha: blob.sha });
      } else entries.push(change);
    }
    const tree = entries.map((change) => ({ mode: '100644', type: 'blob', ...change }));
    const body = await this.client.post<{ sha: string }>(`${this.repoPath}/git/trees`, {
      ...(base ? { base_tree: base } : {}),
      tree,
    });
    return body.sha;
  }

  /** POST git/commits. */
  async writeCommit(message: string, tree: string, parents: readonly string[]): Promise<string> {
    const body = await this.client.post<{ sha: string }>(`${this.repoPath}/git/commits`, {
      message,
      tree,
      parents,
    });
    return body.sha;
  }

  /** PATCH git/refs/heads/{branch} with `force: false` (POST git/refs for a new branch); a 422
   * ('Update is not a fast forward', 'Reference already exists') is {@link NotFastForwardError}. */
  async moveHead(commit: string, previous: string | undefined): Promise<void> {
    try {
      if (previous === undefined) {
        await this.client.post(`${this.repoPath}/git/refs`, {
          ref: `refs/heads/${this.target.branch}`,
          sha: commit,
        });
      } else {
        await this.client.patch(`${this.repoPath}/git/refs/${this.refPath}`, {
          sha: commit,
          force: false,
        });
      }
    } catch (error) {
      if (error instanceof GithubApiError && error.status === 422) throw new NotFastForwardError();
      throw error;
    }
  }

  /** GET commits?sha={branch}&path={path}: the 100 newest commits that changed the file. */
  async listCommits(path: string): Promise<GitCommitInfo[]> {
    const commits = await this.client.get<CommitBody[]>(`${this.repoPath}/commits`, {
      sha: this.target.branch,
      path,
      per_page: 100,
    });
    return commits.map((commit) => ({
      sha: commit.sha,
      message: commit.commit.message,
      date: Date.parse(commit.commit.committer?.date ?? commit.commit.author?.date ?? '') || 0,
      ...(commit.author?.id === undefined ? {} : { authorId: String(commit.author.id) }),
    }));
  }

  private async missing<T>(sha: string, read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (error) {
      if (error instanceof GithubApiError && error.status === 404) {
        throw new GitObjectMissingError(sha);
      }
      throw error;
    }
  }
}
