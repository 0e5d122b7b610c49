/** The public configuration the app reads from `GET /conf` (spec core §7). Client ids only:
 * client secrets never appear here. */
export interface PublicConf {
  githubClientId: string;
  googleClientId: string;
  googleApiKey: string;
  giteaClientId: string;
  giteaUrl: string;
  gitlabClientId: string;
  gitlabUrl: string;
  allowSponsorship: boolean;
}

/** The environment variable behind each field of `PublicConf`. */
export const CONF_ENV = {
  githubClientId: 'GITHUB_CLIENT_ID',
  googleClientId: 'GOOGLE_CLIENT_ID',
  googleApiKey: 'GOOGLE_API_KEY',
  giteaClientId: 'GITEA_CLIENT_ID',
  giteaUrl: 'GITEA_URL',
  gitlabClientId: 'GITLAB_CLIENT_ID',
  gitlabUrl: 'GITLAB_URL',
  allowSponsorship: 'ALLOW_SPONSORSHIP',
} as const satisfies Record<keyof PublicConf, string>;

const TRUE_VALUES = new Set(['1', 'true', 'yes', 'on']);

/** Reads the public configuration from environment variables; every client id is empty unless
 * its variable is set, and sponsorship is off unless ALLOW_SPONSORSHIP is true. */
export function readPublicConf(env: Record<string, string | undefined>): PublicConf {
  const text = (key: keyof typeof CONF_ENV) => (env[CONF_ENV[key]] ?? '').trim();
  return {
    githubClientId: text('githubClientId'),
    googleClientId: text('googleClientId'),
    googleApiKey: text('googleApiKey'),
    giteaClientId: text('giteaClientId'),
    giteaUrl: text('giteaUrl'),
    gitlabClientId: text('gitlabClientId'),
    gitlabUrl: text('gitlabUrl'),
    allowSponsorship: TRUE_VALUES.has(text('allowSponsorship').toLowerCase()),
  };
}
