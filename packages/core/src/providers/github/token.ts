/** A GitHub account linked to Inkstone (spec core §3 "Tokens", providers §3): kept in the main
 * workspace's database, in the `tokens` data item under the key `github`, by `sub`; never in
 * localStorage, a URL or a log. */
export interface GithubToken {
  /** GitHub's numeric user id, as a string (the account identity, 'sub'). */
  sub: string;
  /** The login (or the display name when GitHub gives one). */
  name: string;
  /** The user's avatar URL, shown at the top of the menu when signed in. */
  avatarUrl?: string;
  accessToken: string;
  /** The scopes granted (`public_repo` or `repo`, and `gist`). */
  scopes: string[];
  /** Set on the token used to sign in (the main workspace's account; at most one). */
  isLogin?: boolean;
  /** Sponsor status read through the product server's `/userInfo` (spec core §5). */
  isSponsor?: boolean;
  /** Whether private repositories were granted (`repo` scope). */
  repoFullAccess: boolean;
}

/** The key of GitHub's accounts in the `tokens` data item. */
export const GITHUB_TOKENS_KEY = 'github';

/** Whether `value`, read from storage, is a usable {@link GithubToken}. */
export function isGithubToken(value: unknown): value is GithubToken {
  if (typeof value !== 'object' || value === null) return false;
  const token = value as Record<string, unknown>;
  return (
    typeof token.sub === 'string' &&
    typeof token.name === 'string' &&
    typeof token.accessToken === 'string' &&
    Array.isArray(token.scopes) &&
    typeof token.repoFullAccess === 'boolean'
  );
}
