/* global process, performance, fetch */
// A load generator run as its own process (so that it does not share the server's event loop or
// the benchmark's): `connections` loops request `url` back to back for `seconds`; prints one
// JSON line with the count, the errors and every latency in ms.
const [url, connections, seconds] = [
  process.argv[2],
  Number(process.argv[3]),
  Number(process.argv[4]),
];
const latencies = [];
let errors = 0;
const end = performance.now() + seconds * 1000;
async function loop() {
  while (performance.now() < end) {
    const start = performance.now();
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) latencies.push(performance.now() - start);
      else errors += 1;
    } catch {
      errors += 1;
    }
  }
}
const started = performance.now();
await Promise.all(Array.from({ length: connections }, loop));
const elapsed = (performance.now() - started) / 1000;
process.stdout.write(
  `${JSON.stringify({ count: latencies.length, errors, elapsed, latencies })}\n`,
);
