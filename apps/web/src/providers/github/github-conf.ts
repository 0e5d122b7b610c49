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

let answer: Promise<unknown> | undefined;

/** The server's `/conf` answer (spec core §7), fetched once per page and shared by every reader
 * (the server slice, GitHub's origins); undefined when the server cannot be read (a static
 * host, offline), and then asked again next time. */
export function fetchServerConf(): Promise<unknown> {
  answer ??= fetch(new URL('conf', window.location.href), { cache: 'no-store' })
    .then((response) => (response.ok ? (response.json() as Promise<unknown>) : undefined))
    .catch(() => {
      // Asked again next time: a page opened offline still finds the server later.
      answer = undefined;
      return undefined;
    });
  return answer;
}

/** Reads GitHub's origins from the server's `/conf`; a server that cannot be read gives
 * github.com's. */
export async function loadGithubOrigins(): Promise<GithubOrigins> {
  return readGithubOrigins(await fetchServerConf());
}
