import { benchConversion } from './conversion';
import { startServer } from './server';
import { benchTyping } from './typing';

// `pnpm bench`: figures for the shared corpus. Not part of the test command: timings are
// reported, never asserted.
const port = Number(process.env.BENCH_PORT ?? 8190);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

benchConversion();
const server = await startServer(port);
try {
  await benchTyping(`http://127.0.0.1:${port}/`, chromiumPath);
} finally {
  server.kill();
}
