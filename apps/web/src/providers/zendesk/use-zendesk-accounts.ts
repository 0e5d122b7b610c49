import { useSyncExternalStore } from 'react';
import { zendeskAccounts, zendeskRegistry } from './zendesk-registry';
import { type ZendeskToken } from './zendesk-tokens';

const NONE: readonly ZendeskToken[] = [];
// The accounts are registered after the first screen: followed from then on.
const subscribe = (listener: () => void) => {
  let following = zendeskAccounts()?.subscribe(listener);
  const stopWaiting = zendeskRegistry.onChange(() => {
    following?.();
    following = zendeskAccounts()?.subscribe(listener);
    listener();
  });
  return () => {
    following?.();
    stopWaiting();
  };
};
const snapshot = () => zendeskAccounts()?.current() ?? NONE;

/** The Zendesk accounts linked in this browser, re-rendered as they change. */
export function useZendeskAccounts(): readonly ZendeskToken[] {
  return useSyncExternalStore(subscribe, snapshot, () => NONE);
}
