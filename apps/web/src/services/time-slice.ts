// Long work on the main thread, cut in slices with a pause for the page between them.

/** The work between two pauses for the page, in ms, by default: less than a frame. */
export const SLICE_MS = 12;

/** Resolves in a task of its own, after what the page has queued (input, a frame). A message,
 * not a timer: timers of a hidden tab wait a second or more. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** How work is sliced. */
export interface SliceOptions {
  /** The work of one slice, in ms ({@link SLICE_MS} by default). */
  budget?: number;
  /** The pause between two slices: the next task ({@link nextTask}) by default. */
  pause?: () => Promise<void>;
  /** The clock, in ms: `performance.now` by default (tests give their own). */
  now?: () => number;
}

/**
 * The clock of work done in slices: whether the current slice has used its budget, and the
 * pause that ends it. A slice starts when the slicer is made and after each pause.
 */
export class TimeSlicer {
  private readonly budget: number;
  private readonly wait: () => Promise<void>;
  private readonly now: () => number;
  private start: number;

  constructor({
    budget = SLICE_MS,
    pause = nextTask,
    now = () => performance.now(),
  }: SliceOptions) {
    this.budget = budget;
    this.wait = pause;
    this.now = now;
    this.start = now();
  }

  /** Whether the current slice has used its budget: time to pause. */
  get due(): boolean {
    return this.now() - this.start >= this.budget;
  }

  /** Pauses for the page, then starts a new slice. `onPause` runs first (to show progress). */
  async pause(onPause?: () => void): Promise<void> {
    onPause?.();
    await this.wait();
    this.start = this.now();
  }

  /** Resolves at once while the slice is within its budget, else after {@link pause}. */
  readonly checkpoint = (onPause?: () => void): Promise<void> =>
    this.due ? this.pause(onPause) : Promise.resolve();
}

/**
 * A checkpoint for long work (see {@link TimeSlicer.checkpoint}): each call resolves at once
 * while the current slice is younger than its budget, else after the pause, starting a new
 * slice. `onPause` runs before each pause (to show progress, say).
 */
export function timeSlicer(options: SliceOptions = {}): (onPause?: () => void) => Promise<void> {
  return new TimeSlicer(options).checkpoint;
}
