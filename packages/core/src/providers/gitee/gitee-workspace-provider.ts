import { type GitCommitMessages } from '../git/commit-message.js';
import {
  GitWorkspaceProvider,
  type GitWorkspaceProviderOptions,
} from '../git/git-workspace-provider.js';
import { GITEE_FILE_LIMIT, GITEE_PROVIDER_IDS } from './constants.js';
import { type GiteeClient } from './gitee-client.js';
import { GiteeGitData } from './gitee-git-data.js';

/** What a Gitee workspace provider needs: the client (with the account's token) and the
 * workspace's repository, branch and folder (spec providers §3: owner, repo, branch, path). */
export interface GiteeWorkspaceOptions {
  client: GiteeClient;
  owner: string;
  repo: string;
  branch: string;
  /** The workspace's folder in the repository ('' for the whole repository). */
  path: string;
  /** `giteeWorkspace` (default) or `giteeAppData` for the main workspace. */
  providerId?: string;
  /** Commit message templates from the user settings (default: the settings' defaults). */
  messages?: GitCommitMessages;
  /** Most changes a page holds (default: all in one page); small in tests. */
  pageSize?: number;
  /** Asked what to do with a folder in StackEdit's layout (issue 33). */
  onStackeditLayout?: GitWorkspaceProviderOptions['onStackeditLayout'];
  /** 'keep': synced in StackEdit's layout (issue 33). */
  stackeditLayout?: GitWorkspaceProviderOptions['stackeditLayout'];
}

/**
 * A workspace kept in a folder of a Gitee repository branch (spec providers §4: repository
 * workspaces, and the main workspace in the account's app-data repository), over Gitee's v5
 * API: one commit per file written (Gitee has no multi-file commit), the index first.
 */
export class GiteeWorkspaceProvider extends GitWorkspaceProvider {
  constructor(options: GiteeWorkspaceOptions) {
    super({
      id: options.providerId ?? GITEE_PROVIDER_IDS.workspace,
      contentLimit: GITEE_FILE_LIMIT,
      port: new GiteeGitData(options.client, options),
      path: options.path,
      pageSize: options.pageSize,
      messages: options.messages,
      onStackeditLayout: options.onStackeditLayout,
      stackeditLayout: options.stackeditLayout,
    });
  }
}
