import { GITHUB_FILE_LIMIT } from '../../sync/content-limit.js';
import { type ContentItem, type Item } from '../../items/types.js';
import {
  type ChangesPage,
  type RemoteRevision,
  type SaveEntry,
  type SaveResult,
  type SyncData,
  type WorkspaceProvider,
} from '../../sync/workspace-provider.js';
import { type GitCommitMessages } from '../git/commit-message.js';
import { GitWorkspace } from '../git/git-workspace.js';
import { GITHUB_PROVIDER_IDS } from './constants.js';
import { type GithubClient } from './github-client.js';
import { GithubGitData } from './github-git-data.js';

/** What a GitHub workspace provider needs: the client (with the account's token) and the
 * workspace's repository, branch and folder (spec providers §3: owner, repo, branch, path). */
export interface GithubWorkspaceOptions {
  client: GithubClient;
  owner: string;
  repo: string;
  branch: string;
  /** The workspace's folder in the repository ('' for the whole repository). */
  path: string;
  /** `githubWorkspace` (default) or `githubAppData` for the main workspace. */
  providerId?: string;
  /** Commit message templates from the user settings (default: the settings' defaults). */
  messages?: GitCommitMessages;
  /** Most changes a page holds (default: all in one page); small in tests. */
  pageSize?: number;
}

/**
 * A workspace kept in a folder of a GitHub repository branch (spec providers §4: repository
 * workspaces, and the main workspace in the account's `inkstone-appdata`). Each file is a plain
 * `{path}.md` of the user's text; the rest lives in `.inkstone-data/` (docs/adr/0005-git-workspaces.md). Between
 * `beginSync` and `commitSync` a sync's writes make one commit; alone, each write commits.
 */
export class GithubWorkspaceProvider implements WorkspaceProvider {
  readonly id: string;
  /** GitHub's largest file (ADR 0006). */
  readonly contentLimit = GITHUB_FILE_LIMIT;
  private readonly workspace: GitWorkspace;
  private readonly message: string | undefined;

  constructor(options: GithubWorkspaceOptions);
  /** @internal The same workspace (shared state) with a commit message. */
  constructor(options: GithubWorkspaceOptions, workspace: GitWorkspace, message: string);
  constructor(
    private readonly options: GithubWorkspaceOptions,
    workspace?: GitWorkspace,
    message?: string,
  ) {
    this.id = options.providerId ?? GITHUB_PROVIDER_IDS.workspace;
    this.workspace =
      workspace ??
      new GitWorkspace({
        port: new GithubGitData(options.client, options),
        path: options.path,
        pageSize: options.pageSize,
        messages: options.messages,
      });
    this.message = message;
  }

  getChanges(cursor: string | undefined): Promise<ChangesPage> {
    return this.workspace.getChanges(cursor);
  }

  saveItem(item: Item, syncData: SyncData | undefined): Promise<SyncData> {
    return this.workspace.saveItem(item, syncData, this.message);
  }

  saveItems(entries: readonly SaveEntry[]): Promise<SaveResult[]> {
    return this.workspace.saveItems(entries, this.message);
  }

  removeItem(syncData: SyncData): Promise<void> {
    return this.workspace.removeItem(syncData, this.message);
  }

  downloadContent(fileId: string): Promise<ContentItem | null> {
    return this.workspace.downloadContent(fileId);
  }

  prefetchContent(fileIds: readonly string[]): void {
    this.workspace.prefetchContent(fileIds);
  }

  uploadContent(content: ContentItem, syncData: SyncData | undefined): Promise<SyncData> {
    return this.workspace.saveItem(content, syncData, this.message);
  }

  /** The commits that changed the file's text, newest first (GitHub's commits by path). */
  listRevisions(fileId: string): Promise<RemoteRevision[]> {
    return this.workspace.listRevisions(fileId);
  }

  /** The same workspace, its commits carrying `message` (S14). */
  withCommitMessage(message: string): WorkspaceProvider {
    return new GithubWorkspaceProvider(this.options, this.workspace, message);
  }

  beginSync(): void {
    this.workspace.beginSync();
  }

  commitSync(): Promise<{ from: string; to: string } | undefined> {
    return this.workspace.commitSync();
  }

  discardSync(): void {
    this.workspace.discardSync();
  }
}
