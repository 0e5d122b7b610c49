import { type WordPressToken } from '@inkstone/core';
import { useSyncExternalStore } from 'react';
import { wordpressAccounts, wordpressRegistry } from './wordpress-registry';

const NONE: readonly WordPressToken[] = [];
// The accounts are registered after the first screen: followed from then on.
const subscribe = (listener: () => void) => {
  let following = wordpressAccounts()?.subscribe(listener);
  const stopWaiting = wordpressRegistry.onChange(() => {
    following?.();
    following = wordpressAccounts()?.subscribe(listener);
    listener();
  });
  return () => {
    following?.();
    stopWaiting();
  };
};
const snapshot = () => wordpressAccounts()?.current() ?? NONE;

/** The WordPress.com accounts linked in this browser, re-rendered as they change. */
export function useWordPressAccounts(): readonly WordPressToken[] {
  return useSyncExternalStore(subscribe, snapshot, () => NONE);
}
