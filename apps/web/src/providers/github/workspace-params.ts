import { GITHUB_PROVIDER_IDS, type Workspace } from '@inkstone/core';
import { workspaceId } from '../../services/workspace-id';

/** The branch a repository workspace uses when none is given (spec providers §9: main in the
 * dialogs; the app reads a workspace URL without a branch the same way, docs/how-to). */
export const DEFAULT_WORKSPACE_BRANCH = 'main';

/** The inline error of the Repository URL field. */
export const REPO_URL_INVALID =
  'Enter a repository URL such as https://github.com/owner/repo, or owner/repo.';

/** Where a repository workspace lives: a folder (`path`, '' for the root, else ending with one
 * slash) of a branch of a repository. */
export interface RepoFolder {
  owner: string;
  repo: string;
  branch: string;
  path: string;
}

// GitHub's owner and repository names: letters, digits, '-', '_' and '.', never '.' or '..'.
const NAME = /^[A-Za-z0-9_.-]+$/;
const isName = (value: string) => NAME.test(value) && value !== '.' && value !== '..';

/** A workspace folder path as spec providers §5 writes it: trimmed, leading slashes removed,
 * one trailing slash; a path of slashes only (or nothing) is the root, ''. */
export function normalizeFolderPath(input: string): string {
  const trimmed = input.trim().replace(/^\/+/, '').replace(/\/+$/, '');
  return trimmed === '' ? '' : `${trimmed}/`;
}

/** A branch as typed, trimmed; empty gives the default (main). */
export const normalizeBranch = (input: string) => input.trim() || DEFAULT_WORKSPACE_BRANCH;

/** The workspace's name in lists: the repository, then the folder when not the root
 * (`notes/journal`). */
export const repoWorkspaceName = ({ repo, path }: Pick<RepoFolder, 'repo' | 'path'>) =>
  path === '' ? repo : `${repo}/${path.replace(/\/$/, '')}`;

/** Where the folder shows on GitHub's web pages: `{githubUrl}/owner/repo/tree/branch/path`. */
export function repoFolderUrl(folder: RepoFolder, githubUrl: string): string {
  const encode = (value: string) => value.split('/').map(encodeURIComponent).join('/');
  const base = `${githubUrl.replace(/\/+$/, '')}/${encode(folder.owner)}/${encode(folder.repo)}`;
  const tree = `/tree/${encode(folder.branch)}`;
  return folder.path === '' && folder.branch === DEFAULT_WORKSPACE_BRANCH
    ? base
    : `${base}${tree}${folder.path === '' ? '' : `/${encode(folder.path.replace(/\/$/, ''))}`}`;
}

/** The workspace of a repository folder (provider githubWorkspace): its id a hash of the
 * provider parameters, so the same folder always opens the same local database; `sub` is the
 * GitHub account it syncs with, when known. */
export function githubWorkspace(folder: RepoFolder, githubUrl: string, sub?: string): Workspace {
  const providerId = GITHUB_PROVIDER_IDS.workspace;
  const { owner, repo, branch, path } = folder;
  const workspace: Workspace = {
    id: workspaceId({ providerId, owner, repo, branch, path }),
    name: repoWorkspaceName(folder),
    providerId,
    owner,
    repo,
    branch,
    path,
    locationUrl: repoFolderUrl(folder, githubUrl),
  };
  if (sub !== undefined) workspace.sub = sub;
  return workspace;
}

/** Whether a query string opens a GitHub repository workspace. */
export const isGithubWorkspaceQuery = (search: string) =>
  new URLSearchParams(search).get('providerId') === GITHUB_PROVIDER_IDS.workspace;

/** The repository folder of a workspace's parameters (a workspace URL's query, or a stored
 * workspace), normalised; an error message when they name no repository. */
export function readRepoFolder(params: Record<string, unknown>): RepoFolder | string {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const owner = text(params.owner).trim();
  const repo = text(params.repo).trim();
  if (!isName(owner) || !isName(repo)) {
    return 'A GitHub workspace needs the owner and repo of its repository.';
  }
  return {
    owner,
    repo,
    branch: normalizeBranch(text(params.branch)),
    path: normalizeFolderPath(text(params.path)),
  };
}
