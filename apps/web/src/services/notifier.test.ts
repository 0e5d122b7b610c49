import { describe, expect, it } from 'vitest';
import { createStore } from '../store';
import { notified } from '../store/notifications-slice';
import { afterResponsiveTime, type Clock, NOTIFICATION_TIMEOUT, Notifier } from './notifier';

describe('Notifier', () => {
  it('asks a question with No and Yes, and resolves with the answer', async () => {
    const store = createStore();
    const notifier = new Notifier(store);
    const answer = notifier.confirm('Keep going?');
    const [shown] = store.getState().notifications;
    expect(shown).toMatchObject({ type: 'confirm', content: 'Keep going?' });
    notifier.answer(shown!.id, true);
    await expect(answer).resolves.toBe(true);
    expect(store.getState().notifications).toEqual([]);
  });

  it('a question dismissed or timed out is answered No', async () => {
    const store = createStore();
    const notifier = new Notifier(store);
    const answer = notifier.confirm('Keep going?');
    notifier.answer(store.getState().notifications[0]!.id, false);
    await expect(answer).resolves.toBe(false);
  });

  it('asks the same question twice, but shows the same message once', async () => {
    const store = createStore();
    const notifier = new Notifier(store);
    const answers = [notifier.confirm('Again?'), notifier.confirm('Again?')];
    store.dispatch(notified('info', 'Saved.'));
    store.dispatch(notified('info', 'Saved.'));
    const shown = store.getState().notifications;
    expect(shown.map((n) => n.type)).toEqual(['confirm', 'confirm', 'info']);
    // Each question has its own answer.
    notifier.answer(shown[0]!.id, true);
    notifier.answer(shown[1]!.id, false);
    await expect(Promise.all(answers)).resolves.toEqual([true, false]);
  });
});

// A page's clock: `run(ms)` lets it run responsive for ms (each timer fired when due), and
// `freeze(ms)` is one task of ms that holds every timer back until it ends.
function pageClock() {
  let time = 0;
  let next = 1;
  const timers = new Map<number, { at: number; run: () => void }>();
  const fireDue = () => {
    for (;;) {
      const due = [...timers].filter(([, t]) => t.at <= time).sort((a, b) => a[1].at - b[1].at);
      if (!due.length) return;
      const [id, timer] = due[0]!;
      timers.delete(id);
      timer.run();
    }
  };
  const clock: Clock = {
    now: () => time,
    setTimeout: (run, ms) => {
      timers.set(next, { at: time + ms, run });
      return next++;
    },
    clearTimeout: (id) => void timers.delete(id),
  };
  return {
    clock,
    run(ms: number) {
      for (let step = 0; step < ms; step += 10) {
        time += 10;
        fireDue();
      }
    },
    freeze(ms: number) {
      time += ms;
      fireDue();
    },
  };
}

describe('afterResponsiveTime', () => {
  it('ends a notification after 5 s of a page that answers', () => {
    const page = pageClock();
    let gone = false;
    afterResponsiveTime(NOTIFICATION_TIMEOUT, () => (gone = true), page.clock);
    page.run(4_900);
    expect(gone).toBe(false);
    page.run(400);
    expect(gone).toBe(true);
  });

  it('does not count a frozen page: a notification shown before an 8 s task is there after it', () => {
    const page = pageClock();
    let gone = false;
    afterResponsiveTime(NOTIFICATION_TIMEOUT, () => (gone = true), page.clock);
    page.run(1_000);
    page.freeze(8_000);
    // 9 s since it was shown, the page answering again: still there to read.
    expect(gone).toBe(false);
    page.run(3_000);
    expect(gone).toBe(false);
    page.run(1_500);
    expect(gone).toBe(true);
  });

  it('is cancelled by what it returns (a notification dismissed first)', () => {
    const page = pageClock();
    let gone = false;
    const cancel = afterResponsiveTime(NOTIFICATION_TIMEOUT, () => (gone = true), page.clock);
    page.run(1_000);
    cancel();
    page.run(10_000);
    expect(gone).toBe(false);
  });
});
