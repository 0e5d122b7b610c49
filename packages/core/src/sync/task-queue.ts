import { type AbortFlag, OfflineError } from './sync-context.js';

/** A unit of work of the queue (a sync, a publish, an image upload). It should check `signal`
 * between remote calls and stop when it is set. */
export type QueuedTask = (signal: AbortFlag) => Promise<void>;

/** What the queue reports to the app. */
export interface TaskQueueOptions {
  /** Told of each task error, and of 'You are offline.' when going offline stops a task. It
   * should not throw: what it throws when told of a task's error is dropped (there is nobody
   * left to tell), and the queue goes on. */
  onError: (error: unknown) => void;
}

/** One queue for the remote work of a tab (rule S1): tasks run one after another; a failing
 * task is reported and the queue goes on; going offline stops the running task and drops the
 * waiting ones. `busy` tells a spinner whether anything runs. */
export class TaskQueue {
  private readonly waiting: { task: QueuedTask; done: () => void }[] = [];
  private running: { flag: { aborted: boolean }; stop: () => void } | undefined;
  private readonly listeners = new Set<(busy: boolean) => void>();

  constructor(private readonly options: TaskQueueOptions) {}

  /** Whether a task is running or waiting. */
  get busy(): boolean {
    return this.running !== undefined || this.waiting.length > 0;
  }

  /** Calls `listener` each time `busy` changes; returns a function that stops it. */
  onBusyChange(listener: (busy: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Adds a task; resolves when it has run (or was stopped or dropped), never rejects. */
  enqueue(task: QueuedTask): Promise<void> {
    return new Promise<void>((done) => {
      const wasBusy = this.busy;
      this.waiting.push({ task, done });
      if (!wasBusy) this.emit();
      // Nobody waits for the run: it gives each task's failure to onError, and what escapes it
      // (a busy listener throwing once the queue is idle) goes there too.
      if (!this.running) this.runWaiting().catch((error: unknown) => this.report(error));
    });
  }

  /** Going offline: the running task is told to stop and left behind, waiting tasks are
   * dropped, and 'You are offline.' is reported once. */
  goOffline(): void {
    const dropped = this.waiting.splice(0);
    for (const entry of dropped) entry.done();
    if (this.running) {
      this.running.flag.aborted = true;
      this.running.stop();
      this.options.onError(new OfflineError());
    }
  }

  // Runs the waiting tasks one after another, then says the queue is idle. Whatever a task does,
  // and even if onError throws, it stops counting as running and its promise resolves before the
  // next one starts: a queue left `running` would take no task again, and the sync requester
  // waiting for the task would stay pending for good.
  private async runWaiting(): Promise<void> {
    for (let next = this.waiting.shift(); next; next = this.waiting.shift()) {
      const flag = { aborted: false };
      let stop = () => undefined as void;
      const stopped = new Promise<void>((resolve) => (stop = resolve));
      this.running = { flag, stop };
      try {
        await Promise.race([next.task(flag), stopped]);
      } catch (error) {
        // A task stopped by going offline was already reported.
        if (!flag.aborted) this.report(error);
      } finally {
        this.running = undefined;
        next.done();
      }
    }
    this.emit();
  }

  // Tells the app of a failure; what onError itself throws is dropped (see TaskQueueOptions).
  private report(error: unknown): void {
    try {
      this.options.onError(error);
    } catch {
      // Nobody is left to tell.
    }
  }

  private emit(): void {
    for (const listener of [...this.listeners]) listener(this.busy);
  }
}
