import { LateService } from '../../services/late-service';
import type { DropboxAccounts } from './dropbox-accounts';

/** The app's Dropbox accounts, made after the first screen (`dropbox-wiring.ts`); a test may
 * register its own. */
export const dropboxRegistry = new LateService<DropboxAccounts>();

/** Registers the app's Dropbox accounts (or none). */
export function registerDropboxAccounts(accounts: DropboxAccounts | undefined): void {
  dropboxRegistry.register(accounts);
}

/** The app's Dropbox accounts; undefined before they are registered. */
export function dropboxAccounts(): DropboxAccounts | undefined {
  return dropboxRegistry.current();
}
