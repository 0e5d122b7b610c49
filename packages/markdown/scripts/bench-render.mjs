// Median render() time on the benchmark corpus (bench/corpus), in Node, using the built package.
// Usage: pnpm --filter @inkstone/markdown build && node packages/markdown/scripts/bench-render.mjs
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { stdout } from 'node:process';
import { URL } from 'node:url';
import { createConverter } from '../dist/index.js';

const corpus = new URL('../../../bench/corpus/', import.meta.url);
const runs = 15;

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

for (const name of ['doc-10k.md', 'doc-50k.md', 'doc-250k.md']) {
  const markdown = readFileSync(new URL(name, corpus), 'utf8');
  // A fresh converter per run: nothing cached from an earlier run (KaTeX cache included).
  const cold = [];
  for (let i = 0; i < runs; i++) {
    const converter = createConverter();
    const start = performance.now();
    converter.render(markdown);
    cold.push(performance.now() - start);
  }
  // One converter reused, as the editor does while the user types.
  const converter = createConverter();
  const warm = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    converter.render(markdown);
    warm.push(performance.now() - start);
  }
  stdout.write(
    `${name} (${markdown.length} chars): fresh converter median ${median(cold).toFixed(1)} ms` +
      ` (first ${cold[0].toFixed(1)} ms), reused converter median ${median(warm).toFixed(1)} ms\n`,
  );
}
