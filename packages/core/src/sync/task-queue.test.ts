import { describe, expect, it } from 'vitest';
import { settle } from '../testing/fake-timers.js';
import { OfflineError } from './sync-context.js';
import { TaskQueue } from './task-queue.js';

const deferred = () => {
  let resolve = () => undefined as void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('TaskQueue (S1)', () => {
  it('runs tasks one after another, in order', async () => {
    const queue = new TaskQueue({ onError: () => undefined });
    const order: string[] = [];
    const first = deferred();
    const firstDone = queue.enqueue(async () => {
      order.push('a start');
      await first.promise;
      order.push('a end');
    });
    const second = queue.enqueue(async () => {
      order.push('b');
    });
    await settle();
    expect(order).toEqual(['a start']);
    first.resolve();
    await Promise.all([firstDone, second]);
    expect(order).toEqual(['a start', 'a end', 'b']);
  });

  it('reports a failing task and goes on', async () => {
    const errors: unknown[] = [];
    const queue = new TaskQueue({ onError: (error) => errors.push(error) });
    const failed = queue.enqueue(() => Promise.reject(new Error('boom')));
    let ran = false;
    await queue.enqueue(async () => {
      ran = true;
    });
    expect(errors).toEqual([new Error('boom')]);
    expect(ran).toBe(true);
    // The failed task's promise resolves: the failure went to onError.
    await expect(failed).resolves.toBeUndefined();
  });

  it('goes on when onError throws: the task ends, its promise resolves and the next one runs', async () => {
    const told: unknown[] = [];
    const queue = new TaskQueue({
      onError: (error) => {
        told.push(error);
        throw new Error('The notification bar is gone.');
      },
    });
    const states: boolean[] = [];
    queue.onBusyChange((busy) => states.push(busy));
    const ended: string[] = [];
    const track = (name: string, promise: Promise<void>) =>
      promise.then(
        () => ended.push(name),
        () => ended.push(`${name} rejected`),
      );
    let ran = false;
    const both = Promise.all([
      track(
        'failed',
        queue.enqueue(() => Promise.reject(new Error('boom'))),
      ),
      track(
        'next',
        queue.enqueue(async () => {
          ran = true;
        }),
      ),
    ]);
    await settle();
    // (Before, the queue stayed 'running' the failed task: neither promise resolved, nothing
    // more ran, and it stayed busy.)
    expect(told).toEqual([new Error('boom')]);
    expect(ended).toEqual(['failed', 'next']);
    expect(ran).toBe(true);
    expect(queue.busy).toBe(false);
    expect(states).toEqual([true, false]);
    await both;
    // It still takes tasks.
    let again = false;
    await queue.enqueue(async () => {
      again = true;
    });
    expect(again).toBe(true);
  });

  it('going offline stops the running task, drops the waiting ones and reports it once', async () => {
    const errors: unknown[] = [];
    const queue = new TaskQueue({ onError: (error) => errors.push(error) });
    let seen: { aborted: boolean } | undefined;
    const hanging = queue.enqueue((signal) => {
      seen = signal;
      return new Promise<void>(() => undefined);
    });
    let dropped = true;
    const waiting = queue.enqueue(async () => {
      dropped = false;
    });
    await settle();
    queue.goOffline();
    await hanging;
    await waiting;
    expect(seen?.aborted).toBe(true);
    expect(dropped).toBe(true);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(OfflineError);
    expect((errors[0] as Error).message).toBe('You are offline.');
  });

  it('tells when it becomes busy and idle', async () => {
    const queue = new TaskQueue({ onError: () => undefined });
    const states: boolean[] = [];
    queue.onBusyChange((busy) => states.push(busy));
    await Promise.all([queue.enqueue(async () => undefined), queue.enqueue(async () => undefined)]);
    await settle();
    expect(states).toEqual([true, false]);
    expect(queue.busy).toBe(false);
  });
});
