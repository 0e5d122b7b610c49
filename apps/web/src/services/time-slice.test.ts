import { describe, expect, it } from 'vitest';
import { nextTask, timeSlicer } from './time-slice';

describe('slices of long work', () => {
  it('pause only once a slice has used its budget, telling first', async () => {
    const events: string[] = [];
    const pause = async () => void events.push('pause');
    const never = timeSlicer(60_000, pause);
    for (let i = 0; i < 5; i += 1) await never(() => events.push('progress'));
    expect(events).toEqual([]);
    const always = timeSlicer(0, pause);
    await always(() => events.push('progress'));
    await always();
    expect(events).toEqual(['progress', 'pause', 'pause']);
  });

  it('the next task is a task of its own, not a microtask', async () => {
    let resolved = false;
    const first = nextTask().then(() => (resolved = true));
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
    expect(resolved).toBe(false);
    // Messages come in the order they were posted.
    await nextTask();
    expect(resolved).toBe(true);
    await first;
  });
});
