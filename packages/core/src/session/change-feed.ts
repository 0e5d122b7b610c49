import { CROSS_TAB_RELOAD_JUMP } from '../constants.js';
import { type ChangeBatch, type ItemRepository } from '../db/repository.js';
import { type Timers } from '../ports/timers.js';
import { type ChangeSignal } from './change-signal.js';

/** What a `ChangeFeed` needs and whom it tells. */
export interface ChangeFeedOptions {
  repo: ItemRepository;
  signal: ChangeSignal;
  timers: Timers;
  /** Polling interval, a fallback for lost signals. */
  pollInterval?: number;
  /** Called with the changes other tabs made. */
  onChanges(batch: ChangeBatch): void | Promise<void>;
  /** Called when this tab fell too far behind (over 1000 transactions) to catch up: reload. */
  onReload(): void;
  /** Called when reading or delivering the changes failed; the next check tries again. It
   * should not throw: what it throws is dropped (there is nobody left to tell), and the feed
   * goes on. */
  onError(error: unknown): void;
}

/** Default polling interval: a change made in another tab shows within a second even when
 * its signal is lost. */
export const CHANGE_POLL_INTERVAL = 500;

/** Follows the local database for changes made by other tabs of the same workspace (spec core
 * §4, local database across tabs): woken by the signal, with polling as a fallback. */
export class ChangeFeed {
  private lastTx = 0;
  private running: Promise<void> = Promise.resolve();
  private stopped = false;
  private cancelPoll: () => void = () => {};
  private unsubscribe: () => void = () => {};

  constructor(private readonly options: ChangeFeedOptions) {}

  /** Starts following from the database's current transaction. */
  async start(): Promise<void> {
    this.lastTx = await this.options.repo.currentTx();
    this.unsubscribe = this.options.signal.subscribe(() => this.queueCheck());
    this.schedulePoll();
  }

  /** Reads and delivers what changed since the last check. Checks never overlap; the promise
   * never rejects (a failure goes to onError). */
  check(): Promise<void> {
    this.queueCheck();
    return this.running;
  }

  /** Stops following. */
  stop(): void {
    this.stopped = true;
    this.cancelPoll();
    this.unsubscribe();
  }

  private async read(): Promise<void> {
    if (this.stopped) return;
    const batch = await this.options.repo.changesSince(this.lastTx);
    if (batch.tx - this.lastTx > CROSS_TAB_RELOAD_JUMP) {
      this.stop();
      this.options.onReload();
      return;
    }
    this.lastTx = batch.tx;
    if (batch.items.length > 0 || batch.deletedIds.length > 0) await this.options.onChanges(batch);
  }

  // Starts a check once the one under way is over. `running` never rejects, even if onError
  // throws: a rejected chain would skip the read of every later check, and the tab would no
  // longer see what other tabs write.
  private queueCheck(): void {
    this.running = this.running
      .then(() => this.read())
      .catch((error: unknown) => this.report(error));
  }

  // Tells the app of a failure; what onError itself throws is dropped (see ChangeFeedOptions).
  private report(error: unknown): void {
    try {
      this.options.onError(error);
    } catch {
      // Nobody is left to tell.
    }
  }

  private schedulePoll(): void {
    if (this.stopped) return;
    this.cancelPoll = this.options.timers.set(() => {
      // The next poll is planned once this check is over, whatever became of it: polling is the
      // fallback for lost signals, it must not stop.
      this.queueCheck();
      this.running = this.running
        .then(() => this.schedulePoll())
        .catch((error: unknown) => this.report(error));
    }, this.options.pollInterval ?? CHANGE_POLL_INTERVAL);
  }
}
