/**
 * A Google account linked to Inkstone (spec core §3 "Tokens", providers §3 "Cloud drive G"):
 * kept in the main workspace's database, in the `tokens` data item under the key `google`, by
 * `sub`; never in localStorage, a URL or a log. One account may hold several features' scopes
 * (sign-in, Drive, Blogger, Photos): each feature asks for its own and the token grows.
 */
export interface GoogleToken {
  /** Google's account id (the id token's `sub`). */
  sub: string;
  /** The account's display name (People API `names`), or its email when it has none. */
  name: string;
  /** The avatar URL (People API `photos`), when Google gives one. */
  avatarUrl?: string;
  /** The scopes granted, as Google lists them (full URLs, and `openid`, `profile`). */
  scopes: string[];
  accessToken: string;
  /** When the access token stops working, in ms since the epoch. */
  expiresOn: number;
  /** The last id token Google gave (checked: audience, expiry, sub). */
  idToken: string;
  /** Set on the account used to sign in (at most one login across every provider). */
  isLogin?: boolean;
  /** Sponsor status read through the product server's `/userInfo`. */
  isSponsor?: boolean;
  /** Holds `drive` or `drive.file`. */
  isDrive?: boolean;
  /** Holds `blogger`. */
  isBlogger?: boolean;
  /** Holds the photos scope. */
  isPhotos?: boolean;
  /** Drive access is full (`drive`), not restricted to the files Inkstone opened or made
   * (`drive.file`, the Restrict access checkbox). */
  driveFullAccess?: boolean;
}

/** The key of Google's accounts in the `tokens` data item. */
export const GOOGLE_TOKENS_KEY = 'google';

const AUTH = 'https://www.googleapis.com/auth';

/** The scopes of the spec (core §6, providers §5), as Google names them. */
export const GOOGLE_SCOPE = {
  /** Sign-in: the main workspace in Drive's hidden application data folder. */
  driveAppData: `${AUTH}/drive.appdata`,
  /** Drive, every file. */
  drive: `${AUTH}/drive`,
  /** Drive, only the files Inkstone opened or created (Restrict access). */
  driveFile: `${AUTH}/drive.file`,
  blogger: `${AUTH}/blogger`,
  photos: `${AUTH}/photos`,
  openid: 'openid',
  profile: 'profile',
} as const;

/** What a feature needs of a Google account. */
export interface GoogleScopeNeeds {
  /** Sign-in (the main workspace in the application data folder). */
  login?: boolean;
  /** Drive files: `full` asks `drive`, `restricted` asks `drive.file`. */
  drive?: 'full' | 'restricted';
  blogger?: boolean;
  photos?: boolean;
}

/** The scopes to ask for `needs`: always `openid` and `profile` (the id token and the name). */
export function googleScopes(needs: GoogleScopeNeeds): string[] {
  const scopes: string[] = [GOOGLE_SCOPE.openid, GOOGLE_SCOPE.profile];
  if (needs.login) scopes.push(GOOGLE_SCOPE.driveAppData);
  if (needs.drive === 'full') scopes.push(GOOGLE_SCOPE.drive);
  if (needs.drive === 'restricted') scopes.push(GOOGLE_SCOPE.driveFile);
  if (needs.blogger) scopes.push(GOOGLE_SCOPE.blogger);
  if (needs.photos) scopes.push(GOOGLE_SCOPE.photos);
  return scopes;
}

/** Whether `token` already holds every scope of `scopes` (`drive` also covers `drive.file`). */
export function holdsScopes(
  token: Pick<GoogleToken, 'scopes'>,
  scopes: readonly string[],
): boolean {
  const held = new Set(token.scopes);
  return scopes.every(
    (scope) =>
      held.has(scope) || (scope === GOOGLE_SCOPE.driveFile && held.has(GOOGLE_SCOPE.drive)),
  );
}

/** Whether `value`, read from storage, is a usable {@link GoogleToken}. */
export function isGoogleToken(value: unknown): value is GoogleToken {
  if (typeof value !== 'object' || value === null) return false;
  const token = value as Record<string, unknown>;
  return (
    typeof token.sub === 'string' &&
    typeof token.name === 'string' &&
    typeof token.accessToken === 'string' &&
    typeof token.idToken === 'string' &&
    typeof token.expiresOn === 'number' &&
    Array.isArray(token.scopes)
  );
}

/**
 * Where Google's services answer. Real Google spreads them over several hosts; a stand-in
 * (cloud-sim) or a proxy answers them all on one origin, by the same paths.
 */
export interface GoogleEndpoints {
  /** The OAuth authorize page: `https://accounts.google.com/o/oauth2/v2/auth`. */
  authorize: string;
  /** `https://www.googleapis.com/oauth2/v2/tokeninfo`. */
  tokenInfo: string;
  /** `https://oauth2.googleapis.com/revoke`. */
  revoke: string;
  /** People API root: `https://people.googleapis.com/v1`. */
  people: string;
  /** Drive v3 root: `https://www.googleapis.com/drive/v3`. */
  drive: string;
  /** Drive v3 upload root: `https://www.googleapis.com/upload/drive/v3`. */
  driveUpload: string;
  /** Blogger v3 root: `https://www.googleapis.com/blogger/v3`. */
  blogger: string;
}

/** Google's own endpoints, or every one of them on `base` (a stand-in's origin, no trailing
 * slash) when given: `/conf`'s `googleUrl`, empty in production. */
export function googleEndpoints(base = ''): GoogleEndpoints {
  const root = base.replace(/\/+$/, '');
  const on = (host: string, path: string) => `${root || host}${path}`;
  return {
    authorize: on('https://accounts.google.com', '/o/oauth2/v2/auth'),
    tokenInfo: on('https://www.googleapis.com', '/oauth2/v2/tokeninfo'),
    revoke: on('https://oauth2.googleapis.com', '/revoke'),
    people: on('https://people.googleapis.com', '/v1'),
    drive: on('https://www.googleapis.com', '/drive/v3'),
    driveUpload: on('https://www.googleapis.com', '/upload/drive/v3'),
    blogger: on('https://www.googleapis.com', '/blogger/v3'),
  };
}

/**
 * An access token of a linked Google account, fresh enough for one request: the port through
 * which core's Drive and Blogger clients get their tokens. The app's implementation refreshes
 * silently when fewer than 5 minutes remain or `scopes` are missing (spec core §4), and with
 * `force` after a 401 (core §8: on an authorisation error the token is refreshed and the call
 * retried once). Rejects with a clear error when the account cannot be reached (signed out,
 * refused, offline).
 */
export type FreshGoogleToken = (
  sub: string,
  scopes: readonly string[],
  options?: { force?: boolean },
) => Promise<GoogleToken>;
