import { APP_DATA_REPO } from './constants.js';
import { emptyManifest, GIT_MANIFEST_PATH } from '../git/layout.js';
import { GithubApiError, type GithubClient } from './github-client.js';
import { GithubGitData } from './github-git-data.js';

/** The repository as GitHub describes it (the fields the app reads). */
export interface GithubRepository {
  name: string;
  full_name: string;
  private: boolean;
  default_branch: string;
  owner: { login: string };
}

/**
 * The signed-in account's private app-data repository, which holds the main workspace (spec
 * providers §7): GET /repos/{login}/inkstone-appdata, and on 404 POST /user/repos to create it,
 * private, with a first commit (so its branch exists) whose README.md is then replaced by an
 * empty workspace index, so the main workspace starts empty. A repository that exists and is public
 * is refused: the main workspace holds the user's tokens and settings.
 */
export async function ensureAppDataRepository(
  client: GithubClient,
  login: string,
): Promise<GithubRepository> {
  let repository: GithubRepository;
  try {
    repository = await client.get<GithubRepository>(
      `/repos/${encodeURIComponent(login)}/${APP_DATA_REPO}`,
    );
  } catch (error) {
    if (!(error instanceof GithubApiError) || error.status !== 404) throw error;
    repository = await client.post<GithubRepository>('/user/repos', {
      name: APP_DATA_REPO,
      private: true,
      auto_init: true,
      description: 'Inkstone main workspace',
    });
    await replaceReadme(client, repository);
  }
  if (!repository.private) throw new Error(APP_DATA_REPO_PUBLIC);
  return repository;
}

// The first commit's README.md would show as a file of the main workspace: a second commit
// replaces it with an empty manifest (the git data API needs a first commit to build on).
async function replaceReadme(client: GithubClient, repository: GithubRepository): Promise<void> {
  const git = new GithubGitData(client, {
    owner: repository.owner.login,
    repo: repository.name,
    branch: repository.default_branch,
  });
  const head = await git.readHead();
  const manifest = `${JSON.stringify(emptyManifest(), null, 1)}\n`;
  const tree = await git.writeTree(undefined, [{ path: GIT_MANIFEST_PATH, content: manifest }]);
  const commit = await git.writeCommit('Inkstone main workspace', tree, head ? [head] : []);
  await git.moveHead(commit, head);
}

/** The app-data repository exists but is public: nothing is written to it. */
export const APP_DATA_REPO_PUBLIC = `The repository ${APP_DATA_REPO} is public: make it private on GitHub so that the main workspace can be kept there.`;
