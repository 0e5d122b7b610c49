/** GitHub's web and API origins as the server's `/conf` gives them (`GITHUB_URL`,
 * `GITHUB_API_URL`): github.com, a GitHub Enterprise server or the local forge, with no rebuild. */
export interface GithubOrigins {
  /** The web origin, e.g. `https://github.com` (no trailing slash). */
  githubUrl: string;
  /** The REST API root, e.g. `https://api.github.com` (no trailing slash). */
  githubApiUrl: string;
}

/** github.com's own origins: what the app uses when the server does not say otherwise. */
export const GITHUB_COM: GithubOrigins = {
  githubUrl: 'https://github.com',
  githubApiUrl: 'https://api.github.com',
};

const withoutSlash = (url: string) => url.replace(/\/+$/, '');

// An http(s) URL, or undefined.
function httpUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  try {
    const url = new URL(value.trim());
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    return withoutSlash(url.href);
  } catch {
    return undefined;
  }
}

/** GitHub's origins read from a `/conf` answer; missing or unusable fields fall back to
 * github.com's. */
export function readGithubOrigins(conf: unknown): GithubOrigins {
  const fields = typeof conf === 'object' && conf !== null ? (conf as Record<string, unknown>) : {};
  return {
    githubUrl: httpUrl(fields.githubUrl) ?? GITHUB_COM.githubUrl,
    githubApiUrl: httpUrl(fields.githubApiUrl) ?? GITHUB_COM.githubApiUrl,
  };
}

let loading: Promise<GithubOrigins> | undefined;

/** Reads GitHub's origins from the server's `/conf` once per page; a server that cannot be read
 * (a static host) gives github.com's. */
export function loadGithubOrigins(): Promise<GithubOrigins> {
  loading ??= fetch(new URL('conf', window.location.href), { cache: 'no-store' })
    .then(async (response) => readGithubOrigins(response.ok ? await response.json() : {}))
    .catch(() => {
      // Asked again next time: a page opened offline still finds the server later.
      loading = undefined;
      return GITHUB_COM;
    });
  return loading;
}
