import { GITEE_WEB_URL } from './constants.js';

/** A Gitee repository named by its owner's space and its path. */
export interface GiteeRepositoryRef {
  owner: string;
  repo: string;
}

// Gitee's personal or organisation space address and repository path: letters, digits, `_`,
// `-` and `.` (Gitee's rule for a space: letters, digits, `_` and `-`, starting with a letter;
// an organisation's may hold `.`); never `.` or `..` alone.
const NAME = /^[A-Za-z0-9_.-]+$/;
const isName = (name: string) => NAME.test(name) && name !== '.' && name !== '..';

/**
 * Reads the 'Repository URL' of the Gitee dialogs (spec providers §2, §5): a web URL of the
 * repository (`https://gitee.com/owner/repo`, with or without `.git`, a trailing slash or a
 * `/tree/…`/`/blob/…` tail), `git@gitee.com:owner/repo.git`, or `owner/repo`. Undefined when it
 * names no repository, or one on another host. `webUrl` is gitee.com's (forge-sim's in tests).
 */
export function parseGiteeRepositoryUrl(
  input: string,
  webUrl: string = GITEE_WEB_URL,
): GiteeRepositoryRef | undefined {
  const text = input.trim();
  const host = hostOf(webUrl);
  let path: string;
  const ssh = /^git@([^:]+):(.+)$/.exec(text);
  if (ssh) {
    if (ssh[1]!.toLowerCase() !== host) return undefined;
    path = ssh[2]!;
  } else if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    const url = splitUrl(text);
    if (!url || url.host !== host) return undefined;
    path = url.path;
  } else {
    // The short form is exactly `owner/repo`: anything more is a path, not a repository.
    if (text.split('/').length !== 2) return undefined;
    path = text;
  }
  const [owner, rawRepo] = path.replace(/^\/+/, '').split('/');
  const repo = rawRepo?.replace(/\.git$/, '');
  if (!owner || !repo || !isName(owner) || !isName(repo)) return undefined;
  return { owner, repo };
}

/** The web URL of a repository, as the dialogs show it back. */
export const giteeRepositoryWebUrl = (ref: GiteeRepositoryRef, webUrl: string = GITEE_WEB_URL) =>
  `${webUrl.replace(/\/+$/, '')}/${ref.owner}/${ref.repo}`;

// Core has no URL class (no DOM typings): an absolute http(s) URL read by hand, its host
// lower-cased, its path without query or fragment.
function splitUrl(url: string): { host: string; path: string } | undefined {
  const match = /^https?:\/\/(?:[^@/?#]*@)?([^/?#]+)([^?#]*)/i.exec(url.trim());
  if (!match) return undefined;
  return { host: match[1]!.toLowerCase(), path: match[2] || '/' };
}

const hostOf = (webUrl: string) => splitUrl(webUrl)?.host ?? '';
