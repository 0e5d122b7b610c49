import { CONTENT_STATE_SAVE_DEBOUNCE } from '@inkstone/core';
import { describe, expect, it } from 'vitest';
import { PLACE_MAX_WAIT, PlaceSchedule } from './place-schedule';
import { SAVE_DELAY, SAVE_MAX_WAIT } from './save-schedule';

// A schedule on a clock driven by hand, and the times at which it saved the place.
function setUp() {
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; task: () => void }>();
  const saves: number[] = [];
  const schedule = new PlaceSchedule(() => saves.push(now), {
    now: () => now,
    setTimeout: (task, ms) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, task });
      return id;
    },
    clearTimeout: (id) => {
      if (id !== undefined) timers.delete(id);
    },
  });
  const advanceTo = (time: number) => {
    for (;;) {
      const due = [...timers.entries()]
        .filter(([, timer]) => timer.at <= time)
        .sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
      if (!due) break;
      timers.delete(due[0]);
      now = due[1].at;
      due[1].task();
    }
    now = time;
  };
  // The caret moves every `interval` ms from `from` to `to`.
  const move = (from: number, to: number, interval: number) => {
    for (let at = from; at <= to; at += interval) {
      advanceTo(at);
      schedule.moved();
    }
  };
  return { schedule, saves, advanceTo, move };
}

describe('PlaceSchedule', () => {
  it('waits as long as a change of the text may wait for its save', () => {
    expect(PLACE_MAX_WAIT).toBe(SAVE_DELAY + SAVE_MAX_WAIT);
  });

  it('saves the place 100 ms after it last moved', () => {
    const { saves, advanceTo, move } = setUp();
    move(0, 60, 30);
    advanceTo(1_000);
    expect(saves).toEqual([60 + CONTENT_STATE_SAVE_DEBOUNCE]);
  });

  it('saves each move within PLACE_MAX_WAIT ms while the place keeps moving', () => {
    const { saves, advanceTo, move } = setUp();
    // An arrow key held down: a move every 30 ms for two seconds.
    move(0, 2_000, 30);
    advanceTo(3_000);
    expect(saves.length).toBeGreaterThanOrEqual(3);
    for (let at = 0; at <= 2_000; at += 30) {
      const saved = saves.find((time) => time >= at);
      expect(saved! - at).toBeLessThanOrEqual(PLACE_MAX_WAIT);
    }
    expect(saves.at(-1)).toBe(1_980 + CONTENT_STATE_SAVE_DEBOUNCE);
  });

  it('saves nothing by itself while the text has edits not saved: their save carries the place', () => {
    const { schedule, saves, advanceTo, move } = setUp();
    move(0, 50, 50);
    schedule.edited();
    move(60, 1_500, 30);
    advanceTo(3_000);
    expect(saves).toEqual([]);
    // Once the text's save has started, moves are saved by themselves again.
    schedule.saving();
    move(3_000, 3_000, 1);
    advanceTo(4_000);
    expect(saves).toEqual([3_000 + CONTENT_STATE_SAVE_DEBOUNCE]);
  });

  it('drops what is due when a save of the text starts, which stores the place', () => {
    const { schedule, saves, advanceTo, move } = setUp();
    move(0, 0, 1);
    advanceTo(50);
    schedule.saving();
    advanceTo(1_000);
    expect(saves).toEqual([]);
    move(1_000, 1_000, 1);
    schedule.cancel();
    advanceTo(2_000);
    expect(saves).toEqual([]);
  });
});
