import { describe, expect, it } from 'vitest';
import {
  SAVE_DELAY,
  SAVE_MAX_WAIT,
  SAVE_WAIT_LIMIT,
  type SaveClock,
  SaveSchedule,
} from './save-schedule';

/** A page's clocks in a test: timers, frames painted FRAME_MS after they are asked for (or
 * never, for a hidden page), idle moments at once, and background tasks that run once no timer
 * is due. With `followUps`, each frame also queues a task of its own (as the browser's and the
 * page's work after a frame would), logged in `order` with the saves. */
const FRAME_MS = 16;

function page(options: { paints?: boolean; followUps?: boolean } = {}) {
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; task: () => void }>();
  const background: { at: number; task: () => void }[] = [];
  const saves: number[] = [];
  const order: string[] = [];
  const clock: SaveClock = {
    now: () => now,
    setTimeout: (task, ms) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, task });
      return id;
    },
    clearTimeout: (id) => {
      if (id !== undefined) timers.delete(id);
    },
    requestAnimationFrame: (task) => {
      if (options.paints === false) return;
      clock.setTimeout(() => {
        task();
        if (options.followUps) clock.setTimeout(() => order.push('follow-up'), 0);
      }, FRAME_MS);
    },
    whenIdle: (task) => clock.setTimeout(task, 0),
    background: (task) => {
      background.push({ at: now, task });
    },
  };
  // The save, as the editor's: it cancels what is due as it starts.
  const schedule: SaveSchedule = new SaveSchedule(() => {
    saves.push(now);
    order.push('save');
    schedule.cancel();
  }, clock);
  // Runs the clock to `time`, timer by timer; a background task runs when no timer is due.
  const advanceTo = (time: number) => {
    for (;;) {
      const due = [...timers.entries()]
        .filter(([, timer]) => timer.at <= time)
        .sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
      const waiting = background[0];
      if (due && (!waiting || due[1].at <= waiting.at)) {
        timers.delete(due[0]);
        now = due[1].at;
        due[1].task();
      } else if (waiting) {
        background.shift();
        waiting.task();
      } else break;
    }
    now = time;
  };
  // The user types a key every `interval` ms from `from` to `to`.
  const type = (from: number, to: number, interval: number) => {
    for (let at = from; at <= to; at += interval) {
      advanceTo(at);
      schedule.changed();
    }
  };
  return { schedule, saves, order, advanceTo, type };
}

describe('SaveSchedule', () => {
  it('saves once, SAVE_DELAY after the last keystroke of a short burst', () => {
    const { saves, advanceTo, type } = page();
    type(0, 300, 100);
    advanceTo(2000);
    expect(saves).toEqual([300 + SAVE_DELAY]);
  });

  it('while typing goes on, saves just after the frame of the first keystroke past SAVE_MAX_WAIT', () => {
    const { saves, advanceTo, type } = page();
    const interval = 115;
    type(0, 2990, interval);
    advanceTo(5000);
    // Saved a frame after the first keystroke at or past SAVE_MAX_WAIT.
    expect(saves[0]).toBe(Math.ceil(SAVE_MAX_WAIT / interval) * interval + FRAME_MS);
    // Each save while typing is a frame after a keystroke, the furthest from the next one.
    for (const at of saves.slice(0, -1)) expect(at % interval).toBe(FRAME_MS);
    // The oldest change a save holds (the first keystroke after the save before) waited at most
    // SAVE_MAX_WAIT and a keystroke and a frame while typing, SAVE_MAX_WAIT + SAVE_DELAY when the
    // typing stopped.
    for (let i = 1; i < saves.length; i += 1) {
      const oldest = Math.ceil(saves[i - 1]! / interval) * interval;
      const bound = i < saves.length - 1 ? interval + FRAME_MS : SAVE_DELAY;
      expect(saves[i]! - oldest).toBeLessThanOrEqual(SAVE_MAX_WAIT + bound);
    }
    // And the last one once the typing stops.
    expect(saves.at(-1)).toBe(2990 + SAVE_DELAY);
    expect(saves.length).toBeGreaterThanOrEqual(3);
  });

  it('a save after a frame waits behind the tasks the frame left queued', () => {
    const { saves, order, advanceTo, type } = page({ followUps: true });
    type(0, SAVE_MAX_WAIT, 100);
    advanceTo(SAVE_MAX_WAIT + FRAME_MS);
    // The frame's follow-up ran first, then the save, at the same time.
    expect(order).toEqual(['follow-up', 'save']);
    expect(saves).toEqual([SAVE_MAX_WAIT + FRAME_MS]);
  });

  it('a hidden page, which paints no frame, still saves within SAVE_WAIT_LIMIT', () => {
    const { saves, advanceTo, type } = page({ paints: false });
    // The keystroke at SAVE_MAX_WAIT asks for a save after the next frame, which never comes.
    type(0, SAVE_MAX_WAIT, 100);
    advanceTo(SAVE_MAX_WAIT + SAVE_WAIT_LIMIT - 1);
    expect(saves).toEqual([]);
    advanceTo(SAVE_MAX_WAIT + SAVE_WAIT_LIMIT);
    expect(saves).toEqual([SAVE_MAX_WAIT + SAVE_WAIT_LIMIT]);
  });

  it('a save started meanwhile (a flush) leaves nothing due', () => {
    const { schedule, saves, advanceTo, type } = page();
    type(0, 300, 100);
    schedule.cancel();
    advanceTo(2000);
    expect(saves).toEqual([]);
    // The next change is saved as usual.
    type(2100, 2100, 100);
    advanceTo(3000);
    expect(saves).toEqual([2100 + SAVE_DELAY]);
  });
});
