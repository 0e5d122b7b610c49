import { type ContentItem, type Item } from '../../items/types.js';
import { type ContentLimit } from '../../sync/content-limit.js';
import {
  type ChangesPage,
  type RemoteImage,
  type RemoteRevision,
  type SaveEntry,
  type SaveResult,
  type SyncData,
  type WorkspaceProvider,
} from '../../sync/workspace-provider.js';
import { type GitCommitMessages } from './commit-message.js';
import { type GitDataPort } from './git-data-port.js';
import { GitWorkspace, type GitWorkspaceOptions } from './git-workspace.js';

/** What a workspace kept in a git branch needs, whichever forge holds it. */
export interface GitWorkspaceProviderOptions {
  /** The provider id (`githubWorkspace`, `gitlabWorkspace`, …). */
  id: string;
  /** The forge's largest file, in characters of text (ADR 0006); none for a folder on disk. */
  contentLimit?: ContentLimit;
  /** The forge's dialect on the workspace's repository and branch. */
  port: GitDataPort;
  /** The workspace's folder in the repository ('' for the whole repository). */
  path: string;
  /** Commit message templates from the user settings (default: the settings' defaults). */
  messages?: GitCommitMessages;
  /** Most changes a page holds (default: all in one page); small in tests. */
  pageSize?: number;
  /** Asked what to do with a folder in StackEdit's layout (see {@link GitWorkspaceOptions}). */
  onStackeditLayout?: GitWorkspaceOptions['onStackeditLayout'];
  /** 'keep': synced in StackEdit's layout (issue 33). */
  stackeditLayout?: GitWorkspaceOptions['stackeditLayout'];
}

/**
 * A workspace kept in a folder of a git branch, on any forge (spec providers §4: repository
 * workspaces and the main workspace). Each file is a plain `{path}.md` of the user's text; the
 * rest lives in `.inkstone-data/` (docs/adr/0005-git-workspaces.md). Between `beginSync` and
 * `commitSync` a sync's writes make one commit; alone, each write commits.
 */
export class GitWorkspaceProvider implements WorkspaceProvider {
  readonly id: string;
  readonly contentLimit: ContentLimit | undefined;
  private readonly workspace: GitWorkspace;

  constructor(options: GitWorkspaceProviderOptions);
  /** @internal The same workspace (shared state) with a commit message. */
  constructor(options: GitWorkspaceProviderOptions, workspace: GitWorkspace, message: string);
  constructor(
    private readonly options: GitWorkspaceProviderOptions,
    workspace?: GitWorkspace,
    private readonly message?: string,
  ) {
    this.id = options.id;
    this.contentLimit = options.contentLimit;
    this.workspace =
      workspace ??
      new GitWorkspace({
        port: options.port,
        path: options.path,
        pageSize: options.pageSize,
        messages: options.messages,
        onStackeditLayout: options.onStackeditLayout,
        stackeditLayout: options.stackeditLayout,
      });
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

  /** The image files of the workspace's folder, as of the changes read last. */
  listImages(): Promise<RemoteImage[]> {
    return this.workspace.listImages();
  }

  downloadImage(image: RemoteImage): Promise<string> {
    return this.workspace.downloadImage(image);
  }

  /** Writes an image as a blob of the repository (in the sync's commit within a sync). */
  saveImage(path: string, content: string): Promise<string> {
    return this.workspace.saveImage(path, content, this.message);
  }

  /** The commits that changed the file's text, newest first (the forge's commits by path). */
  listRevisions(fileId: string): Promise<RemoteRevision[]> {
    return this.workspace.listRevisions(fileId);
  }

  /** The file's text at one of those commits. */
  revisionText(fileId: string, _syncData: SyncData, revisionId: string): Promise<string> {
    return this.workspace.revisionText(fileId, revisionId);
  }

  /** The same workspace, its commits carrying `message` (S14). */
  withCommitMessage(message: string): WorkspaceProvider {
    return new GitWorkspaceProvider(this.options, this.workspace, message);
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
