import { type ChangeSignal } from '@inkstone/core';

/** The cross-tab change signal over a BroadcastChannel named after the database. Where the
 * browser has none, polling alone keeps tabs in step. */
export function broadcastSignal(databaseName: string): ChangeSignal & { close(): void } {
  if (typeof BroadcastChannel === 'undefined') {
    return { publish: () => {}, subscribe: () => () => {}, close: () => {} };
  }
  const channel = new BroadcastChannel(`${databaseName}:changes`);
  const listeners = new Set<(tx: number) => void>();
  channel.onmessage = (event: MessageEvent<unknown>) => {
    if (typeof event.data === 'number') for (const listener of listeners) listener(event.data);
  };
  return {
    publish: (tx) => channel.postMessage(tx),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => channel.close(),
  };
}

/** Browser timers as the core's Timers port. */
export const browserTimers = {
  set(callback: () => void, delay: number) {
    const handle = window.setTimeout(callback, delay);
    return () => window.clearTimeout(handle);
  },
  now: () => Date.now(),
};
