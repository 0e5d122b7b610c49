import { type Timers } from '@inkstone/core';

/** How long a message stays after it is said, unless it is a busy message (those stay until
 * their work ends). */
export const ANNOUNCEMENT_TIMEOUT = 5000;

/** What the app's status line says now. A new `id` is a new message, even with the same text
 * ("Saved" twice): it is announced again. */
export interface Announcement {
  readonly id: number;
  /** '' when there is nothing to say. */
  readonly text: string;
  /** Whether it says that work is under way ("Exporting PDF…"). */
  readonly busy: boolean;
}

/** What `during` says: when the work starts and when it ends well. A failure ends it without a
 * word: errors are shown and announced as alerts by their own notification. */
export interface BusyMessages<T> {
  busy: string;
  done: string | ((result: T) => string);
}

/** A piece of work under way, as `start` returns it. */
export interface BusyTask {
  /** Ends it, saying `message` if given (else the busy message just goes). */
  end(message?: string): void;
}

const SILENT: Announcement = { id: 0, text: '', busy: false };

/**
 * The app's one announcer: a polite live region (`role="status"`, components/announcements.tsx)
 * that says when longer work starts and ends — exports, syncs, imports, a save asked with
 * Ctrl+S — for screen readers, and shows the same words on screen for a few seconds.
 *
 * Use `during` around the work: `announcer.during({ busy: 'Importing 3 files…', done: '3 files
 * imported' }, () => importAll(files))`. `say` is for a message alone. Framework-free; React
 * reads it through `subscribe` (useAnnouncer in components/announcements.tsx).
 */
export class Announcer {
  private current: Announcement = SILENT;
  private nextId = 1;
  private cancelClear: (() => void) | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly timers: Pick<Timers, 'set'>) {}

  /** What is said now. */
  get announcement(): Announcement {
    return this.current;
  }

  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Says `text` now; it goes after ANNOUNCEMENT_TIMEOUT. */
  say(text: string): void {
    this.show(text, false);
  }

  /** Says that `busyText` work started; it is said until the returned task ends. */
  start(busyText: string): BusyTask {
    const id = this.show(busyText, true);
    let ended = false;
    return {
      end: (message) => {
        if (ended) return;
        ended = true;
        if (message !== undefined) this.show(message, false);
        else if (this.current.id === id) this.clear();
      },
    };
  }

  /** Runs `work`, saying when it starts and when it ends; its result or error is passed on. */
  async during<T>(messages: BusyMessages<T>, work: () => Promise<T>): Promise<T> {
    const task = this.start(messages.busy);
    try {
      const result = await work();
      task.end(typeof messages.done === 'function' ? messages.done(result) : messages.done);
      return result;
    } catch (error) {
      task.end();
      throw error;
    }
  }

  private show(text: string, busy: boolean): number {
    this.cancelClear?.();
    this.cancelClear = busy ? undefined : this.timers.set(() => this.clear(), ANNOUNCEMENT_TIMEOUT);
    const id = this.nextId++;
    this.set({ id, text, busy });
    return id;
  }

  private clear(): void {
    this.cancelClear?.();
    this.cancelClear = undefined;
    this.set({ id: this.nextId++, text: '', busy: false });
  }

  private set(announcement: Announcement): void {
    this.current = announcement;
    for (const listener of this.listeners) listener();
  }
}
