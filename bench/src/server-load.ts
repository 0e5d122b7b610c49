import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createConverter } from '@inkstone/markdown';
import { readDoc } from './corpus';
import { startServer } from './server';
import { median, ms, percentile } from './stats';

const CONNECTIONS = 50;
const SECONDS = 10;
const PDF_EXPORTS = 10;

/** The server under load: `GET /conf` from a second process on loopback (requests per second
 * and latency percentiles), then ten PDF exports of the 10k corpus document at once (each must
 * succeed: the default queue holds them), with their median time. */
export async function benchServer(port: number): Promise<void> {
  // Rate limits off for the measure: they would answer 429 long before the server is busy.
  const server = await startServer(port, {
    RATE_LIMIT_MAX: '1000000000',
    RATE_LIMIT_STRICT_MAX: '1000000',
  });
  try {
    const client = fileURLToPath(new URL('./load-client.mjs', import.meta.url));
    const run = spawn(
      process.execPath,
      [client, `http://127.0.0.1:${port}/conf`, String(CONNECTIONS), String(SECONDS)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    run.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await new Promise((resolve) => run.on('close', resolve));
    const load = JSON.parse(output) as {
      count: number;
      errors: number;
      elapsed: number;
      latencies: number[];
    };
    console.log(
      `\nServer: GET /conf, ${CONNECTIONS} connections for ${SECONDS} s from a second process on loopback`,
    );
    console.log(
      `requests/s ${(load.count / load.elapsed).toFixed(0)}, errors ${load.errors}, ` +
        `latency p50 ${ms(median(load.latencies))}, p99 ${ms(percentile(load.latencies, 99))}`,
    );

    const html =
      '<!DOCTYPE html><html><head><meta charset="utf-8"><title>Bench</title></head><body>' +
      createConverter().render(readDoc('doc-10k')).html +
      '</body></html>';
    const options = encodeURIComponent(
      JSON.stringify({
        pageSize: 'A4',
        marginTop: 25,
        marginRight: 25,
        marginBottom: 25,
        marginLeft: 25,
      }),
    );
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: PDF_EXPORTS }, async () => {
        const start = performance.now();
        const response = await fetch(`http://127.0.0.1:${port}/pdfExport?options=${options}`, {
          method: 'POST',
          headers: { 'content-type': 'text/html; charset=utf-8' },
          body: html,
        });
        const bytes = new Uint8Array(await response.arrayBuffer());
        const isPdf = new TextDecoder().decode(bytes.subarray(0, 5)) === '%PDF-';
        return { ok: response.ok && isPdf, time: performance.now() - start, size: bytes.length };
      }),
    );
    const total = performance.now() - started;
    const succeeded = results.filter((result) => result.ok).length;
    console.log(
      `\nServer: ${PDF_EXPORTS} PDF exports of doc-10k at once (default queue: 2 at a time)`,
    );
    console.log(
      `succeeded ${succeeded}/${PDF_EXPORTS}, time each p50 ${ms(median(results.map((r) => r.time)))}, ` +
        `all done in ${ms(total)}, PDF ${Math.round(median(results.map((r) => r.size)) / 1024)} KiB`,
    );
  } finally {
    server.kill();
  }
}
