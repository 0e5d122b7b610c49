import { GITEA_DEFAULT_BRANCH } from './constants.js';

/** A Gitea repository named by its owner and name (`projectPath` is `owner/repo`). */
export interface GiteaRepositoryRef {
  owner: string;
  repo: string;
}

// Gitea's user and organisation names: letters, digits, `-`, `_` and `.`, not starting or ending
// with a dot or a dash (models/user: IsValidUsername); repository names: letters, digits, `-`,
// `_` and `.`, neither `.` nor `..`.
const OWNER = /^[A-Za-z0-9_](?:[A-Za-z0-9_.-]*[A-Za-z0-9_])?$/;
const REPO = /^[A-Za-z0-9._-]+$/;
const isRepoName = (name: string) => REPO.test(name) && name !== '.' && name !== '..';

/**
 * Reads the 'Repository URL' of the Gitea dialogs (spec providers §2): a web URL of the
 * repository on the account's server (`https://host/owner/repo`, with or without `.git`, a
 * trailing slash or a tail such as `/src/branch/master/notes`; a server under a path, such as
 * `https://host/git/owner/repo`, when `serverUrl` says so), `git@host:owner/repo.git`, or just
 * `owner/repo`. Undefined when it names no repository, or one on another server.
 */
export function parseGiteaRepositoryUrl(
  input: string,
  serverUrl: string,
): GiteaRepositoryRef | undefined {
  const text = input.trim();
  let path: string;
  const ssh = /^(?:ssh:\/\/)?git@([^:/]+)[:/](.+)$/.exec(text);
  if (ssh) {
    if (ssh[1]!.toLowerCase() !== hostOf(serverUrl)) return undefined;
    path = ssh[2]!;
  } else if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    const url = splitUrl(text);
    if (!url || url.host !== hostOf(serverUrl)) return undefined;
    const base = basePath(serverUrl);
    if (!url.path.startsWith(`${base}/`)) return undefined;
    path = url.path.slice(base.length);
  } else {
    // The short form is exactly `owner/repo`.
    if (text.split('/').length !== 2) return undefined;
    path = text;
  }
  const [owner, rawRepo] = path.replace(/^\/+/, '').split('/');
  const repo = rawRepo?.replace(/\.git$/, '');
  if (!owner || !repo || !OWNER.test(owner) || !isRepoName(repo)) return undefined;
  return { owner, repo };
}

/** The repository's web URL, as the dialogs show it back. */
export const giteaRepositoryWebUrl = (ref: GiteaRepositoryRef, serverUrl: string) =>
  `${serverUrl.replace(/\/+$/, '')}/${ref.owner}/${ref.repo}`;

/** `owner/repo`, the `projectPath` of a location or workspace (spec providers §3). */
export const giteaProjectPath = (ref: GiteaRepositoryRef) => `${ref.owner}/${ref.repo}`;

/** The owner and name of a `projectPath`; undefined when it is not `owner/repo`. */
export function splitProjectPath(projectPath: string): GiteaRepositoryRef | undefined {
  const parts = projectPath
    .trim()
    .replace(/^\/+|\/+$/g, '')
    .split('/');
  if (parts.length !== 2) return undefined;
  const [owner, repo] = parts as [string, string];
  return OWNER.test(owner) && isRepoName(repo) ? { owner, repo } : undefined;
}

/** The branch of a dialog: trimmed, Gitea's `master` when empty (spec providers §5, §9). */
export const giteaBranchOrDefault = (branch: string | undefined) =>
  branch?.trim() || GITEA_DEFAULT_BRANCH;

// Core has no URL class (no DOM typings): an absolute http(s) URL read by hand, its host
// (with its port) lower-cased, its path without query or fragment.
function splitUrl(url: string): { host: string; path: string } | undefined {
  const match = /^https?:\/\/(?:[^@/?#]*@)?([^/?#]+)([^?#]*)/i.exec(url.trim());
  if (!match) return undefined;
  return { host: match[1]!.toLowerCase(), path: match[2] || '/' };
}

const hostOf = (serverUrl: string) => splitUrl(serverUrl)?.host ?? '';
const basePath = (serverUrl: string) => (splitUrl(serverUrl)?.path ?? '').replace(/\/+$/, '');
