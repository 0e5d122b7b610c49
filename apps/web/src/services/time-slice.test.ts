import { describe, expect, it } from 'vitest';
import { nextTask, timeSlicer, TimeSlicer } from './time-slice';

describe('slices of long work', () => {
  it('pause only once a slice has used its budget, telling first', async () => {
    const events: string[] = [];
    const pause = async () => void events.push('pause');
    const never = timeSlicer({ budget: 60_000, pause });
    for (let i = 0; i < 5; i += 1) await never(() => events.push('progress'));
    expect(events).toEqual([]);
    const always = timeSlicer({ budget: 0, pause });
    await always(() => events.push('progress'));
    await always();
    expect(events).toEqual(['progress', 'pause', 'pause']);
  });

  it('measure each slice from its start, by the clock given', async () => {
    const clock = { now: 100 };
    let pauses = 0;
    const slicer = new TimeSlicer({
      budget: 12,
      now: () => clock.now,
      pause: async () => {
        pauses += 1;
        clock.now += 5; // the page's own work during the pause
      },
    });
    clock.now = 111;
    expect(slicer.due).toBe(false);
    await slicer.checkpoint();
    expect(pauses).toBe(0);
    clock.now = 112;
    expect(slicer.due).toBe(true);
    await slicer.checkpoint();
    expect(pauses).toBe(1);
    // A new slice started after the pause (at 117): not due until 129.
    clock.now = 128;
    expect(slicer.due).toBe(false);
    clock.now = 129;
    expect(slicer.due).toBe(true);
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
