import { textToBase64 } from '../github/file-location-content.js';
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
import { bytesToBase64 } from './base64.js';
import { encodePath, GiteeApiError, type GiteeClient, repoPath } from './gitee-client.js';

/** The repository and branch a {@link GiteeGitData} works on. */
export interface GiteeBranch {
  owner: string;
  repo: string;
  branch: string;
}

interface TreeBody {
  sha: string;
  tree: { path: string; type: string; sha: string; mode: string }[];
  truncated: boolean | string;
}

interface CommitBody {
  sha: string;
  commit: { message: string; author?: { date?: string }; committer?: { date?: string } };
  author?: { id?: number | string } | null;
}

/** What a contents write answers: the commit it made (`sha`; Gitee's entity calls it `id`). */
interface WriteBody {
  commit: { sha?: string; id?: string };
}

/**
 * The git port over Gitee's v5 API: the branch's head (GET branches/{branch}), the recursive
 * tree, blobs and commits by path to read; the contents API to write, which commits one file
 * per call: Gitee has no multi-file commit, so a sync is as many commits as files it changes,
 * the workspace's index first (see {@link GiteeGitData.commitFiles} and
 * docs/reference/gitee.md).
 */
export class GiteeGitData implements GitFileWritePort {
  private readonly repoPath: string;

  constructor(
    private readonly client: GiteeClient,
    private readonly target: GiteeBranch,
  ) {
    this.repoPath = repoPath(target.owner, target.repo);
  }

  /** GET branches/{branch}; a missing branch or an empty repository (404): none. */
  async readHead(): Promise<string | undefined> {
    try {
      const branch = await this.client.get<{ commit: { sha: string } }>(
        `${this.repoPath}/branches/${encodePath(this.target.branch)}`,
      );
      return branch.commit.sha;
    } catch (error) {
      if (error instanceof GiteeApiError && error.status === 404) return undefined;
      throw error;
    }
  }

  /** GET git/trees/{commit}?recursive=1: Gitee lists the whole tree in one answer (its tree
   * call has no pages) and says `truncated` when it cut it. */
  async readTree(commit: string): Promise<GitTreeListing> {
    const body = await this.missing(commit, () =>
      this.client.get<TreeBody>(`${this.repoPath}/git/trees/${commit}`, { recursive: 1 }),
    );
    return {
      sha: body.sha,
      entries: body.tree.map((entry) => ({
        path: entry.path,
        type: entry.type as GitTreeEntry['type'],
        sha: entry.sha,
        mode: entry.mode,
      })),
      // Gitee's description types it as a string: "true" counts too.
      truncated: body.truncated === true || body.truncated === 'true',
    };
  }

  /** GET git/blobs/{sha}, decoded from base64. */
  async readBlob(sha: string): Promise<Uint8Array> {
    const body = await this.missing(sha, () =>
      this.client.get<{ content: string }>(`${this.repoPath}/git/blobs/${sha}`),
    );
    return base64Bytes(body.content);
  }

  /** GET commits?sha={branch}&path={path}, every page: the commits that changed the file. */
  async listCommits(path: string): Promise<GitCommitInfo[]> {
    const commits = await this.client.getAll<CommitBody>(`${this.repoPath}/commits`, {
      sha: this.target.branch,
      path,
    });
    return commits.map((commit) => ({
      sha: commit.sha,
      message: commit.commit.message.replace(/\n+$/, ''),
      date: Date.parse(commit.commit.committer?.date ?? commit.commit.author?.date ?? '') || 0,
      ...(commit.author?.id === undefined ? {} : { authorId: String(commit.author.id) }),
    }));
  }

  /**
   * One contents call per change, in the engine's order (the index first): POST a new file,
   * PUT a changed one with `sha` the blob the parent has there, DELETE one with that `sha`.
   * The branch's head is checked first: when it is not `parent`, another client committed and
   * nothing is written. Gitee refusing a `sha` (another writer changed that file since, or its
   * index first of all) is {@link NotFastForwardError}. Resolves with the last commit made.
   */
  async commitFiles(
    message: string,
    parent: string | undefined,
    changes: readonly GitFileChange[],
  ): Promise<string> {
    if ((await this.readHead()) !== parent) throw new NotFastForwardError();
    let head = parent;
    for (const change of changes) {
      const made = await this.writeChange(message, change);
      if (made) head = made;
    }
    if (head === undefined) throw new NotFastForwardError();
    return head;
  }

  private async writeChange(message: string, change: GitFileChange): Promise<string | undefined> {
    const path = `${this.repoPath}/contents/${encodePath(change.path)}`;
    const { branch } = this.target;
    let reply: WriteBody;
    try {
      if ('content' in change || change.sha !== null) {
        const content =
          'content' in change
            ? changeBase64(change, textToBase64)
            : bytesToBase64(await this.readBlob(change.sha));
        reply =
          change.previous === undefined
            ? await this.client.post<WriteBody>(path, { content, message, branch })
            : await this.client.put<WriteBody>(path, {
                content,
                sha: change.previous,
                message,
                branch,
              });
      } else {
        // A removal of a file the parent does not have: nothing to do.
        if (change.previous === undefined) return undefined;
        reply = await this.client.delete<WriteBody>(path, {
          sha: change.previous,
          message,
          branch,
        });
      }
    } catch (error) {
      if (isStale(error)) throw new NotFastForwardError();
      throw error;
    }
    return reply.commit.sha ?? reply.commit.id;
  }

  private async missing<T>(sha: string, read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (error) {
      if (error instanceof GiteeApiError && (error.status === 404 || error.status === 422)) {
        throw new GitObjectMissingError(sha);
      }
      throw error;
    }
  }
}

/**
 * Whether Gitee refused a contents write because the file is not what the parent had: a `sha`
 * that no longer matches, a file created meanwhile (400), a file removed meanwhile (404), the
 * branch moved during the write (409); a 404 of the repository or branch is not. Gitee documents none of these answers: the 400s are
 * told by their message naming the sha or the existing file.
 */
function isStale(error: unknown): boolean {
  if (!(error instanceof GiteeApiError)) return false;
  if (error.status === 409) return true;
  if (error.status === 404) return /file/i.test(error.message);
  return error.status === 400 && /sha|already exists|已存在/i.test(error.message);
}
