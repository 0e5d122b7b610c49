import { GITHUB_FILE_LIMIT } from '../../sync/content-limit.js';
import { type GitCommitMessages } from '../git/commit-message.js';
import {
  GitWorkspaceProvider,
  type GitWorkspaceProviderOptions,
} from '../git/git-workspace-provider.js';
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
  /** Asked what to do with a folder in StackEdit's layout (issue 33). */
  onStackeditLayout?: GitWorkspaceProviderOptions['onStackeditLayout'];
  /** 'keep': synced in StackEdit's layout (issue 33). */
  stackeditLayout?: GitWorkspaceProviderOptions['stackeditLayout'];
}

/**
 * A workspace kept in a folder of a GitHub repository branch (spec providers §4: repository
 * workspaces, and the main workspace in the account's `inkstone-appdata`), over GitHub's git
 * data API.
 */
export class GithubWorkspaceProvider extends GitWorkspaceProvider {
  constructor(options: GithubWorkspaceOptions) {
    super({
      id: options.providerId ?? GITHUB_PROVIDER_IDS.workspace,
      /** GitHub's largest file (ADR 0006). */
      contentLimit: GITHUB_FILE_LIMIT,
      port: new GithubGitData(options.client, options),
      path: options.path,
      pageSize: options.pageSize,
      messages: options.messages,
      onStackeditLayout: options.onStackeditLayout,
      stackeditLayout: options.stackeditLayout,
    });
  }
}
