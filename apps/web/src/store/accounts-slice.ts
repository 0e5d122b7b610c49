import {
  type ForgeId,
  type ForgeToken,
  type GithubToken,
  googleAccessSummary,
  type GoogleToken,
} from '@inkstone/core';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** A linked GitHub account as the interface shows it: the token without its secret (the access
 * token stays in the main workspace's database, read when a request needs it). */
export type GithubAccount = Omit<GithubToken, 'accessToken'>;

/** A linked GitLab, Gitea or Gitee account as the interface shows it: who, and on which server;
 * no token or secret. */
export interface ForgeAccount {
  sub: string;
  name: string;
  /** The server (GitLab and Gitea); undefined for Gitee. */
  serverUrl?: string;
  /** A Gitee account used to sign in: the main workspace syncs with it. */
  isLogin?: boolean;
}

/** The shown part of a stored forge token. */
export function forgeAccountOf(token: ForgeToken): ForgeAccount {
  return 'serverUrl' in token
    ? { sub: token.sub, name: token.name, serverUrl: token.serverUrl }
    : { sub: token.sub, name: token.name, ...(token.isLogin ? { isLogin: true } : {}) };
}

/** A linked Google account as the interface shows it: who, and what it may reach; no token. */
export interface GoogleAccount {
  sub: string;
  name: string;
  avatarUrl?: string;
  isLogin?: boolean;
  isSponsor?: boolean;
  /** What its scopes reach, in words: 'Sign-in', 'Drive (full)' or 'Drive (restricted)',
   * 'Blogger', 'Photos'. */
  access: string[];
}

/** The shown part of a stored Google token. */
export function googleAccountOf(token: GoogleToken): GoogleAccount {
  return {
    sub: token.sub,
    name: token.name,
    ...(token.avatarUrl ? { avatarUrl: token.avatarUrl } : {}),
    ...(token.isLogin ? { isLogin: true } : {}),
    ...(token.isSponsor ? { isSponsor: true } : {}),
    access: googleAccessSummary(token),
  };
}

/** The accounts linked in this browser (spec interface §2 "Accounts"). */
export interface AccountsState {
  github: GithubAccount[];
  /** Google's (Drive, Blogger, sign-in). */
  google: GoogleAccount[];
  /** GitLab's, Gitea's and Gitee's, by forge. */
  forges: Record<ForgeId, ForgeAccount[]>;
}

/** The shown part of a stored token. */
export function accountOf(token: GithubToken): GithubAccount {
  const { accessToken: _secret, ...account } = token;
  return account;
}

export const accountsSlice = createSlice({
  name: 'accounts',
  initialState: {
    github: [],
    google: [],
    forges: { gitlab: [], gitea: [], gitee: [] },
  } as AccountsState,
  reducers: {
    /** The GitHub accounts as stored now (after start, a sign-in, a removal). */
    githubAccountsLoaded: (state, action: PayloadAction<GithubAccount[]>) => {
      state.github = action.payload;
    },
    /** One forge's accounts as stored now. */
    forgeAccountsLoaded: (
      state,
      action: PayloadAction<{ forge: ForgeId; accounts: ForgeAccount[] }>,
    ) => {
      state.forges[action.payload.forge] = action.payload.accounts;
    },
    /** The Google accounts as stored now. */
    googleAccountsLoaded: (state, action: PayloadAction<GoogleAccount[]>) => {
      state.google = action.payload;
    },
  },
});

export const { githubAccountsLoaded, forgeAccountsLoaded, googleAccountsLoaded } =
  accountsSlice.actions;

/** How many accounts are linked, every provider counted (the menu's "Accounts (n)"). */
export const accountCount = (state: AccountsState): number =>
  state.github.length +
  state.google.length +
  state.forges.gitlab.length +
  state.forges.gitea.length +
  state.forges.gitee.length;

/** The account used to sign in (the main workspace's login token), if any. */
export const loginAccount = (state: AccountsState): GithubAccount | undefined =>
  state.github.find((account) => account.isLogin);

/** The Gitee account used to sign in (a Gitee login token), if any. */
export const giteeLoginAccount = (state: AccountsState): ForgeAccount | undefined =>
  state.forges.gitee.find((account) => account.isLogin);

/**
 * Who the main workspace syncs with, as the sync state records it: the GitHub login's sub, else
 * `gitee:{sub}` of the Gitee login, else `google:{sub}` of the Google login (the prefixes keep
 * those ids from being taken for a GitHub one); undefined when nobody is signed in. GitHub's
 * login comes first, then Gitee's (signing in with Google is refused while either is).
 */
export const mainLoginKey = (state: AccountsState): string | undefined => {
  const github = loginAccount(state);
  if (github) return github.sub;
  const gitee = giteeLoginAccount(state);
  if (gitee) return giteeLoginKey(gitee.sub);
  const google = state.google.find((account) => account.isLogin);
  return google ? googleLoginKey(google.sub) : undefined;
};

/** The sync state's account of a Google login (Sign in with Google). */
export const googleLoginKey = (sub: string) => `google:${sub}`;

/** The sync state's account of a Gitee login. */
export const giteeLoginKey = (sub: string) => `gitee:${sub}`;

/** The Google account used to sign in (a Google login token), if any. */
export const googleLoginAccount = (state: AccountsState): GoogleAccount | undefined =>
  state.google.find((account) => account.isLogin);
