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
  /** The sync itself (a `WorkspaceSynchronizer.sync`); `asked` when the user asked for it (the
   * app announces those: see `request`). */
  sync(signal: AbortFlag, asked: boolean): Promise<void>;
  /** Told when a request starts waiting and when it has run (the sync button follows it). */
  onPendingChange?(pending: boolean): void;
}

/** Turns sync requests into queued syncs (spec core §4 rule 1, rule S1): one request at a time,
 * checked every second until the user is active, sync is possible and no tab did sync work in
 * the last 3 s. A request made while one waits joins it; one made while a sync runs is kept, and
 * one more sync follows (the running one may have read the files before the words the request
 * is for). The shared timestamp is set when a sync starts, every second while it runs, and when
 * it ends. */
export class SyncRequester {
  private requested = false;
  private running = false;
  // A request came while a sync ran: one more follows it.
  private again = false;
  // The user asked for the next sync to start (it is announced); cleared when it starts, or when
  // the request ends without one.
  private asked = false;
  private cancelPoll: (() => void) | undefined;

  constructor(private readonly options: SyncRequesterOptions) {}

  /** Whether a request is pending or running. */
  get pending(): boolean {
    return this.requested;
  }

  /** Asks for a sync; `asked` when the user did (the sync button, Ctrl+S), not a timer. While a
   * sync runs, one more is asked for after it. Returns false when this joins a request that
   * waits already, to start or to follow the running sync. */
  request(asked = false): boolean {
    if (asked) this.asked = true;
    if (this.requested) {
      if (!this.running || this.again) return false;
      this.again = true;
      return true;
    }
    this.setRequested(true);
    this.poll();
    return true;
  }

  /** Drops a pending request that has not started, and the sync asked to follow the running
   * one (the workspace closes). */
  cancel(): void {
    this.cancelPoll?.();
    this.cancelPoll = undefined;
    this.again = false;
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
    let signal: AbortFlag | undefined;
    // The queue reports the sync's failure itself (its onError) and never rejects; the request
    // ends either way (or goes on with the sync asked for meanwhile), or no sync could be asked
    // for again. Going offline stopped or dropped it: what was asked meanwhile goes too (S1).
    const done = () => {
      this.running = false;
      const again = this.again && this.requested && !signal?.aborted;
      this.again = false;
      if (again) this.poll();
      else this.setRequested(false);
    };
    queue
      .enqueue(async (flag) => {
        signal = flag;
        this.running = true;
        const asked = this.asked;
        this.asked = false;
        let cancel = () => undefined as void;
        const beat = () => {
          lastSyncActivity.set(timers.now());
          cancel = timers.set(beat, SYNC_REQUEST_POLL);
        };
        beat();
        try {
          await this.options.sync(flag, asked);
        } finally {
          cancel();
          lastSyncActivity.set(timers.now());
        }
      })
      .then(done, done);
  }

  private setRequested(requested: boolean): void {
    // A request that ends without its sync started takes its "asked" with it.
    if (!requested) this.asked = false;
    if (requested === this.requested) return;
    this.requested = requested;
    this.options.onPendingChange?.(requested);
  }
}
