import { GITHUB_DEFAULT_BRANCH } from './constants.js';

/** A repository named by its owner and name. */
export interface RepositoryRef {
  owner: string;
  repo: string;
}

// An owner is GitHub's user or organisation name; a repository name is letters, digits, `.`,
// `-` and `_` (GitHub replaces anything else).
const OWNER = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;
const REPO = /^[A-Za-z0-9._-]+$/;
const isRepoName = (name: string) => REPO.test(name) && name !== '.' && name !== '..';

/**
 * Reads the 'Repository URL' of the GitHub dialogs (spec providers §2, §5): `owner/repo`, or a
 * web URL of the repository on `githubUrl` (GitHub, an Enterprise server or forge-sim, from
 * `/conf`), with or without `.git`, a trailing slash or a `/tree/…` tail; `git@host:owner/repo`
 * too. Undefined when it names no repository, or one on another host. The one parser of the
 * GitHub workspace dialog and of the file location and publish dialogs.
 */
export function parseRepositoryUrl(input: string, githubUrl: string): RepositoryRef | undefined {
  const text = input.trim();
  let path: string;
  const ssh = /^git@([^:]+):(.+)$/.exec(text);
  if (ssh) {
    if (ssh[1]!.toLowerCase() !== hostOf(githubUrl)) return undefined;
    path = ssh[2]!;
  } else if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    const url = splitUrl(text);
    if (!url || url.host !== hostOf(githubUrl)) return undefined;
    // An Enterprise server or forge-sim may live under a path of its own.
    const base = basePath(githubUrl);
    if (!url.path.startsWith(`${base}/`)) return undefined;
    path = url.path.slice(base.length);
  } else {
    // The short form is exactly `owner/repo`: anything more is a path, not a repository.
    if (text.split('/').length !== 2) return undefined;
    path = text;
  }
  const [owner, rawRepo] = path.replace(/^\/+/, '').split('/');
  const repo = rawRepo?.replace(/\.git$/, '');
  if (!owner || !repo || !OWNER.test(owner) || !isRepoName(repo)) return undefined;
  return { owner, repo };
}

/** The web URL of a repository, as the dialogs show it back. */
export function repositoryWebUrl(ref: RepositoryRef, githubUrl: string): string {
  return `${githubUrl.replace(/\/+$/, '')}/${ref.owner}/${ref.repo}`;
}

/** A file's path in a repository as the dialogs take it: trimmed, with no leading slash. */
export const normalizeFilePath = (path: string) => path.trim().replace(/^\/+/, '');

/** The branch of a dialog: trimmed, 'main' when empty (spec providers §9). */
export const branchOrDefault = (branch: string | undefined) =>
  branch?.trim() || GITHUB_DEFAULT_BRANCH;

// Core has no URL class (no DOM typings): an absolute http(s) URL read by hand, its host
// lower-cased, its path without query or fragment.
function splitUrl(url: string): { host: string; path: string } | undefined {
  const match = /^https?:\/\/(?:[^@/?#]*@)?([^/?#]+)([^?#]*)/i.exec(url.trim());
  if (!match) return undefined;
  return { host: match[1]!.toLowerCase(), path: match[2] || '/' };
}

function hostOf(githubUrl: string): string {
  return splitUrl(githubUrl)?.host ?? '';
}

function basePath(githubUrl: string): string {
  return (splitUrl(githubUrl)?.path ?? '').replace(/\/+$/, '');
}
