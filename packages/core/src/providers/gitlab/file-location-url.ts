/**
 * Reads the 'Project URL' of the GitLab dialogs (spec providers §2, §5) on the account's
 * instance `serverUrl`: `https://host/group/sub/project`, with or without `.git`, a trailing
 * slash, or a `/-/tree/…`, `/-/blob/…` tail (GitLab's `/-/` ends a project's path);
 * `git@host:group/project.git` too; or the bare path `group/sub/project`. Gives the project's
 * full path, or undefined when it names no project, or one on another instance.
 */
export function parseProjectUrl(input: string, serverUrl: string): string | undefined {
  const text = input.trim();
  let path: string;
  const ssh = /^(?:ssh:\/\/)?git@([^:/]+)[:/](.+)$/.exec(text);
  if (ssh) {
    if (ssh[1]!.toLowerCase() !== hostOf(serverUrl).replace(/:\d+$/, '')) return undefined;
    path = ssh[2]!;
  } else if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    const url = splitUrl(text);
    if (!url || url.host !== hostOf(serverUrl)) return undefined;
    // An instance may live under a relative URL root (`https://host/gitlab`).
    const base = (splitUrl(serverUrl)?.path ?? '').replace(/\/+$/, '');
    if (!url.path.startsWith(`${base}/`)) return undefined;
    path = url.path.slice(base.length);
  } else {
    path = text;
  }
  path = path
    .replace(/\/-(?:\/.*)?$/, '')
    .replace(/^\/+|\/+$/g, '')
    .replace(/\.git$/, '');
  const segments = path.split('/');
  // A project lives in a namespace (a user or a group, groups nest): two segments at least.
  if (segments.length < 2 || !segments.every(isSegment)) return undefined;
  return segments.join('/');
}

// GitLab's path rules: letters, digits, `_`, `-` and `.`, starting with a letter, digit or `_`,
// not ending in `.git` or `.atom`.
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;
const isSegment = (segment: string) =>
  SEGMENT.test(segment) && !/\.(?:git|atom)$/i.test(segment) && !segment.endsWith('.');

/** The web URL of a project, as the dialogs show it back. */
export const projectWebUrl = (projectPath: string, serverUrl: string) =>
  `${serverUrl.replace(/\/+$/, '')}/${projectPath}`;

// Core has no URL class (no DOM typings): an absolute http(s) URL read by hand, its host
// lower-cased, its path without query or fragment.
function splitUrl(url: string): { host: string; path: string } | undefined {
  const match = /^https?:\/\/(?:[^@/?#]*@)?([^/?#]+)([^?#]*)/i.exec(url.trim());
  if (!match) return undefined;
  return { host: match[1]!.toLowerCase(), path: match[2] || '/' };
}

const hostOf = (serverUrl: string) => splitUrl(serverUrl)?.host ?? '';
