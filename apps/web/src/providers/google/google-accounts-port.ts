import { type FreshGoogleToken, type GoogleScopeNeeds, type GoogleToken } from '@inkstone/core';
import { LateService } from '../../services/late-service';

/**
 * The Google accounts of this browser as the rest of the app uses them (Drive locations and
 * workspaces, Blogger publishing): listing them, linking one with the scopes a feature needs
 * (the OAuth popup, so only from a click), and a fresh token for a request. The app's one
 * implementation is made after the first screen (`google-start.ts`) and registered here; tests
 * register their own over cloud-sim.
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

// The app's accounts start after the first screen (`google-start.ts`); a test registers its own.
const registered = new LateService<GoogleAccountsPort>();

/** Registers the app's Google accounts (or none). */
export function registerGoogleAccounts(accounts: GoogleAccountsPort | undefined): void {
  registered.register(accounts);
}

/** Says the app's Google accounts could not start: calls waiting for them fail with `error`. */
export function failGoogleAccounts(error: Error): void {
  registered.fail(error);
}

// Until they are registered, each call waits for them.
const waiting: GoogleAccountsPort = {
  list: async () => (await registered.ready()).list(),
  link: async (needs, options) => (await registered.ready()).link(needs, options),
  fresh: async (sub, scopes, options) => (await registered.ready()).fresh(sub, scopes, options),
};

/** The app's Google accounts; before they are registered, a port whose calls wait for them. */
export function googleAccounts(): GoogleAccountsPort {
  return registered.current() ?? waiting;
}
