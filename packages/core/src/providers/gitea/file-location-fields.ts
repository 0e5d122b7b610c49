import { LocationFieldError } from '../github/file-location-fields.js';
import { normalizeFilePath } from '../github/file-location-url.js';
import { GITEA_PROVIDER_IDS } from './constants.js';
import {
  giteaBranchOrDefault,
  giteaProjectPath,
  parseGiteaRepositoryUrl,
} from './file-location-url.js';

/** The fields of a Gitea file location (spec providers §3, service S): the repository as
 * `owner/repo` and Gitea's id of it, the branch and the file's path. */
export interface GiteaFileFields {
  projectPath: string;
  projectId: number;
  branch: string;
  path: string;
}

/** What the Gitea file dialogs hold (Repository URL, File path, Branch). */
export interface GiteaFileForm {
  repoUrl: string;
  path: string;
  branch?: string;
}

/**
 * Checks and reads a Gitea file dialog (spec providers §5: a parsable repository URL on the
 * account's server and a path are required; branch `master` when empty). Throws
 * {@link LocationFieldError} naming the field at fault. The `projectId` is Gitea's, looked up
 * afterwards (`lookUpGiteaRepository`).
 */
export function readGiteaFileForm(
  form: GiteaFileForm,
  serverUrl: string,
): Omit<GiteaFileFields, 'projectId'> {
  const ref = parseGiteaRepositoryUrl(form.repoUrl, serverUrl);
  if (!ref) throw new LocationFieldError('repoUrl', 'Repository URL is invalid.');
  const path = normalizeFilePath(form.path);
  if (path === '' || path.endsWith('/')) {
    throw new LocationFieldError('path', 'File path is required.');
  }
  return { projectPath: giteaProjectPath(ref), branch: giteaBranchOrDefault(form.branch), path };
}

/** Whether a location is a file of a Gitea repository, with its fields. */
export function isGiteaFileLocation<T extends { providerId: string; [field: string]: unknown }>(
  location: T,
): location is T & GiteaFileFields {
  return (
    location.providerId === GITEA_PROVIDER_IDS.file &&
    typeof location.projectPath === 'string' &&
    typeof location.branch === 'string' &&
    typeof location.path === 'string'
  );
}
