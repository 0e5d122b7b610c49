import { inBackground, whenIdle } from '../services/idle';

/** Saving waits this long after the last keystroke… */
export const SAVE_DELAY = 200;
/** …and while typing goes on, is done with the first keystroke this long after the oldest
 * change not saved yet: a change waits at most SAVE_MAX_WAIT + SAVE_DELAY (and an idle moment),
 * so another tab shows it within a second. */
export const SAVE_MAX_WAIT = 500;
/** A save waiting for the browser (an idle moment, a painted frame) waits at most this long:
 * a hidden page paints no frame, and a busy one may have no idle moment. */
export const SAVE_WAIT_LIMIT = 250;

/** The browser's clocks and callbacks a `SaveSchedule` runs on (replaced in tests). */
export interface SaveClock {
  now(): number;
  setTimeout(task: () => void, ms: number): number;
  clearTimeout(id: number | undefined): void;
  /** Runs `task` before the next frame is painted. */
  requestAnimationFrame(task: () => void): void;
  /** Runs `task` when the browser is idle, within `timeout` in any case. */
  whenIdle(task: () => void, timeout: number): void;
  /** Runs `task` in a task of its own, after the tasks already waiting for the main thread and
   * any more urgent one (input, rendering). */
  background(task: () => void): void;
}

/** The page's own clocks. */
export const browserClock: SaveClock = {
  now: () => Date.now(),
  setTimeout: (task, ms) => window.setTimeout(task, ms),
  clearTimeout: (id) => window.clearTimeout(id),
  requestAnimationFrame: (task) => window.requestAnimationFrame(() => task()),
  whenIdle,
  background: inBackground,
};

/**
 * When the editor's text is saved: once typing pauses for SAVE_DELAY (in an idle moment), and,
 * while typing goes on, right after the frame that shows the first keystroke SAVE_MAX_WAIT or
 * more after the oldest change not saved yet. A save hashes, encodes and stores the whole text
 * (about 10 ms of work on a 250,000-character text, in a worker, the main thread and the
 * browser's database, on a machine that may have two cores): started just after a keystroke is
 * on screen, it is as far as it can be from the next one. (Started at a moment of its own, it
 * often ran just before the next keystroke, which then waited for a core: docs/adr/0003.)
 */
export class SaveSchedule {
  private timer: number | undefined;
  private firstUnsavedAt: number | undefined;
  // Bumped by `cancel`, which every save calls as it starts: a save planned before then, still
  // waiting for the browser, does nothing.
  private generation = 0;

  constructor(
    private readonly save: () => void,
    private readonly clock: SaveClock = browserClock,
  ) {}

  /** The user changed the text. */
  changed(): void {
    const now = this.clock.now();
    this.firstUnsavedAt ??= now;
    this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    if (now - this.firstUnsavedAt >= SAVE_MAX_WAIT) {
      this.firstUnsavedAt = undefined;
      this.afterPaint(this.guarded());
      return;
    }
    const save = this.guarded();
    this.timer = this.clock.setTimeout(
      () => this.clock.whenIdle(save, SAVE_WAIT_LIMIT),
      SAVE_DELAY,
    );
  }

  /** A save is starting now, for whatever reason: nothing is due any more. */
  cancel(): void {
    this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.firstUnsavedAt = undefined;
    this.generation += 1;
  }

  // The save, unless another one started (or `cancel` was called) since this was planned.
  private guarded(): () => void {
    const generation = this.generation;
    return () => {
      if (generation !== this.generation) return;
      this.save();
    };
  }

  // Runs `task` after the next painted frame, or after SAVE_WAIT_LIMIT. After the frame, the
  // save takes its turn behind the tasks already queued and anything more urgent (background
  // priority): run in the task right after the frame, its milliseconds of work went ahead of
  // the frame's follow-ups (the key's release, the selection change, the page's own).
  private afterPaint(task: () => void): void {
    let done = false;
    const run = () => {
      if (done) return;
      done = true;
      this.clock.clearTimeout(fallback);
      task();
    };
    const fallback = this.clock.setTimeout(run, SAVE_WAIT_LIMIT);
    this.clock.requestAnimationFrame(() => this.clock.background(run));
  }
}
