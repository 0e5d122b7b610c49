/** Provider ids of GitLab (spec providers §3; interface §4 "Auto sync" names the workspace one). */
export const GITLAB_PROVIDER_IDS = {
  /** A folder of a project's branch used as a workspace. */
  workspace: 'gitlabWorkspace',
  /** A file location: one file of a project. */
  file: 'gitlab',
} as const;

/** The provider's name in messages ('HTTP error {status} on GitLab location.'). */
export const GITLAB_NAME = 'GitLab';

/** The default branch in GitLab's dialogs (spec providers §9: master for the other forges). */
export const GITLAB_DEFAULT_BRANCH = 'master';

/** GitLab answers at most this many entries a page (docs.gitlab.com/api/rest/#offset-based-pagination):
 * asking for more gets 100, so every list is read page after page. */
export const GITLAB_MAX_PER_PAGE = 100;

/** The REST API's root under a GitLab instance's URL. */
export const GITLAB_API_PATH = '/api/v4';
