import { describe, expect, it } from 'vitest';
import { createStore } from '../store';
import { notified } from '../store/notifications-slice';
import { Notifier } from './notifier';

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
