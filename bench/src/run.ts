import { startBaseline } from './baseline';
import { benchConversion } from './conversion';
import { benchDrive } from './drive';
import { benchExplorer } from './explorer';
import { benchForges } from './forges';
import { benchGithub } from './github';
import { benchHistory, benchHistoryTyping } from './history';
import { benchImageZip } from './image-zip';
import { benchLoad } from './load';
import { benchLongBlocks } from './long-blocks';
import { benchMemory } from './memory';
import { benchPaste } from './paste';
import { benchPasteTasks } from './paste-tasks';
import { startServer } from './server';
import { benchServer } from './server-load';
import { benchStatistics } from './statistics';
import { benchSync } from './sync';
import { benchTransfer } from './transfer';
import { benchTyping } from './typing';

// `pnpm bench`: figures for the benchmark corpus (bench/corpus). Not part of the test command:
// timings are reported, never asserted.
const port = Number(process.env.BENCH_PORT ?? 8190);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// BENCH_ONLY=explorer (or typing, memory, load, paste, blocks, transfer, images, conversion,
// statistics, sync, github, forges, drive, server, history; comma-separated) runs only those parts; paste-tasks
// (bench/src/paste-tasks.ts) runs only when named.
// The sync part's local database is the app's Dexie repository over fake-indexeddb;
// BENCH_SYNC_DB=memory takes the in-memory repository of the core tests instead;
// BENCH_SYNC_ONE_BY_ONE=1 leaves out the provider's batch save, so that every item is sent by
// itself, as before batches (to compare the two under the same load).
const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
const wanted = (name: string) => !only || only.includes(name);
// Only when asked by name (BENCH_ONLY=paste-tasks): the paste traced, for what its tasks are.
const asked = (name: string) => !!only?.includes(name);

if (wanted('conversion')) benchConversion();
if (wanted('statistics')) benchStatistics();
if (wanted('server')) await benchServer(port + 1);
if (wanted('sync')) await benchSync(process.env.BENCH_SYNC_DB === 'memory' ? 'memory' : 'dexie');
if (wanted('github')) await benchGithub();
if (wanted('forges')) await benchForges();
if (wanted('drive')) await benchDrive();
if (wanted('history')) await benchHistory();
const inBrowser = [
  'typing',
  'memory',
  'load',
  'paste',
  'blocks',
  'explorer',
  'transfer',
  'images',
  'history',
];
if (asked('paste-tasks')) inBrowser.push('paste-tasks');
// The parts whose figures are printed beside the baseline build (bench/src/baseline.ts: the
// commit before issue 26 unless BENCH_BASELINE_REV names another; BENCH_BASELINE=off leaves it
// out), served by its own server on the port after the next.
const besideBaseline = ['typing', 'memory', 'load', 'paste', 'paste-tasks'];
if (inBrowser.some(wanted)) {
  const baseline = besideBaseline.some(wanted) ? await startBaseline(port + 2) : undefined;
  if (baseline) console.log(`\nBaseline: the build of ${baseline.rev}, at ${baseline.url}`);
  // Without the general rate limit: one client reopening the app dozens of times goes past 600
  // requests a minute, and a script answered 429 would stop the page being measured (as in
  // e2e/playwright.config.ts).
  const server = await startServer(port, { RATE_LIMIT_MAX: '1000000' });
  try {
    if (wanted('typing')) await benchTyping(`http://127.0.0.1:${port}/`, chromiumPath, baseline);
    if (wanted('memory')) await benchMemory(`http://127.0.0.1:${port}/`, chromiumPath, baseline);
    if (wanted('load')) {
      await benchLoad(`http://127.0.0.1:${port}/`, chromiumPath, baseline?.url, baseline?.rev);
    }
    if (wanted('paste')) await benchPaste(`http://127.0.0.1:${port}/`, chromiumPath, baseline?.url);
    if (asked('paste-tasks')) {
      await benchPasteTasks(`http://127.0.0.1:${port}/`, chromiumPath, baseline?.url);
    }
    if (wanted('blocks')) await benchLongBlocks(`http://127.0.0.1:${port}/`, chromiumPath);
    if (wanted('explorer')) await benchExplorer(`http://127.0.0.1:${port}/`, chromiumPath);
    if (wanted('transfer')) await benchTransfer(`http://127.0.0.1:${port}/`, chromiumPath);
    if (wanted('images')) await benchImageZip(`http://127.0.0.1:${port}/`, chromiumPath);
    if (wanted('history')) await benchHistoryTyping(`http://127.0.0.1:${port}/`, chromiumPath);
  } finally {
    server.kill();
    baseline?.stop();
  }
}
