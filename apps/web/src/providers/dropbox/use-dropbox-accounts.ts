import { useSyncExternalStore } from 'react';
import { dropboxAccounts, dropboxRegistry } from './dropbox-accounts';
import { type DropboxToken } from './dropbox-tokens';

const NONE: readonly DropboxToken[] = [];
// The accounts are registered after the first screen: followed from then on.
const subscribe = (listener: () => void) => {
  let following = dropboxAccounts()?.subscribe(listener);
  const stopWaiting = dropboxRegistry.onChange(() => {
    following?.();
    following = dropboxAccounts()?.subscribe(listener);
    listener();
  });
  return () => {
    following?.();
    stopWaiting();
  };
};
const snapshot = () => dropboxAccounts()?.current() ?? NONE;

/** The Dropbox accounts linked in this browser, re-rendered as they change. */
export function useDropboxAccounts(): readonly DropboxToken[] {
  return useSyncExternalStore(subscribe, snapshot, () => NONE);
}
