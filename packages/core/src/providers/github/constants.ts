/** Provider ids of GitHub (spec providers §3; interface §4 "Auto sync" names the workspace ones). */
export const GITHUB_PROVIDER_IDS = {
  /** The main workspace kept in the signed-in account's app-data repository. */
  appData: 'githubAppData',
  /** A folder of a repository used as a workspace. */
  workspace: 'githubWorkspace',
  /** A file location: one file of a repository. */
  file: 'github',
  /** A file location: one file of a gist. */
  gist: 'gist',
} as const;

/** The private repository of the signed-in account that holds the main workspace (spec providers
 * §7: checked, and on 404 created private). The reference named it `stackeditplus-appdata`. */
export const APP_DATA_REPO = 'inkstone-appdata';

/** GitHub's default branch in dialogs (spec providers §9). */
export const GITHUB_DEFAULT_BRANCH = 'main';

/** The provider's name in messages. */
export const GITHUB_NAME = 'GitHub';

/** Scopes asked at sign-in (spec providers §6): `repo` when full repository access is ticked,
 * else `public_repo`; `gist` always. */
export const githubScopes = (repoFullAccess: boolean): string[] => [
  repoFullAccess ? 'repo' : 'public_repo',
  'gist',
];

/** The spec's messages (providers §8). */
export const GIT_TREE_TOO_BIG = 'Git tree too big. Please remove some files in the repository.';
export const GIST_FILE_NOT_FOUND = 'Gist file not found.';
export const accountNotExpected = (provider: string) => `${provider} account ID not expected.`;
export const httpErrorOnLocation = (status: number, provider: string) =>
  `HTTP error ${status} on ${provider} location.`;
