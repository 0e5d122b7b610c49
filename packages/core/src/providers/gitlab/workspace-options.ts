import { reduceServerUrl, SERVER_URL_INVALID } from '../forge-accounts/server-url.js';
import { GITLAB_DEFAULT_BRANCH } from './constants.js';

/** A GitLab repository workspace's parameters (spec providers §3: serverUrl, projectPath,
 * projectId, branch, path). */
export interface GitlabWorkspaceParams {
  /** The instance, scheme and host only (`https://gitlab.example.com`). */
  serverUrl: string;
  /** The project's full path (`group/sub/notes`). */
  projectPath: string;
  /** The project's numeric id, once known. */
  projectId?: string;
  branch: string;
  /** The workspace's folder in the project ('' for the whole repository). */
  path: string;
}

/** A server URL that is not an http(s) URL with a host (the field `serverUrl`, with the
 * account dialog's words). */
export class GitlabServerUrlError extends Error {
  readonly field = 'serverUrl';
  constructor() {
    super(SERVER_URL_INVALID);
    this.name = 'GitlabServerUrlError';
  }
}

/** A GitLab instance's URL reduced to its scheme and host (spec providers §5), as the account
 * dialog reduces it (`reduceServerUrl`): `https://gitlab.example.com/some/page?x` →
 * `https://gitlab.example.com`; otherwise {@link GitlabServerUrlError}. */
export function gitlabServerUrl(url: string): string {
  const reduced = reduceServerUrl(url);
  if (reduced === undefined) throw new GitlabServerUrlError();
  return reduced;
}

const stripSlashes = (value: string) => value.trim().replace(/^\/+|\/+$/g, '');

/**
 * A workspace's parameters as the provider uses them (spec providers §5, as for service S, the
 * other instance-addressed forge): the server URL reduced to scheme and host; the project path
 * and the folder trimmed, their slashes stripped at both ends; the branch trimmed, `master` when
 * empty (providers §: host C's default branch).
 */
export function gitlabWorkspaceParams(raw: {
  serverUrl: string;
  projectPath: string;
  projectId?: string | number | undefined;
  branch?: string | undefined;
  path?: string | undefined;
}): GitlabWorkspaceParams {
  const projectId = raw.projectId === undefined ? '' : String(raw.projectId).trim();
  return {
    serverUrl: gitlabServerUrl(raw.serverUrl),
    projectPath: stripSlashes(raw.projectPath),
    ...(projectId === '' ? {} : { projectId }),
    branch: raw.branch?.trim() || GITLAB_DEFAULT_BRANCH,
    path: stripSlashes(raw.path ?? ''),
  };
}
