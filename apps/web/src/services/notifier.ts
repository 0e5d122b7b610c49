import { type AppStore } from '../store';
import { dismissed, notified } from '../store/notifications-slice';

/** How long a notification stays (spec interface §9): 5 s, a question 10 s. */
export const NOTIFICATION_TIMEOUT = 5000;
export const CONFIRM_NOTIFICATION_TIMEOUT = 10_000;

/** How often a notification's time is counted. */
const TICK = 250;

/** The timers and clock a notification's time is counted with (the page's, unless a test
 * gives others). */
export interface Clock {
  now(): number;
  setTimeout(run: () => void, ms: number): number;
  clearTimeout(timer: number): void;
}

const pageClock: Clock = {
  now: () => performance.now(),
  setTimeout: (run, ms) => window.setTimeout(run, ms),
  clearTimeout: (timer) => window.clearTimeout(timer),
};

/**
 * Calls `done` once the page has been responsive for `ms`: time in which it was frozen (a task
 * running longer than a tick, opening a 10,000,000-character file say) counts as one tick at
 * most. A notification shown just before such a task is still there to read after it, instead
 * of going the moment the page answers again. Returns what cancels it.
 */
export function afterResponsiveTime(
  ms: number,
  done: () => void,
  clock: Clock = pageClock,
): () => void {
  let counted = 0;
  let last = clock.now();
  let timer = 0;
  const step = () => {
    const now = clock.now();
    counted += Math.min(now - last, TICK);
    last = now;
    if (counted >= ms) done();
    else timer = clock.setTimeout(step, TICK);
  };
  timer = clock.setTimeout(step, TICK);
  return () => clock.clearTimeout(timer);
}

/**
 * Asks a question in a notification (spec interface §3: a confirm notification offers No and
 * Yes) and keeps the answers awaited. A question not answered within 10 s counts as No.
 */
export class Notifier {
  private readonly answers = new Map<number, (yes: boolean) => void>();

  constructor(private readonly store: AppStore) {}

  /** Shows `content` with No and Yes; resolves to true on Yes. */
  confirm(content: string): Promise<boolean> {
    const action = notified('confirm', content);
    this.store.dispatch(action);
    return new Promise((resolve) => this.answers.set(action.payload.id, resolve));
  }

  /** Answers the question `id` (No also when it times out or is dismissed), or dismisses any
   * other notification. */
  answer(id: number, yes: boolean): void {
    const resolve = this.answers.get(id);
    this.answers.delete(id);
    this.store.dispatch(dismissed(id));
    resolve?.(yes);
  }
}
