import { type Timers } from '../ports/timers.js';
import { UploadCancelledError } from '../sync/commit-message.js';
import { PUBLISH_POLL_EVERY } from './constants.js';

/** What the publish queue needs from the app. */
export interface PublishQueueOptions {
  timers: Timers;
  /** Whether the user is typing now: a queued publish waits until they are not. */
  isUserTyping(): boolean;
  /** Whether the app is offline: a publish failing then is rethrown, not shown. */
  isOffline(): boolean;
  /** Shows the error of a publish that failed while online (a notification). */
  notifyError(error: unknown): void;
}

/**
 * The publish requests of the app (spec providers §4): each is queued behind the ones before
 * it, so that one publish runs at a time and locations publish in sequence; it starts once the
 * user is not typing, checked at once and then every second (spec providers §9). A publish that
 * fails while online is shown through `notifyError` and the request resolves; while offline its
 * error is rethrown to the requester, who keeps it for when the app is back online. A commit
 * message cancelled ({@link UploadCancelledError}) is no error.
 */
export class PublishQueue {
  private tail: Promise<void> = Promise.resolve();
  private waiting = 0;

  constructor(private readonly options: PublishQueueOptions) {}

  /** The requests queued or running. */
  get pending(): number {
    return this.waiting;
  }

  /** Queues `publish`; settles when it has run (or failed, see the class). */
  request(publish: () => Promise<void>): Promise<void> {
    this.waiting += 1;
    const run = this.tail
      .then(() => this.untilNotTyping())
      .then(() => this.attempt(publish))
      .finally(() => {
        this.waiting -= 1;
      });
    this.tail = run.catch(() => undefined);
    return run;
  }

  private untilNotTyping(): Promise<void> {
    return new Promise((resolve) => {
      const poll = () => {
        if (this.options.isUserTyping()) this.options.timers.set(poll, PUBLISH_POLL_EVERY);
        else resolve();
      };
      poll();
    });
  }

  private async attempt(publish: () => Promise<void>): Promise<void> {
    try {
      await publish();
    } catch (error) {
      if (error instanceof UploadCancelledError) return;
      if (this.options.isOffline()) throw error;
      this.options.notifyError(error);
    }
  }
}
