import { CONTENT_STATE_SAVE_DEBOUNCE } from '@inkstone/core';
import { browserClock, SAVE_DELAY, SAVE_MAX_WAIT, type SaveClock } from './save-schedule';

/** While the selection or the scroll position keeps changing (keys held down, scrolling), it
 * is saved at least this often, in ms: as often as the text is while typing goes on (a change
 * of the text waits at most SAVE_DELAY + SAVE_MAX_WAIT, save-schedule.ts). */
export const PLACE_MAX_WAIT = SAVE_DELAY + SAVE_MAX_WAIT;

/**
 * When the place (the selection and the scroll position) is saved by itself: 100 ms
 * (CONTENT_STATE_SAVE_DEBOUNCE, spec core §9) after it last changed and, while it goes on
 * changing, at least every PLACE_MAX_WAIT ms. While the text has edits not saved yet, nothing:
 * the save of the text stores the place with the text it goes with, in one transaction
 * (ContentSession, rule T5), whereas a place saved alone, ahead of its text, would put the caret
 * somewhere else after a crash.
 */
export class PlaceSchedule {
  private timer: number | undefined;
  // When the oldest change of the place not saved yet happened.
  private firstChangeAt: number | undefined;
  // Whether the user changed the text since the last save of it started.
  private editsPending = false;

  constructor(
    private readonly save: () => void,
    private readonly clock: Pick<SaveClock, 'now' | 'setTimeout' | 'clearTimeout'> = browserClock,
  ) {}

  /** The user changed the text: the save of the text will store the place. */
  edited(): void {
    this.editsPending = true;
    this.cancel();
  }

  /** A save of the text is starting: it stores the place the editor has when it reads the
   * text. What moves after that is saved by itself again. */
  saving(): void {
    this.editsPending = false;
    this.cancel();
  }

  /** The selection or the scroll position changed. */
  moved(): void {
    this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    if (this.editsPending) {
      this.firstChangeAt = undefined;
      return;
    }
    const now = this.clock.now();
    this.firstChangeAt ??= now;
    const due = Math.min(CONTENT_STATE_SAVE_DEBOUNCE, this.firstChangeAt + PLACE_MAX_WAIT - now);
    this.timer = this.clock.setTimeout(() => this.run(), Math.max(0, due));
  }

  /** Nothing is due any more (a save started, the editor closes). */
  cancel(): void {
    this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.firstChangeAt = undefined;
  }

  private run(): void {
    this.timer = undefined;
    this.firstChangeAt = undefined;
    this.save();
  }
}
