import { type GithubToken } from '@inkstone/core';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** A linked GitHub account as the interface shows it: the token without its secret (the access
 * token stays in the main workspace's database, read when a request needs it). */
export type GithubAccount = Omit<GithubToken, 'accessToken'>;

/** The accounts linked in this browser (spec interface §2 "Accounts"). */
export interface AccountsState {
  github: GithubAccount[];
}

/** The shown part of a stored token. */
export function accountOf(token: GithubToken): GithubAccount {
  const { accessToken: _secret, ...account } = token;
  return account;
}

export const accountsSlice = createSlice({
  name: 'accounts',
  initialState: { github: [] } as AccountsState,
  reducers: {
    /** The GitHub accounts as stored now (after start, a sign-in, a removal). */
    githubAccountsLoaded: (state, action: PayloadAction<GithubAccount[]>) => {
      state.github = action.payload;
    },
  },
});

export const { githubAccountsLoaded } = accountsSlice.actions;

/** The account used to sign in (the main workspace's login token), if any. */
export const loginAccount = (state: AccountsState): GithubAccount | undefined =>
  state.github.find((account) => account.isLogin);
