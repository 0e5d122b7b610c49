import { GITLAB_DEFAULT_BRANCH, GITLAB_PROVIDER_IDS } from './constants.js';
import { parseProjectUrl } from './file-location-url.js';
import { FieldError } from '../../validation/field-error.js';

/** The fields of a GitLab file location (spec providers §3, host C: projectPath, projectId,
 * branch, path). `projectId` is GitLab's numeric id once read ('' until then: the API takes
 * the URL-encoded path as well). */
export interface GitlabFileFields {
  projectPath: string;
  projectId: string;
  branch: string;
  path: string;
}

/** A field of a GitLab dialog and what is wrong with it (the spec's field names, providers §2). */
export class GitlabFieldError extends FieldError<'projectUrl' | 'path'> {
  override readonly name = 'GitlabFieldError';
}

/** What the GitLab file dialogs hold (Project URL, File path, Branch). */
export interface GitlabFileForm {
  projectUrl: string;
  path: string;
  branch?: string;
}

/**
 * Checks and reads a GitLab open, sync or publish dialog (spec providers §5: "a parsable
 * repository or project URL and a path are required"; the branch `master` when empty, host
 * C's default). Throws {@link GitlabFieldError} naming the field at fault.
 */
export function readGitlabFileForm(form: GitlabFileForm, serverUrl: string): GitlabFileFields {
  const projectPath = parseProjectUrl(form.projectUrl, serverUrl);
  if (!projectPath) throw new GitlabFieldError('projectUrl', 'Project URL is invalid.');
  const path = form.path.trim().replace(/^\/+/, '');
  if (path === '' || path.endsWith('/')) {
    throw new GitlabFieldError('path', 'File path is required.');
  }
  return {
    projectPath,
    projectId: '',
    branch: form.branch?.trim() || GITLAB_DEFAULT_BRANCH,
    path,
  };
}

/** Whether a location is a file of a GitLab project, with its fields. */
export function isGitlabFileLocation<T extends { providerId: string; [field: string]: unknown }>(
  location: T,
): location is T & GitlabFileFields {
  return (
    location.providerId === GITLAB_PROVIDER_IDS.file &&
    typeof location.projectPath === 'string' &&
    typeof location.branch === 'string' &&
    typeof location.path === 'string'
  );
}
