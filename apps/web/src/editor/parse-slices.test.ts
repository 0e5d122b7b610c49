import { describe, expect, it } from 'vitest';
import { capParseSlices } from './parse-slices';

describe('capParseSlices', () => {
  it('answers "input pending" once a task has spent the slice, and starts anew in the next task', async () => {
    let clock = 0;
    let pending = false;
    const scheduling = { isInputPending: () => pending };
    capParseSlices(40, scheduling, () => clock);

    expect(scheduling.isInputPending()).toBe(false);
    clock = 39;
    expect(scheduling.isInputPending()).toBe(false);
    clock = 40;
    expect(scheduling.isInputPending()).toBe(true);

    await Promise.resolve();
    clock = 1000;
    expect(scheduling.isInputPending()).toBe(false);
    pending = true;
    expect(scheduling.isInputPending()).toBe(true);
  });

  it('wraps once however often it is called, and does nothing without the API', () => {
    let calls = 0;
    const scheduling = {
      isInputPending: () => {
        calls++;
        return false;
      },
    };
    capParseSlices(40, scheduling, () => 0);
    capParseSlices(40, scheduling, () => 0);
    scheduling.isInputPending();
    expect(calls).toBe(1);
    expect(() => capParseSlices(40, {}, () => 0)).not.toThrow();
    expect(() => capParseSlices(40, undefined, () => 0)).not.toThrow();
  });
});
