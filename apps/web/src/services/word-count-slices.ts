import { type WordCounter } from '@inkstone/core';
import { inBackground } from './idle';
import { type SliceOptions, TimeSlicer } from './time-slice';

/** The longest stretch of main-thread time one slice of a word count takes, in ms. */
export const WORD_COUNT_SLICE_MS = 8;

/** The pause between two slices of a count: a background task (input and drawing go first). */
const backgroundTask = () => new Promise<void>((resolve) => inBackground(resolve));

/** Counts the words of `text` with `counter` in slices of at most about 8 ms of the main
 * thread, each in a background task (input and drawing go first), then calls `done` with the
 * number of words: the counter then knows every run of the text, and the statistics take the
 * number as it is rather than read the text again (`textStatistics(text, words)`). The first slice runs within the call, so a text counted already is done before the
 * call returns. The first count of a long Chinese or Japanese text segments it all (250,000
 * characters: 100 to 300 ms); later counts only what changed. Returns what stops it (a newer
 * text to count): what was counted is kept for the next count. `slices` changes the budget,
 * the pause or the clock (for tests). */
export function countWordsInSlices(
  counter: WordCounter,
  text: string,
  done: (words: number) => void,
  slices: SliceOptions = {},
): () => void {
  // Let go once done or stopped: the count's generator holds the text, and `stop` is kept by
  // its caller until the next count (docs/concepts/long-manuscripts.md).
  let steps: Generator<void, number, void> | undefined = counter.countInSteps(text);
  // (`done` may hold the text too, as the statistics computed once the count is over do.)
  let onDone: ((words: number) => void) | undefined = done;
  const slicer = new TimeSlicer({ budget: WORD_COUNT_SLICE_MS, pause: backgroundTask, ...slices });
  let stopped = false;
  const count = async () => {
    for (;;) {
      if (stopped || !steps) return;
      const step = steps.next();
      if (step.done) {
        const finish = onDone!;
        steps = undefined;
        onDone = undefined;
        return finish(step.value);
      }
      if (slicer.due) await slicer.pause();
    }
  };
  count().catch((error: unknown) => console.error('Counting the words failed.', error));
  return () => {
    stopped = true;
    steps = undefined;
    onDone = undefined;
  };
}
