import { GITHUB_PROVIDER_IDS } from './constants.js';
import {
  branchOrDefault,
  normalizeFilePath,
  parseRepositoryUrl,
  type RepositoryRef,
} from './file-location-url.js';
import { FieldError } from '../../validation/field-error.js';

/** The fields of a repository-file location (spec providers §3, host A). */
export interface GithubFileFields extends RepositoryRef {
  branch: string;
  path: string;
}

/** The fields of a gist location (spec providers §3): `gistId` is empty until the first upload
 * creates the gist. */
export interface GistFields {
  gistId: string;
  filename: string;
  isPublic: boolean;
}

/** A field of a dialog and what is wrong with it (the spec's field names, providers §2). */
export class LocationFieldError extends FieldError<'repoUrl' | 'path' | 'filename'> {
  override readonly name = 'LocationFieldError';
}

/** What the GitHub file dialogs hold (Repository URL, File path, Branch). */
export interface GithubFileForm {
  repoUrl: string;
  path: string;
  branch?: string;
}

/**
 * Checks and reads a GitHub file dialog (spec providers §5: "a parsable repository URL and a
 * path are required"; branch 'main' when empty). Throws {@link LocationFieldError} naming the
 * field at fault.
 */
export function readGithubFileForm(form: GithubFileForm, githubUrl: string): GithubFileFields {
  const ref = parseRepositoryUrl(form.repoUrl, githubUrl);
  if (!ref) throw new LocationFieldError('repoUrl', 'Repository URL is invalid.');
  const path = normalizeFilePath(form.path);
  if (path === '' || path.endsWith('/')) {
    throw new LocationFieldError('path', 'File path is required.');
  }
  return { ...ref, branch: branchOrDefault(form.branch), path };
}

/** What the gist dialogs hold (Filename, Public, Existing Gist ID). */
export interface GistForm {
  filename: string;
  isPublic: boolean;
  gistId?: string;
}

/** Checks and reads a gist dialog (spec providers §5: "Gist: filename required"). */
export function readGistForm(form: GistForm): GistFields {
  const filename = form.filename.trim();
  if (filename === '' || filename.includes('/')) {
    throw new LocationFieldError('filename', 'Filename is required.');
  }
  return { gistId: form.gistId?.trim() ?? '', filename, isPublic: form.isPublic };
}

/** Whether a location is a repository file of GitHub, with its fields. */
export function isGithubFileLocation<T extends { providerId: string; [field: string]: unknown }>(
  location: T,
): location is T & GithubFileFields {
  return (
    location.providerId === GITHUB_PROVIDER_IDS.file &&
    typeof location.owner === 'string' &&
    typeof location.repo === 'string' &&
    typeof location.branch === 'string' &&
    typeof location.path === 'string'
  );
}

/** Whether a location is a gist file, with its fields. */
export function isGistLocation<T extends { providerId: string; [field: string]: unknown }>(
  location: T,
): location is T & GistFields {
  return (
    location.providerId === GITHUB_PROVIDER_IDS.gist &&
    typeof location.gistId === 'string' &&
    typeof location.filename === 'string'
  );
}
