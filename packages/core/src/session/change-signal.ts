import { observeWrites } from '../db/observe-writes.js';
import { type ItemRepository } from '../db/repository.js';

/** A cross-tab signal that the local database changed (the web app uses a BroadcastChannel). It
 * only wakes other tabs up: they read the changes from the database itself, so a lost signal
 * costs at most one polling interval. */
export interface ChangeSignal {
  publish(tx: number): void;
  subscribe(listener: (tx: number) => void): () => void;
}

/** A `ChangeSignal` that reaches every subscriber of the same hub: for tests and for tabs
 * simulated in one process. */
export class LocalSignalHub {
  private readonly listeners = new Set<{ owner: object; listener: (tx: number) => void }>();

  /** The signal of one tab: it does not hear its own publications. */
  connect(): ChangeSignal {
    const owner = {};
    return {
      publish: (tx) => {
        for (const entry of [...this.listeners]) if (entry.owner !== owner) entry.listener(tx);
      },
      subscribe: (listener) => {
        const entry = { owner, listener };
        this.listeners.add(entry);
        return () => this.listeners.delete(entry);
      },
    };
  }
}

/** Wraps a repository so that each write it makes is announced on `signal`. */
export function withChangeSignal(repo: ItemRepository, signal: ChangeSignal): ItemRepository {
  return observeWrites(repo, ({ tx }) => {
    if (tx > 0) signal.publish(tx);
  });
}
