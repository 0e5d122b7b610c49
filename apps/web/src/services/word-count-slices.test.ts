import { WordCounter } from '@inkstone/core';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { countWordsInSlices } from './word-count-slices';

// 2,000 paragraphs of Chinese, 40,000 characters: the counter pauses about every 1,000.
const text = Array.from({ length: 2_000 }, (_, i) => `第${i}段。今天天气很好。`).join('\n\n');
const macrotask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// Slices whose budget is spent after every step of the counter, and the pauses between them.
function everyStepASlice() {
  const slices = { pauses: 0 };
  return {
    slices,
    options: {
      budget: 0,
      pause: () => {
        slices.pauses += 1;
        return macrotask();
      },
    },
  };
}

describe('counting words in slices', () => {
  it('spreads the first count of a long Chinese text over slices, then has every run counted', async () => {
    const counter = new WordCounter();
    const { slices, options } = everyStepASlice();
    let pausesBeforeDone = -1;
    countWordsInSlices(counter, text, () => (pausesBeforeDone = slices.pauses), options);
    expect(pausesBeforeDone).toBe(-1);
    for (let task = 0; pausesBeforeDone < 0 && task < 10_000; task += 1) await macrotask();
    // A pause after each thousand characters or so of new runs: many slices.
    expect(pausesBeforeDone).toBeGreaterThan(10);
    expect(counter.count(text)).toBe(new WordCounter().count(text));
    // Counted again, the text is done within the call, in its first slice.
    let again = false;
    countWordsInSlices(counter, text, () => (again = true), options);
    expect(again).toBe(true);
  });

  it('spreads a long text written with spaces over slices too, and gives the count to done', async () => {
    // 1,020,000 characters of prose: nothing to segment, read 100,000 code units a step.
    const prose = 'A line of prose written with spaces, as most manuscripts are.\n'.repeat(17_000);
    const { slices, options } = everyStepASlice();
    let counted = -1;
    let pausesBeforeDone = -1;
    countWordsInSlices(
      new WordCounter(),
      prose,
      (words) => {
        counted = words;
        pausesBeforeDone = slices.pauses;
      },
      options,
    );
    expect(counted).toBe(-1);
    for (let task = 0; counted < 0 && task < 1_000; task += 1) await macrotask();
    expect(pausesBeforeDone).toBe(10);
    expect(counted).toBe(new WordCounter().count(prose));
  });

  it('counts within the call while the budget lasts', () => {
    let pauses = 0;
    let done = false;
    const clock = { now: 0 };
    const options = {
      budget: 8,
      now: () => clock.now,
      pause: () => Promise.resolve(void (pauses += 1)),
    };
    countWordsInSlices(new WordCounter(), text, () => (done = true), options);
    // The clock did not move: the first slice had all the time it needed.
    expect(done).toBe(true);
    expect(pauses).toBe(0);
  });

  it('stops when told, without calling back', async () => {
    let done = false;
    const stop = countWordsInSlices(
      new WordCounter(),
      text,
      () => (done = true),
      everyStepASlice().options,
    );
    stop();
    for (let task = 0; task < 200; task += 1) await macrotask();
    expect(done).toBe(false);
  });
});

describe('counting words in slices keeps no text behind', () => {
  // The engine's garbage collector, to see what a count still holds once it is over.
  setFlagsFromString('--expose-gc');
  const collectGarbage = runInNewContext('gc') as () => void;

  // A counter whose count of a text is an object a WeakRef can watch (a string cannot be).
  function watchedCounter() {
    const counter = new WordCounter();
    const counts: WeakRef<object>[] = [];
    const watched = {
      countInSteps(words: string) {
        const steps = counter.countInSteps(words);
        counts.push(new WeakRef(steps));
        return steps;
      },
    } as unknown as WordCounter;
    return { watched, counts };
  }

  it('lets go of a finished count, its stop function still kept', async () => {
    const { watched, counts } = watchedCounter();
    let done = false;
    const stop = countWordsInSlices(watched, text, () => (done = true), everyStepASlice().options);
    for (let task = 0; !done && task < 10_000; task += 1) await macrotask();
    expect(done).toBe(true);
    await macrotask();
    collectGarbage();
    expect(counts[0]!.deref()).toBeUndefined();
    expect(stop).toBeTypeOf('function');
  });

  it('lets go of what its callback holds once it has called it (the statistics of the text)', async () => {
    let called = false;
    // Made in a function of its own: nothing of the test's frame holds the object.
    const start = () => {
      const held = { text };
      const stop = countWordsInSlices(new WordCounter(), text, () => {
        called = held.text.length > 0;
      });
      return { stop, watched: new WeakRef(held) };
    };
    const { stop, watched } = start();
    for (let task = 0; !called && task < 10_000; task += 1) await macrotask();
    expect(called).toBe(true);
    await macrotask();
    collectGarbage();
    expect(watched.deref()).toBeUndefined();
    expect(stop).toBeTypeOf('function');
  });

  it('lets go of a stopped count at once, a pause still pending', async () => {
    const { watched, counts } = watchedCounter();
    const never = { budget: 0, pause: () => new Promise<void>(() => {}) };
    const stop = countWordsInSlices(watched, text, () => {}, never);
    stop();
    await macrotask();
    collectGarbage();
    expect(counts[0]!.deref()).toBeUndefined();
  });
});
