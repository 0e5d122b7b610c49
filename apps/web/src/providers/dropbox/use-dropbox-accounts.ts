import { useSyncExternalStore } from 'react';
import { dropboxAccounts } from './dropbox-accounts';
import { type DropboxToken } from './dropbox-tokens';

const NONE: readonly DropboxToken[] = [];
const subscribe = (listener: () => void) => dropboxAccounts()?.subscribe(listener) ?? (() => {});
const snapshot = () => dropboxAccounts()?.current() ?? NONE;

/** The Dropbox accounts linked in this browser, re-rendered as they change. */
export function useDropboxAccounts(): readonly DropboxToken[] {
  return useSyncExternalStore(subscribe, snapshot, () => NONE);
}
