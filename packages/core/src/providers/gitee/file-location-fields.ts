import { type GistFields, LocationFieldError } from '../github/file-location-fields.js';
import { normalizeFilePath } from '../github/file-location-url.js';
import { GITEE_DEFAULT_BRANCH, GITEE_PROVIDER_IDS } from './constants.js';
import { type GiteeRepositoryRef, parseGiteeRepositoryUrl } from './file-location-url.js';

/** The fields of a Gitee repository-file location (spec providers §3, host B: owner, repo,
 * branch, path). */
export interface GiteeFileFields extends GiteeRepositoryRef {
  branch: string;
  path: string;
}

/** What the Gitee file dialogs hold (Repository URL, File path, Branch). */
export interface GiteeFileForm {
  repoUrl: string;
  path: string;
  branch?: string;
}

/**
 * Checks and reads a Gitee file dialog (spec providers §5: a parsable repository URL and a path
 * are required; the branch 'master' when empty). Throws LocationFieldError naming the field at
 * fault, in the GitHub dialogs' words.
 */
export function readGiteeFileForm(form: GiteeFileForm, webUrl?: string): GiteeFileFields {
  const ref = parseGiteeRepositoryUrl(form.repoUrl, webUrl);
  if (!ref) throw new LocationFieldError('repoUrl', 'Repository URL is invalid.');
  const path = normalizeFilePath(form.path);
  if (path === '' || path.endsWith('/')) {
    throw new LocationFieldError('path', 'File path is required.');
  }
  return { ...ref, branch: form.branch?.trim() || GITEE_DEFAULT_BRANCH, path };
}

/** Whether a location is a repository file of Gitee, with its fields. */
export function isGiteeFileLocation<T extends { providerId: string; [field: string]: unknown }>(
  location: T,
): location is T & GiteeFileFields {
  return (
    location.providerId === GITEE_PROVIDER_IDS.file &&
    typeof location.owner === 'string' &&
    typeof location.repo === 'string' &&
    typeof location.branch === 'string' &&
    typeof location.path === 'string'
  );
}

/** Whether a location is a Gitee gist file, with its fields (those of a GitHub gist: gistId,
 * filename, isPublic; the dialog is read by readGistForm). */
export function isGiteeGistLocation<T extends { providerId: string; [field: string]: unknown }>(
  location: T,
): location is T & GistFields {
  return (
    location.providerId === GITEE_PROVIDER_IDS.gist &&
    typeof location.gistId === 'string' &&
    typeof location.filename === 'string'
  );
}
