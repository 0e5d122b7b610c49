import { type WordCounter } from '@inkstone/core';
import { inBackground } from './idle';

/** The longest stretch of main-thread time one slice of a word count takes, in ms. */
const SLICE_MS = 8;

/** Counts the words of `text` with `counter` in slices of at most about 8 ms of the main
 * thread, each in a background task (input and drawing go first), then calls `done`: the
 * counter then knows every run of the text, and the statistics that use it take a millisecond
 * or two. The first count of a long Chinese or Japanese text segments it all (250,000
 * characters: 100 to 300 ms); later counts only what changed. Returns what stops it (a newer
 * text to count): what was counted is kept for the next count. */
export function countWordsInSlices(counter: WordCounter, text: string, done: () => void) {
  const steps = counter.countInSteps(text);
  let stopped = false;
  const slice = () => {
    if (stopped) return;
    const end = performance.now() + SLICE_MS;
    do {
      if (steps.next().done) return done();
    } while (performance.now() < end);
    inBackground(slice);
  };
  slice();
  return () => {
    stopped = true;
  };
}
