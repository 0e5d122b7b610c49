import { type Timers } from '../ports/timers.js';
import { NetworkError } from './http-client.js';

/** The message shown when the app goes offline (spec core §8). */
export const OFFLINE_MESSAGE = 'You are offline.';
/** The message shown when the app comes back online (spec core §4). */
export const BACK_ONLINE_MESSAGE = 'You are back online!';
/** The connectivity check runs about this often while the user is active (spec core §9)... */
export const OFFLINE_CHECK_EVERY = 30_000;
/** ...plus up to this much, at random. */
export const OFFLINE_CHECK_EXTRA = 5_000;

/** What the detector needs. `check()` resolves true when a request to a known host succeeds
 * (the app loads a small script or calls its server); `random()` is in [0, 1). */
export interface OfflineDetectorOptions {
  timers: Timers;
  check(): Promise<boolean>;
  isUserActive(): boolean;
  random(): number;
  /** Told of each change, with the message to show. */
  onChange(offline: boolean, message: string): void;
}

/** Tells whether the app is offline (spec core §4 "Online/offline", rule S9): from the browser's
 * network status, from request time-outs, and from a periodic check while the user is active.
 * Each change is told once, with 'You are offline.' or 'You are back online!'. */
export class OfflineDetector {
  private isOffline = false;
  private cancel: (() => void) | undefined;

  constructor(private readonly options: OfflineDetectorOptions) {}

  /** Whether the app is offline now. */
  get offline(): boolean {
    return this.isOffline;
  }

  /** Starts the periodic check. */
  start(): void {
    this.schedule();
  }

  /** Stops the periodic check. */
  stop(): void {
    this.cancel?.();
    this.cancel = undefined;
  }

  /** The browser's online and offline events. */
  networkStatus(online: boolean): void {
    this.set(!online);
  }

  /** A request failed: a time-out means offline (spec core §4). A refused connection says only
   * that one server is unreachable (a database being restarted, say): the sync fails with its
   * error and the app stays online; a lost network shows in the browser's status instead. */
  requestFailed(error: unknown): void {
    if (error instanceof NetworkError && error.reason === 'timeout') this.set(true);
  }

  /** Runs the connectivity check now. */
  async checkNow(): Promise<void> {
    let online = false;
    try {
      online = await this.options.check();
    } catch {
      online = false;
    }
    this.set(!online);
  }

  private schedule(): void {
    const { timers, random } = this.options;
    const delay = OFFLINE_CHECK_EVERY + OFFLINE_CHECK_EXTRA * random();
    this.cancel = timers.set(() => {
      // While offline the check runs anyway, to notice the way back.
      const active = this.isOffline || this.options.isUserActive();
      const run = active ? this.checkNow() : Promise.resolve();
      // The next check is planned whatever became of this one (checkNow takes a failed check
      // for offline; only the app's onChange could throw): the way back online is always seen.
      const next = () => {
        if (this.cancel) this.schedule();
      };
      run.then(next, next);
    }, delay);
  }

  private set(offline: boolean): void {
    if (offline === this.isOffline) return;
    this.isOffline = offline;
    this.options.onChange(offline, offline ? OFFLINE_MESSAGE : BACK_ONLINE_MESSAGE);
  }
}
