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
  /** Called when reading the changes failed; the next check tries again. */
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
    // Nobody waits for a check the signal starts: check() gives its failure to onError, and this
    // catch one that escaped it (onError itself throwing).
    this.unsubscribe = this.options.signal.subscribe(() => {
      this.check().catch((error: unknown) => this.options.onError(error));
    });
    this.schedulePoll();
  }

  /** Reads and delivers what changed since the last check. Checks never overlap. */
  check(): Promise<void> {
    this.running = this.running
      .then(() => this.read())
      .catch((error: unknown) => this.options.onError(error));
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

  private schedulePoll(): void {
    if (this.stopped) return;
    this.cancelPoll = this.options.timers.set(() => {
      // The next poll is planned whatever became of this check: polling is the fallback for lost
      // signals, it must not stop.
      this.check()
        .catch((error: unknown) => this.options.onError(error))
        .finally(() => this.schedulePoll());
    }, this.options.pollInterval ?? CHANGE_POLL_INTERVAL);
  }
}
