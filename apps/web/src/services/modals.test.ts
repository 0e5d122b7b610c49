import { describe, expect, it } from 'vitest';
import { isCancelled, ModalStack } from './modals';

describe('ModalStack', () => {
  it('opening pushes a dialog; Ok resolves its promise and removes it', async () => {
    const stack = new ModalStack();
    const answer = stack.open('settings');
    expect(stack.entries.map((e) => e.type)).toEqual(['settings']);
    stack.resolve(stack.top!.id);
    await expect(answer).resolves.toBeUndefined();
    expect(stack.entries).toEqual([]);
  });

  it('cancelling rejects with ModalCancelled', async () => {
    const stack = new ModalStack();
    const answer = stack.open('confirmation', { type: 'reset', subject: '' });
    stack.reject(stack.top!.id);
    const error = await answer.catch((e: unknown) => e);
    expect(isCancelled(error)).toBe(true);
  });

  it('shows the top dialog; closing it shows the one below', () => {
    const stack = new ModalStack();
    void stack.open('settings').catch(() => undefined);
    void stack.open('about').catch(() => undefined);
    expect(stack.top?.type).toBe('about');
    stack.reject(stack.top!.id);
    expect(stack.top?.type).toBe('settings');
  });

  it('a dialog hidden until a promise settles shows again afterwards', async () => {
    const stack = new ModalStack();
    void stack.open('settings').catch(() => undefined);
    const settings = stack.top!;
    let answer!: () => void;
    stack.hideUntil(settings.id, new Promise<void>((resolve) => (answer = resolve)));
    expect(stack.top).toBeUndefined();
    answer();
    await Promise.resolve();
    await Promise.resolve();
    expect(stack.top?.id).toBe(settings.id);
  });

  it('tells its subscribers of every change, with a new snapshot each time', () => {
    const stack = new ModalStack();
    const seen: number[] = [];
    const unsubscribe = stack.subscribe(() => seen.push(stack.entries.length));
    const before = stack.entries;
    void stack.open('about').catch(() => undefined);
    expect(stack.entries).not.toBe(before);
    stack.rejectAll();
    unsubscribe();
    void stack.open('about').catch(() => undefined);
    expect(seen).toEqual([1, 0]);
  });
});
