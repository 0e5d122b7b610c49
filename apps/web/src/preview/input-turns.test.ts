import { describe, expect, it } from 'vitest';
import { INPUT_TURN_MAX_MS, type InputSource, InputTurns } from './input-turns';

// A page of the test's own: its input listeners, its frames and its task queue, run by hand.
function fakePage() {
  const listeners: (() => void)[] = [];
  let frames: (() => void)[] = [];
  let tasks: (() => void)[] = [];
  let clock = 0;
  const source: InputSource = {
    addEventListener: (_type, listener) => listeners.push(listener),
    requestAnimationFrame: (callback) => frames.push(callback),
    queueTask: (task) => tasks.push(task),
  };
  const turns = new InputTurns(source, () => clock);
  return {
    turns,
    key: () => listeners.forEach((listener) => listener()),
    frame: () => {
      const now = frames;
      frames = [];
      now.forEach((callback) => callback());
    },
    runTasks: () => {
      const now = tasks;
      tasks = [];
      now.forEach((task) => task());
    },
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

describe('the turns the page is owed after an input', () => {
  it('owes none before any input', () => {
    expect(fakePage().turns.take()).toBeUndefined();
  });

  it('owes turns from a key until one is taken after the frame showing it and that frame’s tasks', () => {
    const page = fakePage();
    page.key();
    // Before the frame: a turn is owed, and taking it does not settle the debt.
    const early = page.turns.take();
    expect(early).toBeDefined();
    early!.done();
    expect(page.turns.take()).toBeDefined();
    // In the frame (the page queues its tasks there): still owed.
    page.frame();
    const inFrame = page.turns.take();
    expect(inFrame).toBeDefined();
    inFrame!.done();
    expect(page.turns.take()).toBeDefined();
    // Once the tasks queued up to the frame have run, a turn taken then settles it.
    page.runTasks();
    const after = page.turns.take();
    expect(after).toBeDefined();
    expect(page.turns.take()).toBeDefined(); // (not settled until it is done)
    after!.done();
    expect(page.turns.take()).toBeUndefined();
  });

  it('owes a turn again for a key typed before the last one was settled', () => {
    const page = fakePage();
    page.key();
    page.frame();
    page.runTasks();
    const turn = page.turns.take()!;
    page.key(); // A new key while that turn waits: its own frame is still to come.
    turn.done();
    expect(page.turns.take()).toBeDefined();
    page.frame();
    page.runTasks();
    page.turns.take()!.done();
    expect(page.turns.take()).toBeUndefined();
  });

  it('stops owing after INPUT_TURN_MAX_MS without a frame (a hidden page)', () => {
    const page = fakePage();
    page.key();
    page.advance(INPUT_TURN_MAX_MS - 1);
    expect(page.turns.take()).toBeDefined();
    page.advance(1);
    expect(page.turns.take()).toBeUndefined();
  });
});
