import { performance } from 'node:perf_hooks';
import { createConverter } from '@inkstone/markdown';
import { CORPUS, readDoc } from './corpus';
import { median, ms, percentile } from './stats';

const RUNS = 21;

/** Full conversion of each corpus document in Node: a fresh converter's first run, then the
 * median and p95 of RUNS more with the converter reused (as the preview worker does). */
export function benchConversion(): void {
  console.log(`\nFull conversion in Node (${RUNS} runs each, converter reused)`);
  console.log('document   chars     first run    median       p95');
  for (const name of CORPUS) {
    const text = readDoc(name);
    const converter = createConverter();
    let started = performance.now();
    converter.renderSections(text);
    const first = performance.now() - started;
    const times: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      started = performance.now();
      converter.renderSections(text);
      times.push(performance.now() - started);
    }
    console.log(
      `${name.padEnd(10)} ${String(text.length).padStart(7)}   ${ms(first).padStart(10)}   ${ms(median(times)).padStart(9)}   ${ms(percentile(times, 95)).padStart(9)}`,
    );
  }
}
