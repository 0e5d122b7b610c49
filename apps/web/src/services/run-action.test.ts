import { describe, expect, it, vi } from 'vitest';
import { createStore } from '../store';
import { runAction } from './run-action';
import { LOCAL_DB_ERROR } from './workspace';

const errorsShown = (store: ReturnType<typeof createStore>) =>
  store
    .getState()
    .notifications.filter((n) => n.type === 'error')
    .map((n) => n.content);

describe('runAction', () => {
  it('shows a failed action as an error notification, by default the local database error', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const store = createStore();
    runAction(store.dispatch, () => Promise.reject(new Error('QuotaExceededError')));
    runAction(
      store.dispatch,
      () => Promise.reject(new Error('NotAllowedError')),
      'The text could not be copied.',
    );
    await vi.waitFor(() =>
      expect(errorsShown(store)).toEqual([LOCAL_DB_ERROR, 'The text could not be copied.']),
    );
    expect(logged).toHaveBeenCalledWith(new Error('QuotaExceededError'));
    logged.mockRestore();
  });

  it('catches an action that throws before it returns a promise', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const store = createStore();
    runAction(store.dispatch, () => {
      throw new Error('No database.');
    });
    expect(errorsShown(store)).toEqual([LOCAL_DB_ERROR]);
    logged.mockRestore();
  });

  it('shows nothing when the action succeeds', async () => {
    const store = createStore();
    let done = false;
    runAction(store.dispatch, async () => {
      done = true;
    });
    await vi.waitFor(() => expect(done).toBe(true));
    await Promise.resolve();
    expect(store.getState().notifications).toEqual([]);
  });
});
