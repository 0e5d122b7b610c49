import { type AppStore } from '../store';
import { dismissed, notified } from '../store/notifications-slice';

/** How long a notification stays (spec interface §9): 5 s, a question 10 s. */
export const NOTIFICATION_TIMEOUT = 5000;
export const CONFIRM_NOTIFICATION_TIMEOUT = 10_000;

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
