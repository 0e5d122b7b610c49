import { type Timers } from '../ports/timers.js';
import { type AbortFlag } from './sync-context.js';
import {
  type ActivityPort,
  type SharedTimestamp,
  syncVerdict,
  type SyncVerdict,
} from './sync-conditions.js';
import { type TaskQueue } from './task-queue.js';

/** A waiting sync request checks its conditions this often, and a running sync renews the
 * shared timestamp this often, so that no other tab starts one meanwhile. */
export const SYNC_REQUEST_POLL = 1_000;

/** What a {@link SyncRequester} needs. */
export interface SyncRequesterOptions {
  timers: Timers;
  activity: ActivityPort;
  lastSyncActivity: SharedTimestamp;
  queue: TaskQueue;
  isOffline(): boolean;
  hasSyncTarget(): boolean;
  /** The sync itself (a `WorkspaceSynchronizer.sync`). */
  sync(signal: AbortFlag): Promise<void>;
  /** Told when a request starts waiting and when it has run (the sync button follows it). */
  onPendingChange?(pending: boolean): void;
}

/** Turns sync requests into queued syncs (spec core §4 rule 1, rule S1): one request at a time
 * (a request made while one is pending or running is ignored), checked every second until the
 * user is active, sync is possible and no tab did sync work in the last 3 s. The shared
 * timestamp is set when the sync starts, every second while it runs, and when it ends. */
export class SyncRequester {
  private requested = false;
  private cancelPoll: (() => void) | undefined;

  constructor(private readonly options: SyncRequesterOptions) {}

  /** Whether a request is pending or running. */
  get pending(): boolean {
    return this.requested;
  }

  /** Asks for a sync; returns false when one is already requested. */
  request(): boolean {
    if (this.requested) return false;
    this.setRequested(true);
    this.poll();
    return true;
  }

  /** Drops a pending request that has not started (the workspace closes). */
  cancel(): void {
    this.cancelPoll?.();
    this.cancelPoll = undefined;
    this.setRequested(false);
  }

  /** The current verdict of the conditions. */
  verdict(): SyncVerdict {
    const { timers, activity, lastSyncActivity } = this.options;
    return syncVerdict({
      now: timers.now(),
      lastInputAt: activity.lastInputAt(),
      focused: activity.isFocused(),
      offline: this.options.isOffline(),
      hasSyncTarget: this.options.hasSyncTarget(),
      lastSyncActivity: lastSyncActivity.get(),
    });
  }

  private poll(): void {
    this.cancelPoll = undefined;
    if (!this.requested) return;
    if (this.verdict() !== 'ok') {
      this.cancelPoll = this.options.timers.set(() => this.poll(), SYNC_REQUEST_POLL);
      return;
    }
    const { queue, timers, lastSyncActivity } = this.options;
    // The queue reports the sync's failure itself (its onError) and never rejects; the request
    // ends either way, or no sync could be asked for again.
    const done = () => this.setRequested(false);
    queue
      .enqueue(async (signal) => {
        let cancel = () => undefined as void;
        const beat = () => {
          lastSyncActivity.set(timers.now());
          cancel = timers.set(beat, SYNC_REQUEST_POLL);
        };
        beat();
        try {
          await this.options.sync(signal);
        } finally {
          cancel();
          lastSyncActivity.set(timers.now());
        }
      })
      .then(done, done);
  }

  private setRequested(requested: boolean): void {
    if (requested === this.requested) return;
    this.requested = requested;
    this.options.onPendingChange?.(requested);
  }
}
