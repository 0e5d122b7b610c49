import { type ContentLimit, GITHUB_FILE_LIMIT } from '../../sync/content-limit.js';
import { type GitCommitMessages } from '../git/commit-message.js';
import {
  GitWorkspaceProvider,
  type GitWorkspaceProviderOptions,
} from '../git/git-workspace-provider.js';
import { GITEA_NAME, GITEA_PROVIDER_IDS } from './constants.js';
import { type GiteaClient } from './gitea-client.js';
import { GiteaGitData } from './gitea-git-data.js';

/** What a Gitea workspace provider needs: the client (the server's API with the account's
 * token) and the workspace's repository, branch and folder (spec providers §3: serverUrl,
 * projectPath `owner/repo`, projectId, branch, path; the client carries the server). */
export interface GiteaWorkspaceOptions {
  client: GiteaClient;
  owner: string;
  repo: string;
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
 * The largest file of a Gitea workspace: GitHub's 100 MB, named Gitea in the message. Gitea
 * documents no limit of its own on a file written through its API (`[repository.upload]
 * FILE_MAX_SIZE` is the web uploader's; a reverse proxy's body limit is the instance's, not the
 * service's), and a text at the app's ceiling (10,000,000 characters, at most 30 MB of UTF-8)
 * stays under it: the limit is the app's shared one, not a claim about Gitea.
 */
export const GITEA_FILE_LIMIT: ContentLimit = { ...GITHUB_FILE_LIMIT, service: GITEA_NAME };

/**
 * A workspace kept in a folder of a Gitea (or Forgejo) repository branch (spec providers §4:
 * repository workspaces), over Gitea's git and contents API: one commit per sync through
 * ChangeFiles, one per file on a server older than Gitea 1.20 (docs/reference/gitea.md).
 *
 * Its content limit is {@link GITEA_FILE_LIMIT}.
 */
export class GiteaWorkspaceProvider extends GitWorkspaceProvider {
  constructor(options: GiteaWorkspaceOptions) {
    super({
      id: GITEA_PROVIDER_IDS.workspace,
      contentLimit: GITEA_FILE_LIMIT,
      port: new GiteaGitData(options.client, options),
      path: options.path,
      pageSize: options.pageSize,
      messages: options.messages,
      onStackeditLayout: options.onStackeditLayout,
      stackeditLayout: options.stackeditLayout,
    });
  }
}
