/** Provider ids of Gitea (and Forgejo), spec providers §3 ("service S"). */
export const GITEA_PROVIDER_IDS = {
  /** A folder of a repository used as a workspace. */
  workspace: 'giteaWorkspace',
  /** A file location: one file of a repository. */
  file: 'gitea',
} as const;

/** Gitea's default branch in dialogs and workspace URLs (spec providers §5, §9). */
export const GITEA_DEFAULT_BRANCH = 'master';

/** The provider's name in messages. */
export const GITEA_NAME = 'Gitea';

/** Where a Gitea server answers its API: the server URL (scheme and host) and `/api/v1`
 * (spec providers §7, "Service S (server URL + /api/v1)"). */
export const giteaApiUrl = (serverUrl: string) => `${serverUrl.replace(/\/+$/, '')}/api/v1`;
