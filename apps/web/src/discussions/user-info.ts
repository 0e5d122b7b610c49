import { UNKNOWN_AUTHOR } from '@inkstone/core';
import { type AccountsState, giteeLoginKey, googleLoginKey } from '../store/accounts-slice';

/** Who wrote a comment, as shown (spec interface §3 "User info"). */
export interface UserInfo {
  name: string;
  imageUrl?: string;
}

/** The name and avatar of `sub` when it is an account linked in this browser (a comment's `sub`
 * is the main login's key: a GitHub sub, `gitee:` or `google:` and the account's sub), else what
 * `others` (user-lookup.ts) knows of it, else 'Someone' with no avatar. */
export function userInfo(
  accounts: AccountsState,
  sub: string,
  others?: { infoOf(sub: string): UserInfo | undefined },
): UserInfo {
  const github = accounts.github.find((account) => account.sub === sub);
  if (github) return { name: github.name || UNKNOWN_AUTHOR, imageUrl: github.avatarUrl };
  const google = accounts.google.find((account) => googleLoginKey(account.sub) === sub);
  if (google) return { name: google.name || UNKNOWN_AUTHOR, imageUrl: google.avatarUrl };
  const gitee = accounts.forges.gitee.find((account) => giteeLoginKey(account.sub) === sub);
  if (gitee) return { name: gitee.name || UNKNOWN_AUTHOR };
  return others?.infoOf(sub) ?? { name: UNKNOWN_AUTHOR };
}
