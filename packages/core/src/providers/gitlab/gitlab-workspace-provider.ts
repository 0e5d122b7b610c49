import { type ContentLimit, GITHUB_FILE_LIMIT } from '../../sync/content-limit.js';
import { type GitCommitMessages } from '../git/commit-message.js';
import {
  GitWorkspaceProvider,
  type GitWorkspaceProviderOptions,
} from '../git/git-workspace-provider.js';
import { GITLAB_PROVIDER_IDS } from './constants.js';
import { type GitlabClient } from './gitlab-client.js';
import { GitlabGitData } from './gitlab-git-data.js';

/** What a GitLab workspace provider needs: the client (the instance and the account's token)
 * and the workspace's project, branch and folder (spec providers §3). */
export interface GitlabWorkspaceOptions {
  client: GitlabClient;
  /** The project's full path (`group/sub/notes`). */
  projectPath: string;
  /** Its numeric id when known (else read once from the path). */
  projectId?: string | number;
  branch: string;
  /** The workspace's folder in the repository ('' for the whole repository). */
  path: string;
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
 * The largest file a GitLab workspace writes: GitHub's 100 MB under GitLab's name. GitLab
 * documents no per-file limit of its own for files written through the API (its limits are
 * per instance: the push and repository sizes an administrator sets), so the figure a forge
 * takes in one file stays the same, and the message names the service the user writes to.
 */
export const GITLAB_FILE_LIMIT: ContentLimit = { ...GITHUB_FILE_LIMIT, service: 'GitLab' };

/**
 * A workspace kept in a folder of a GitLab project's branch (spec providers §4: repository
 * workspaces), over GitLab's repository and commits APIs: one commit per sync.
 */
export class GitlabWorkspaceProvider extends GitWorkspaceProvider {
  /** The port, for callers that need the project's id once read. */
  readonly git: GitlabGitData;

  constructor(options: GitlabWorkspaceOptions) {
    const git = new GitlabGitData(options.client, options);
    super({
      id: GITLAB_PROVIDER_IDS.workspace,
      contentLimit: GITLAB_FILE_LIMIT,
      port: git,
      path: options.path,
      pageSize: options.pageSize,
      messages: options.messages,
      onStackeditLayout: options.onStackeditLayout,
      stackeditLayout: options.stackeditLayout,
    });
    this.git = git;
  }
}
