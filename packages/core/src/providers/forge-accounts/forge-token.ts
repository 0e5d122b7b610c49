/** The git forges whose accounts carry expiring OAuth tokens with a refresh token: GitLab (host
 * C), Gitea and Forgejo (service S) and Gitee (host B), spec providers §3 "Tokens". */
export type ForgeId = 'gitlab' | 'gitea' | 'gitee';

/** Every forge of {@link ForgeId}, in the order the interface lists them. */
export const FORGE_IDS: readonly ForgeId[] = ['gitlab', 'gitea', 'gitee'];

/** Each forge's name in messages ('GitLab account ID not expected.'…). */
export const FORGE_NAMES: Record<ForgeId, string> = {
  gitlab: 'GitLab',
  gitea: 'Gitea',
  gitee: 'Gitee',
};

/** The key of each forge's accounts in the main workspace's `tokens` data item. */
export const FORGE_TOKENS_KEYS: Record<ForgeId, string> = {
  gitlab: 'gitlab',
  gitea: 'gitea',
  gitee: 'gitee',
};

/** What every forge account keeps (spec providers §3): the OAuth pair and its end. */
interface ForgeTokenBase {
  /** The account identity. GitLab and Gitea: `{serverUrl}/{userId}` (see {@link selfHostedSub});
   * Gitee: its numeric user id. */
  sub: string;
  /** The user's login (username). */
  name: string;
  accessToken: string;
  /** Trades for a new pair when the access token runs out (GitLab rotates it at each use). */
  refreshToken?: string;
  /** When the access token stops working, in ms since the epoch; unset: unknown (sign in
   * again, spec providers §4). */
  expiresOn?: number;
}

/** A GitLab (host C) or Gitea (service S) account: one user of one server, and the OAuth
 * application it was linked with. */
export interface SelfHostedToken extends ForgeTokenBase {
  /** The server's origin, scheme and host only (e.g. `https://gitlab.example.org`). */
  serverUrl: string;
  /** The user's own OAuth application on that server; empty when the product server's
   * application (`/conf`'s client id) was used, whose secret only the server holds. */
  applicationId: string;
  /** The secret of the user's own application (empty with the product server's). Kept with the
   * token in this browser's database, as the access token is; never sent in a URL. */
  applicationSecret: string;
}

/** A GitLab account (spec providers §3, host C). */
export type GitlabToken = SelfHostedToken;

/** A Gitea or Forgejo account (spec providers §3, service S). */
export type GiteaToken = SelfHostedToken;

/** A Gitee account (spec providers §3, host B). */
export interface GiteeToken extends ForgeTokenBase {
  /** Set on the account used to sign in ('Sign in with Gitee'): the main workspace syncs with
   * its `inkstone-appdata` repository. */
  isLogin?: boolean;
  /** Which of the product server's Gitee applications issued the pair (`/giteeClientId` may
   * hand out several): its refresh goes through the same one. */
  clientId?: string;
}

/** The token of each forge. */
export interface ForgeTokens {
  gitlab: GitlabToken;
  gitea: GiteaToken;
  gitee: GiteeToken;
}

/** Any forge's token. */
export type ForgeToken = ForgeTokens[ForgeId];

/** The sub of a GitLab or Gitea account: the server's origin and the user's numeric id, so that
 * user 7 of two servers are two accounts (`https://gitlab.example.org/7`). */
export const selfHostedSub = (serverUrl: string, userId: number | string): string =>
  `${serverUrl}/${userId}`;

const optionalString = (value: unknown) => value === undefined || typeof value === 'string';

function isBase(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const token = value as Record<string, unknown>;
  return (
    typeof token.sub === 'string' &&
    token.sub !== '' &&
    typeof token.name === 'string' &&
    typeof token.accessToken === 'string' &&
    token.accessToken !== '' &&
    optionalString(token.refreshToken) &&
    (token.expiresOn === undefined ||
      (typeof token.expiresOn === 'number' && Number.isFinite(token.expiresOn)))
  );
}

/** Whether `value`, read from storage, is a usable GitLab or Gitea token: its server an http(s)
 * origin and its sub that server's. */
export function isSelfHostedToken(value: unknown): value is SelfHostedToken {
  if (!isBase(value)) return false;
  const { serverUrl, applicationId, applicationSecret, sub } = value;
  return (
    typeof serverUrl === 'string' &&
    /^https?:\/\/[^/]+$/.test(serverUrl) &&
    typeof applicationId === 'string' &&
    typeof applicationSecret === 'string' &&
    (sub as string).startsWith(`${serverUrl}/`)
  );
}

/** Whether `value`, read from storage, is a usable Gitee token. */
export function isGiteeToken(value: unknown): value is GiteeToken {
  return (
    isBase(value) &&
    (value.isLogin === undefined || typeof value.isLogin === 'boolean') &&
    optionalString(value.clientId)
  );
}

/** Whether `value` is a usable token of `forge`. */
export function isForgeToken<F extends ForgeId>(forge: F, value: unknown): value is ForgeTokens[F] {
  return forge === 'gitee' ? isGiteeToken(value) : isSelfHostedToken(value);
}
