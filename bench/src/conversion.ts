import { performance } from 'node:perf_hooks';
import { createConverter } from '@inkstone/markdown';
import { readDoc, selectedDocs } from './corpus';
import { median, ms, percentile } from './stats';

const RUNS = 21;
const KEYSTROKES = 200;

/** In Node: the full conversion of each corpus document (a fresh converter's first run, then
 * the median and p95 of more runs with the converter reused, as the preview worker does), and
 * the work of one keystroke in the middle of the document with the incremental document. */
export function benchConversion(): void {
  console.log(
    `\nNode: full conversion (${RUNS} runs, converter reused) and one keystroke's update (${KEYSTROKES} keystrokes); ms`,
  );
  console.log(
    [
      'document'.padEnd(10),
      'chars'.padStart(7),
      'first run'.padStart(10),
      'full p50'.padStart(9),
      'full p95'.padStart(9),
      'key p50'.padStart(8),
      'key p95'.padStart(8),
    ].join(' '),
  );
  for (const name of selectedDocs()) {
    const text = readDoc(name);
    const converter = createConverter();
    let started = performance.now();
    converter.render(text);
    const first = performance.now() - started;
    const times: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      started = performance.now();
      converter.render(text);
      times.push(performance.now() - started);
    }
    const document = converter.createDocument(text);
    document.update();
    const keys: number[] = [];
    let at = text.indexOf('\n', text.length / 2);
    for (let i = 0; i < KEYSTROKES; i += 1) {
      started = performance.now();
      document.edit([{ from: at, to: at, insert: 'a' }]);
      document.update();
      keys.push(performance.now() - started);
      at += 1;
    }
    console.log(
      [
        name.padEnd(10),
        String(text.length).padStart(7),
        ms(first).padStart(10),
        ms(median(times)).padStart(9),
        ms(percentile(times, 95)).padStart(9),
        ms(median(keys)).padStart(8),
        ms(percentile(keys, 95)).padStart(8),
      ].join(' '),
    );
  }
}
