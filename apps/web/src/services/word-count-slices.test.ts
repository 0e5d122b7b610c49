import { WordCounter } from '@inkstone/core';
import { describe, expect, it } from 'vitest';
import { countWordsInSlices } from './word-count-slices';

// 2,000 paragraphs of Chinese, 40,000 characters: more than one slice of 8 ms to segment.
const text = Array.from({ length: 2_000 }, (_, i) => `第${i}段。今天天气很好。`).join('\n\n');
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('counting words in slices', () => {
  it('spreads the first count of a long Chinese text over tasks, then has every run counted', async () => {
    const counter = new WordCounter();
    let tasks = 0;
    let doneAfterTasks = -1;
    countWordsInSlices(counter, text, () => (doneAfterTasks = tasks));
    while (doneAfterTasks < 0 && tasks < 10_000) {
      await nextTask();
      tasks += 1;
    }
    expect(doneAfterTasks).toBeGreaterThan(0);
    expect(counter.count(text)).toBe(new WordCounter().count(text));
    // Counted again, the text is done within the call.
    let again = false;
    countWordsInSlices(counter, text, () => (again = true));
    expect(again).toBe(true);
  });

  it('stops when told, without calling back', async () => {
    let done = false;
    const stop = countWordsInSlices(new WordCounter(), text, () => (done = true));
    stop();
    for (let task = 0; task < 200; task += 1) await nextTask();
    expect(done).toBe(false);
  });
});
