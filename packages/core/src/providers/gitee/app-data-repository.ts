import { APP_DATA_REPO } from '../github/constants.js';
import { emptyManifest, GIT_MANIFEST_PATH } from '../git/layout.js';
import { GiteeApiError, type GiteeClient, repoPath } from './gitee-client.js';
import { GiteeGitData } from './gitee-git-data.js';

/** A repository as Gitee describes it (the fields the app reads). */
export interface GiteeRepository {
  /** The name in URLs (Gitee's `path`; `name` may be a display name). */
  path: string;
  full_name: string;
  private: boolean;
  default_branch: string;
  owner: { login: string };
}

/**
 * The signed-in account's private app-data repository on Gitee, which holds a Gitee main
 * workspace (spec providers "Host B": repository check, and on 404 POST user/repos with name and
 * auto_init). Its name is GitHub's, `inkstone-appdata` (the reference's `stackeditplus-appdata`,
 * renamed alike). Created private with a first commit (so that `master` exists) whose README.md
 * is then replaced by an empty workspace index, so the main workspace starts empty. A public
 * repository of that name is refused: the main workspace holds the user's tokens and settings.
 */
export async function ensureGiteeAppDataRepository(
  client: GiteeClient,
  login: string,
): Promise<GiteeRepository> {
  let repository: GiteeRepository;
  try {
    repository = await client.get<GiteeRepository>(repoPath(login, APP_DATA_REPO));
  } catch (error) {
    if (!(error instanceof GiteeApiError) || error.status !== 404) throw error;
    repository = await client.post<GiteeRepository>('/user/repos', {
      name: APP_DATA_REPO,
      private: true,
      auto_init: true,
      description: 'Inkstone main workspace',
    });
    await replaceReadme(client, repository);
  }
  if (!repository.private) throw new Error(GITEE_APP_DATA_REPO_PUBLIC);
  return repository;
}

// The first commit's README.md would show as a file of the main workspace: the index is
// written, then the README removed (two commits: Gitee writes a file per commit).
async function replaceReadme(client: GiteeClient, repository: GiteeRepository): Promise<void> {
  const git = new GiteeGitData(client, {
    owner: repository.owner.login,
    repo: repository.path,
    branch: repository.default_branch,
  });
  const head = await git.readHead();
  const readme = head
    ? (await git.readTree(head)).entries.find((entry) => entry.path === 'README.md')
    : undefined;
  const manifest = `${JSON.stringify(emptyManifest(), null, 1)}\n`;
  await git.commitFiles('Inkstone main workspace', head, [
    { path: GIT_MANIFEST_PATH, content: manifest },
    ...(readme ? [{ path: readme.path, sha: null, previous: readme.sha }] : []),
  ]);
}

/** The app-data repository exists but is public: nothing is written to it. */
export const GITEE_APP_DATA_REPO_PUBLIC = `The repository ${APP_DATA_REPO} is public: make it private on Gitee so that the main workspace can be kept there.`;
