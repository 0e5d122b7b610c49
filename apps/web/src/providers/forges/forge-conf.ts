/** What the server's `/conf` says of the GitLab, Gitea and Gitee applications (spec core §7). */
export interface ForgeConf {
  gitlabClientId: string;
  gitlabUrl: string;
  giteaClientId: string;
  giteaUrl: string;
  giteeUrl: string;
}

/** Gitee's own origin, when the server does not name another. */
export const GITEE_COM = 'https://gitee.com';

/** No server application for GitLab or Gitea; Gitee at gitee.com. */
export const NO_FORGE_CONF: ForgeConf = {
  gitlabClientId: '',
  gitlabUrl: '',
  giteaClientId: '',
  giteaUrl: '',
  giteeUrl: GITEE_COM,
};

// An http(s) origin (a path prefix kept), without its trailing slash; '' otherwise.
function httpUrl(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') return '';
  try {
    const url = new URL(value.trim());
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return '';
    return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  } catch {
    return '';
  }
}

/** The forges' part of a `/conf` answer; missing or unusable fields give {@link NO_FORGE_CONF}'s. */
export function readForgeConf(conf: unknown): ForgeConf {
  const fields = typeof conf === 'object' && conf !== null ? (conf as Record<string, unknown>) : {};
  const text = (key: string) => (typeof fields[key] === 'string' ? fields[key].trim() : '');
  return {
    gitlabClientId: text('gitlabClientId'),
    gitlabUrl: httpUrl(fields.gitlabUrl),
    giteaClientId: text('giteaClientId'),
    giteaUrl: httpUrl(fields.giteaUrl),
    giteeUrl: httpUrl(fields.giteeUrl) || GITEE_COM,
  };
}
