import {
  FORGE_NAMES,
  type ForgeId,
  GITEA_PROVIDER_IDS,
  GITEE_PROVIDER_IDS,
  GITLAB_PROVIDER_IDS,
  reduceServerUrl,
  type Workspace,
} from '@inkstone/core';
import { workspaceId } from '../../services/workspace-id';

/** The default branch of a GitLab, Gitea or Gitee workspace (spec providers §5 and §9: master,
 * in the dialogs and in workspace URLs alike). */
export const FORGE_DEFAULT_BRANCH = 'master';

/** The workspace provider id of each forge (spec providers §3; interface §4 names them). */
export const FORGE_WORKSPACE_PROVIDER_IDS: Record<ForgeId, string> = {
  gitlab: GITLAB_PROVIDER_IDS.workspace,
  gitea: GITEA_PROVIDER_IDS.workspace,
  gitee: GITEE_PROVIDER_IDS.workspace,
};

/** The forge whose workspace provider id this is, or undefined. */
export function forgeOfProvider(providerId: unknown): ForgeId | undefined {
  const found = (Object.keys(FORGE_WORKSPACE_PROVIDER_IDS) as ForgeId[]).find(
    (forge) => FORGE_WORKSPACE_PROVIDER_IDS[forge] === providerId,
  );
  return found;
}

/** A folder of a GitLab project or Gitea repository (spec providers §3: serverUrl, projectPath,
 * branch, path; `path` without slashes at either end, '' for the whole repository). */
export interface SelfHostedFolder {
  forge: 'gitlab' | 'gitea';
  serverUrl: string;
  projectPath: string;
  branch: string;
  path: string;
}

/** A folder of a Gitee repository (spec providers §3: owner, repo, branch, path; `path` with
 * one trailing slash, '' for the whole repository). */
export interface GiteeFolder {
  forge: 'gitee';
  owner: string;
  repo: string;
  branch: string;
  path: string;
}

/** Where a GitLab, Gitea or Gitee workspace lives. */
export type ForgeFolder = SelfHostedFolder | GiteeFolder;

/** The label of each forge's repository field in the workspace dialog (spec providers §2). */
export const FORGE_REPO_LABELS: Record<ForgeId, string> = {
  gitlab: 'Project URL',
  gitea: 'Repository URL',
  gitee: 'Repository URL',
};

/** The inline error of the Project URL / Repository URL field (GitHub's words, with the
 * forge's server in the example). */
export function forgeRepoUrlInvalid(forge: ForgeId, serverUrl: string): string {
  return forge === 'gitlab'
    ? `Enter a project URL such as ${serverUrl}/group/project, or group/project.`
    : `Enter a repository URL such as ${serverUrl}/owner/repo, or owner/repo.`;
}

const stripSlashes = (value: string) => value.trim().replace(/^\/+|\/+$/g, '');

/** A branch as typed, trimmed; empty gives master. */
export const forgeBranch = (input: string | undefined) =>
  (input ?? '').trim() || FORGE_DEFAULT_BRANCH;

/** A folder path as spec providers §5 writes it for the forge: GitLab and Gitea trimmed with
 * their slashes stripped; Gitee trimmed, with one trailing slash ('' stays the root). */
export function forgeFolderPath(forge: ForgeId, input: string | undefined): string {
  const stripped = stripSlashes(input ?? '');
  return forge === 'gitee' && stripped !== '' ? `${stripped}/` : stripped;
}

/** The workspace's name in lists: the repository's name, then the folder when not the root. */
export function forgeWorkspaceName(folder: ForgeFolder): string {
  const repo = folder.forge === 'gitee' ? folder.repo : folder.projectPath.split('/').pop()!;
  const path = folder.path.replace(/\/$/, '');
  return path === '' ? repo : `${repo}/${path}`;
}

const encodePath = (value: string) => value.split('/').map(encodeURIComponent).join('/');

/** Where the folder shows on the forge's web pages: GitLab's `/-/tree/{branch}/{path}`,
 * Gitea's `/src/branch/{branch}/{path}`, Gitee's `/tree/{branch}/{path}`; the repository's page
 * itself for the root of master. `giteeUrl` is Gitee's web origin. */
export function forgeFolderUrl(folder: ForgeFolder, giteeUrl: string): string {
  const origin = (folder.forge === 'gitee' ? giteeUrl : folder.serverUrl).replace(/\/+$/, '');
  const project = folder.forge === 'gitee' ? `${folder.owner}/${folder.repo}` : folder.projectPath;
  const base = `${origin}/${encodePath(project)}`;
  const path = folder.path.replace(/\/$/, '');
  if (path === '' && folder.branch === FORGE_DEFAULT_BRANCH) return base;
  const tree =
    folder.forge === 'gitlab' ? '/-/tree/' : folder.forge === 'gitea' ? '/src/branch/' : '/tree/';
  return `${base}${tree}${encodePath(folder.branch)}${path === '' ? '' : `/${encodePath(path)}`}`;
}

/** The workspace of a forge folder: its id a hash of its provider parameters (the same folder
 * opens the same local database), its name and web page; `sub` the account it syncs with. */
export function forgeWorkspace(folder: ForgeFolder, giteeUrl: string, sub?: string): Workspace {
  const providerId = FORGE_WORKSPACE_PROVIDER_IDS[folder.forge];
  const params: Record<string, string> =
    folder.forge === 'gitee'
      ? { owner: folder.owner, repo: folder.repo, branch: folder.branch, path: folder.path }
      : {
          serverUrl: folder.serverUrl,
          projectPath: folder.projectPath,
          branch: folder.branch,
          path: folder.path,
        };
  const workspace: Workspace = {
    id: workspaceId({ providerId, ...params }),
    name: forgeWorkspaceName(folder),
    providerId,
    ...params,
    locationUrl: forgeFolderUrl(folder, giteeUrl),
  };
  if (sub !== undefined && sub !== '') workspace.sub = sub;
  return workspace;
}

/** The parameters a forge workspace's URL carries (spec providers §2), in order. */
export const FORGE_WORKSPACE_URL_KEYS = ['serverUrl', 'projectPath', 'sub'] as const;

/**
 * The forge folder of a workspace's parameters (a workspace URL's query, or a stored workspace),
 * normalised as spec providers §5 says; an error message when they name no repository.
 */
export function readForgeFolder(
  forge: ForgeId,
  params: Record<string, unknown>,
): ForgeFolder | string {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const branch = forgeBranch(text(params.branch));
  const path = forgeFolderPath(forge, text(params.path));
  if (forge === 'gitee') {
    const owner = text(params.owner).trim();
    const repo = text(params.repo).trim();
    if (!/^[A-Za-z0-9_.-]+$/.test(owner) || !/^[A-Za-z0-9_.-]+$/.test(repo)) {
      return 'A Gitee workspace needs the owner and repo of its repository.';
    }
    return { forge, owner, repo, branch, path };
  }
  const serverUrl = reduceServerUrl(text(params.serverUrl));
  const projectPath = stripSlashes(text(params.projectPath));
  const segments = projectPath.split('/');
  // GitLab: a namespace (groups nest) and the project; Gitea: exactly owner/repo.
  const named = forge === 'gitea' ? segments.length === 2 : segments.length >= 2;
  if (serverUrl === undefined || !named || segments.some((segment) => segment === '')) {
    return `A ${FORGE_NAMES[forge]} workspace needs the serverUrl and projectPath of its repository.`;
  }
  return { forge, serverUrl, projectPath, branch, path };
}

/** Whether a query string opens a Gitee repository workspace (its page is on the Gitee the
 * server names). */
export const isGiteeWorkspaceQuery = (search: string) =>
  new URLSearchParams(search).get('providerId') === GITEE_PROVIDER_IDS.workspace;
