/** A turn owed after an input lapses after this long, in ms, frame or no frame (a hidden page
 * paints none). */
export const INPUT_TURN_MAX_MS = 1000;

/** What `InputTurns` needs of the page (tests give their own). */
export interface InputSource {
  addEventListener(
    type: 'keydown' | 'pointerdown',
    listener: () => void,
    options: { capture: boolean; passive: boolean },
  ): void;
  requestAnimationFrame(callback: () => void): unknown;
  /** Runs `task` in a task of its own, behind the tasks already queued (a message). */
  queueTask(task: () => void): void;
}

/**
 * The turns the page's own tasks are owed after the user types or presses.
 *
 * Background work that pauses with `scheduler.yield` (the preview of a paste: its continuations
 * go ahead of the page's other tasks) asks `take` before each pause. From a key or a pointer press
 * until the frame showing it has been painted and the tasks queued up to then have run, it is
 * told to wait behind the page's tasks instead (a message): what the keystroke set going (the
 * app's state updates, the editor's follow-ups, whatever the page queued in that frame) runs
 * before the next slice, not behind up to FAIR_TURN_MS of slices and the frames between them.
 * Measured after a 1,000,000-character paste, before: a message or a timer queued in the frame
 * showing a key ran 100-400 ms after that frame, a `user-blocking` task 20 ms after it
 * (docs/adr/0003, "Typing while a paste is rendered").
 */
export class InputTurns {
  // Inputs so far; the one the frame and the turns below are about.
  private inputs = 0;
  private inputAt = 0;
  // The input whose frame has been painted and whose frame's tasks have run.
  private framed = 0;
  // The input whose turn has been taken (a pause queued after its frame's tasks came back).
  private served = 0;
  private frameRequested = false;

  constructor(
    private readonly source: InputSource,
    private readonly now: () => number = () => performance.now(),
  ) {
    const options = { capture: true, passive: true };
    source.addEventListener('keydown', this.input, options);
    source.addEventListener('pointerdown', this.input, options);
  }

  /** Whether background work should now wait behind the page's tasks; if so, `done` is to be
   * called once it has (the turn then counts only if it was asked for after the last input's
   * frame and its tasks). */
  take(): { done: () => void } | undefined {
    if (this.served === this.inputs || this.now() - this.inputAt >= INPUT_TURN_MAX_MS) {
      return undefined;
    }
    const input = this.inputs;
    const afterFrame = this.framed === input;
    return {
      done: () => {
        if (afterFrame && this.served < input) this.served = input;
      },
    };
  }

  private readonly input = (): void => {
    this.inputs += 1;
    this.inputAt = this.now();
    if (this.frameRequested) return;
    this.frameRequested = true;
    this.source.requestAnimationFrame(this.frame);
  };

  // The frame showing the inputs so far: once the tasks queued up to it (and in it) have run,
  // they are framed.
  private readonly frame = (): void => {
    this.frameRequested = false;
    const input = this.inputs;
    this.source.queueTask(() => {
      if (this.framed < input) this.framed = input;
    });
  };
}

let pageTurns: InputTurns | undefined;

/** `InputTurns.take` for the page (watching it from the first question); undefined outside a
 * browser. */
export function takeInputTurn(): { done: () => void } | undefined {
  if (typeof window === 'undefined') return undefined;
  pageTurns ??= new InputTurns({
    addEventListener: (type, listener, options) => window.addEventListener(type, listener, options),
    requestAnimationFrame: (callback) => window.requestAnimationFrame(() => callback()),
    queueTask: (task) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        task();
      };
      channel.port2.postMessage(null);
    },
  });
  return pageTurns.take();
}
