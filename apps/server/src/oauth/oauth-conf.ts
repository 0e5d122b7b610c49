/** One git host's OAuth application as the server knows it: where its token endpoint lives and
 * the client ids with their secrets. Secrets come only from the server's environment. */
export interface OAuthClient {
  /** Origin (and optional path prefix) of the host, without a trailing slash. */
  baseUrl: string;
  /** Client id → client secret. Empty when the host is not configured. */
  secrets: ReadonlyMap<string, string>;
  /** Client ids in the order they were configured (Gitee hands them out from this list). */
  clientIds: readonly string[];
}

/** The OAuth applications of the four git hosts that exchange codes through this server. */
export interface OAuthConf {
  github: OAuthClient;
  gitee: OAuthClient;
  gitlab: OAuthClient;
  gitea: OAuthClient;
  /** How long to wait for a token endpoint before answering 504. */
  timeoutMs: number;
}

/** Default base URLs; each is overridable (GitHub Enterprise, self-hosted GitLab, local
 * stand-ins in tests). Gitea has none: it is always self-hosted. */
export const DEFAULT_BASE_URLS = {
  github: 'https://github.com',
  gitee: 'https://gitee.com',
  gitlab: 'https://gitlab.com',
  gitea: '',
} as const;

/** Default time-out of a token exchange, in milliseconds. */
export const DEFAULT_OAUTH_TIMEOUT_MS = 10_000;

/** The environment variables behind each host: client id(s), secret(s) and base URL. */
export const OAUTH_ENV = {
  github: { id: 'GITHUB_CLIENT_ID', secret: 'GITHUB_CLIENT_SECRET', url: 'GITHUB_URL' },
  gitee: { id: 'GITEE_CLIENT_ID', secret: 'GITEE_CLIENT_SECRET', url: 'GITEE_URL' },
  gitlab: { id: 'GITLAB_CLIENT_ID', secret: 'GITLAB_CLIENT_SECRET', url: 'GITLAB_URL' },
  gitea: { id: 'GITEA_CLIENT_ID', secret: 'GITEA_CLIENT_SECRET', url: 'GITEA_URL' },
} as const;

type Env = Record<string, string | undefined>;

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

function baseUrl(value: string | undefined, fallback: string, variable: string): string {
  const text = (value ?? '').trim() || fallback;
  if (text === '') return '';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`${variable} must be an http(s) URL, got "${text}".`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`${variable} must be an http(s) URL, got "${text}".`);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

function client(env: Env, host: keyof typeof OAUTH_ENV): OAuthClient {
  const names = OAUTH_ENV[host];
  // Gitee may list several applications (comma-separated, secrets in the same order); the
  // others take one, but a list is read the same way.
  const ids = list(env[names.id]);
  const secrets = list(env[names.secret]);
  const map = new Map<string, string>();
  ids.forEach((id, index) => {
    const secret = secrets[index];
    if (secret) map.set(id, secret);
  });
  return {
    baseUrl: baseUrl(env[names.url], DEFAULT_BASE_URLS[host], names.url),
    secrets: map,
    clientIds: ids.filter((id) => map.has(id)),
  };
}

/** Reads the OAuth applications from the environment. A host is usable only when both its
 * client id and its secret are set (and, for Gitea, its URL). Throws on a malformed URL or
 * time-out so that a misconfigured server refuses to start rather than fail per request. */
export function readOAuthConf(env: Env): OAuthConf {
  const timeoutText = (env.OAUTH_TIMEOUT_MS ?? '').trim();
  const timeoutMs = timeoutText === '' ? DEFAULT_OAUTH_TIMEOUT_MS : Number(timeoutText);
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) {
    throw new Error(
      `OAUTH_TIMEOUT_MS must be a positive number of milliseconds, got "${timeoutText}".`,
    );
  }
  return {
    github: client(env, 'github'),
    gitee: client(env, 'gitee'),
    gitlab: client(env, 'gitlab'),
    gitea: client(env, 'gitea'),
    timeoutMs,
  };
}
