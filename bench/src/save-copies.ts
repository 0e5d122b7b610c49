// What the saves allocate while typing at 1,000,000 characters (docs/concepts/long-manuscripts.md,
// "Copies per save"): `pnpm exec tsx src/save-copies.ts`, from bench/. It types 40 keys 100 ms
// apart into the middle of doc-1m and prints the bytes the main thread allocated at each place a
// save copies the text, per save, from the DevTools protocol's sampling heap profiler (objects
// freed by either collector included), and the garbage collection traced meanwhile.
// SAVE_COPIES_ROOT=<a checkout's root> measures that checkout's build (a baseline's, as
// bench/src/baseline.ts caches it); SAVE_COPIES_PORT (default 4116) and SAVE_COPIES_DOC
// (default doc-1m) move the server and the document.
import { type CDPSession } from 'playwright-core';
import { readDoc } from './corpus';
import { launchChromium } from './page';
import { startServer } from './server';
import { caretAtEndOf, openWithText, proseLine } from './typing';

const KEYS = 40;
const port = Number(process.env.SAVE_COPIES_PORT ?? 4116);
const docName = process.env.SAVE_COPIES_DOC ?? 'doc-1m';

interface ProfileNode {
  callFrame: { functionName: string; url: string };
  selfSize: number;
  children?: ProfileNode[];
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  args?: { name?: string };
}

/** Where a save copies the text, told by the innermost frames of an allocation's stack. */
const SITES: [string, (stack: string) => boolean][] = [
  [
    'the text as a string (toString or join)',
    (s) => /getText/.test(s) && /(join|sliceString|toString)$/.test(s),
  ],
  ['a rope made flat (charCodeAt)', (s) => /charCodeAt$/.test(s)],
  ['the stored item read back (IndexedDB get)', (s) => /onsuccess$/.test(s)],
  ['the database write (IndexedDB put)', (s) => /mutate/.test(s)],
];

// Bytes by site, from a sampling heap profile.
function bytesBySite(head: ProfileNode): Map<string, number> {
  const sites = new Map<string, number>(SITES.map(([name]) => [name, 0]));
  const walk = (node: ProfileNode, stack: string[]) => {
    const here = [...stack, node.callFrame.functionName || '(anonymous)'];
    const key = here.slice(-6).join(' < ');
    const site = SITES.find(([, matches]) => matches(key));
    if (site && node.selfSize) sites.set(site[0], sites.get(site[0])! + node.selfSize);
    for (const child of node.children ?? []) walk(child, here);
  };
  walk(head, []);
  return sites;
}

// Garbage collection on the page's main thread: [event name, count, ms, longest ms].
function collections(events: TraceEvent[]): [string, number, number, number][] {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const names = ['MinorGC', 'MajorGC', 'V8.GCIncrementalMarking', 'V8.GCFinalizeMC'];
  return names.map((name) => {
    const durations = events
      .filter((e) => e.ph === 'X' && e.name === name && e.pid === main?.pid && e.tid === main?.tid)
      .map((e) => (e.dur ?? 0) / 1000);
    const total = durations.reduce((a, b) => a + b, 0);
    return [name, durations.length, total, Math.max(0, ...durations)];
  });
}

const server = await startServer(port, {}, process.env.SAVE_COPIES_ROOT || undefined);
const browser = await launchChromium(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');
try {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  const text = readDoc(docName);
  await openWithText(page, `http://127.0.0.1:${port}/`, text);
  await page.waitForTimeout(1500);
  await caretAtEndOf(page, proseLine(text));
  await page.waitForTimeout(3000);
  // Saves counted as the items the page sends its hash worker.
  await page.evaluate(() => {
    const counted = window as unknown as { benchSaves: number };
    counted.benchSaves = 0;
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (this: Worker, data: unknown, ...rest: unknown[]) {
      if ((data as { item?: { type?: string } } | null)?.item?.type === 'content')
        counted.benchSaves += 1;
      return (post as (...args: unknown[]) => void).call(this, data, ...rest);
    };
  });
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.startSampling', {
    samplingInterval: 16384,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  await browser.startTracing(page, { categories: ['v8', 'disabled-by-default-v8.gc'] });
  for (let i = 0; i < KEYS; i += 1) {
    await page.keyboard.press('a');
    await page.waitForTimeout(100);
  }
  await page.waitForTimeout(1000);
  const trace = JSON.parse((await browser.stopTracing()).toString()) as {
    traceEvents: TraceEvent[];
  };
  const { profile } = await cdp.send('HeapProfiler.stopSampling');
  const saves = await page.evaluate(() => (window as unknown as { benchSaves: number }).benchSaves);
  console.log(`${docName}, ${KEYS} keys 100 ms apart: ${saves} saves`);
  for (const [site, bytes] of bytesBySite(profile.head as ProfileNode)) {
    const perSave = bytes / 1e6 / Math.max(1, saves);
    console.log(`  ${site}: ${(bytes / 1e6).toFixed(1)} MB, ${perSave.toFixed(2)} MB a save`);
  }
  for (const [name, count, total, longest] of collections(trace.traceEvents)) {
    console.log(`  ${name}: ${count}, ${total.toFixed(0)} ms, longest ${longest.toFixed(1)} ms`);
  }
} finally {
  await browser.close();
  server.kill();
}
