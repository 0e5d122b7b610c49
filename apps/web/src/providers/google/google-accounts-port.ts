import { type FreshGoogleToken, type GoogleScopeNeeds, type GoogleToken } from '@inkstone/core';

/**
 * The Google accounts of this browser as the rest of the app uses them (Drive locations and
 * workspaces, Blogger publishing): listing them, linking one with the scopes a feature needs
 * (the OAuth popup, so only from a click), and a fresh token for a request. The app's one
 * implementation is made at start (`google-accounts.ts`) and registered here; tests register
 * their own over cloud-sim.
 */
export interface GoogleAccountsPort {
  /** The linked accounts, as stored now. */
  list(): Promise<GoogleToken[]>;
  /**
   * Links an account, or widens a linked one, so that it holds `needs`' scopes: opens Google's
   * authorize popup (call it while handling the user's click), checks the id token and stores
   * the token. `sub` asks for that account (its `login_hint`).
   */
  link(needs: GoogleScopeNeeds, options?: { sub?: string }): Promise<GoogleToken>;
  /** A token of `sub` holding `scopes`, refreshed silently when needed (see FreshGoogleToken). */
  fresh: FreshGoogleToken;
}

let current: GoogleAccountsPort | undefined;

/** Registers the app's Google accounts (once, at start; a test may register its own). */
export function registerGoogleAccounts(accounts: GoogleAccountsPort | undefined): void {
  current = accounts;
}

/** The app's Google accounts; throws before they are registered (the app registers them before
 * any dialog that needs them can open). */
export function googleAccounts(): GoogleAccountsPort {
  if (!current) throw new Error('Google accounts are not available yet.');
  return current;
}
