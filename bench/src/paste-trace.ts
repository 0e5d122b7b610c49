import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { BASELINE_MAX_LENGTH, readDoc } from './corpus';
import { percentile } from './stats';
import { newAppContext, openAndEmpty, pasteIntoEditor } from './typing';

// `pnpm exec tsx src/paste-trace.ts <app url> [doc-1m|doc-250k]` (the app served by its server:
// `PORT=… node ../apps/server/dist/main.js`): pastes a corpus document into an empty file, as
// the paste part does (bench/src/paste.ts), and types 60 keys 100 ms apart from 1 s after it
// (doc-1m), under a Chromium trace with its sampling profiler. Prints each key's time to the
// frame showing it twice: as the paste part measures it (the first message after the frame,
// which also waits for the preview's continuations queued ahead of it) and by the browser's
// Event Timing (keydown to the next paint, in 8 ms steps, the handlers' own time apart); then,
// by name, what the main thread ran in each key slower than TRACE_SLOW_KEY_MS (33) and in each
// task over TRACE_LONG_TASK_MS (45) in the 10 s after the paste: the functions with the most
// samples, by themselves and with what they call; and each key's steps: its DOM change, its frame,
// and when a message, a timer and a user-blocking task queued in that frame ran. TRACE=0 leaves
// the trace out (the key figures only); TRACE_FILE=path keeps the trace for Chromium's DevTools;
// TRACE_TOP=n lists n functions for each (8). A tool for finding a
// cause, not a benchmark figure: the trace itself slows the page.

const url = process.argv[2] ?? 'http://127.0.0.1:8190/';
const name = process.argv[3] ?? 'doc-1m';
const typing = name !== 'doc-250k';
const SLOW_KEY_MS = Number(process.env.TRACE_SLOW_KEY_MS ?? 33);
const LONG_TASK_MS = Number(process.env.TRACE_LONG_TASK_MS ?? 45);

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time in the event, µs (complete events). */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      startTime?: number;
      cpuProfile?: {
        nodes?: {
          id: number;
          parent?: number;
          callFrame: {
            functionName: string;
            url: string;
            lineNumber: number;
            columnNumber: number;
          };
        }[];
        samples?: number[];
      };
      timeDeltas?: number[];
    };
  };
}

const text = readDoc(name, name === 'doc-250k' ? BASELINE_MAX_LENGTH : Number.MAX_SAFE_INTEGER);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const context = await newAppContext(browser, url);
const page = await context.newPage();
await openAndEmpty(page, url);
await page.waitForFunction(
  () => document.querySelector<HTMLElement>('.preview__content')?.dataset.renderedLength === '0',
);
await page.waitForTimeout(2000);
await page.evaluate(`(() => {
  window.keyLatencies = [];
  window.keySteps = [];
  const channel = new MessageChannel();
  const keys = [];
  channel.port1.onmessage = () => {
    const key = keys.shift();
    const end = performance.now();
    window.keyLatencies.push(end - key.stamp);
    key.message = end;
    window.keySteps.push(key);
    performance.mark('trace:key-end:' + key.index);
  };
  window.keyPaints = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'keydown' || entry.name === 'keypress' || entry.name === 'input' || entry.name === 'beforeinput')
        window.keyPaints.push({ name: entry.name, id: entry.interactionId, start: entry.startTime, duration: entry.duration, processing: entry.processingEnd - entry.processingStart, wait: entry.processingStart - entry.startTime });
  }).observe({ type: 'event', durationThreshold: 16, buffered: false });
  let index = 0;
  window.addEventListener('keydown', (event) => {
    const key = { stamp: event.timeStamp, index: index++ };
    performance.mark('trace:key-start:' + key.index, { startTime: event.timeStamp });
    new MutationObserver((_, observer) => {
      observer.disconnect();
      key.changed = performance.now();
      requestAnimationFrame(() => {
        key.frame = performance.now();
        setTimeout(() => { key.timer = performance.now(); }, 0);
        globalThis.scheduler?.postTask(() => { key.blocking = performance.now(); }, { priority: 'user-blocking' });
        keys.push(key);
        channel.port2.postMessage(null);
      });
    }).observe(document.querySelector('.cm-content'), {
      characterData: true, childList: true, subtree: true,
    });
  }, { capture: true });
})()`);
if (process.env.TRACE !== '0')
  await browser.startTracing(page, {
    categories: [
      'toplevel',
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'blink.user_timing',
      'v8.execute',
      'disabled-by-default-v8.cpu_profiler',
    ],
  });
await pasteIntoEditor(page, text, 'trace:paste');
const pasted = Date.now();
if (typing) {
  await page.waitForTimeout(1000);
  for (let i = 0; i < 60; i += 1) {
    await page.keyboard.press('a');
    await page.waitForTimeout(100);
  }
}
await page.waitForTimeout(Math.max(0, 10_000 - (Date.now() - pasted)));
const latencies = await page.evaluate(
  () => (window as unknown as { keyLatencies: number[] }).keyLatencies,
);
const paints = await page.evaluate(
  () =>
    (
      window as unknown as {
        keyPaints: {
          name: string;
          start: number;
          duration: number;
          processing: number;
          wait: number;
        }[];
      }
    ).keyPaints,
);
const keydowns = paints.filter((entry) => entry.name === 'keydown');
const paintDurations = [
  ...keydowns.map((entry) => entry.duration),
  ...Array(Math.max(0, 60 - keydowns.length)).fill(16),
];
console.log(
  `Event Timing (keydown to the next paint, 8 ms steps; keys under 16 ms unreported, counted as 16): ${keydowns.length} reported, p50 ${percentile(paintDurations, 50)} p95 ${percentile(paintDurations, 95)}, over 33: ${keydowns.filter((entry) => entry.duration > 33).length}`,
);
console.log(
  paints
    .map(
      (entry) =>
        `${entry.name}:${entry.duration}(wait ${entry.wait.toFixed(0)}, run ${entry.processing.toFixed(0)})`,
    )
    .join(' '),
);
// Each key's steps, in ms from the keydown: the editor's DOM changed, the frame showing it began
// (its animation frame callbacks), and what ran after that frame: a message, a timer and a
// user-blocking task queued in it.
const steps = await page.evaluate(
  () =>
    (
      window as unknown as {
        keySteps: Record<
          'stamp' | 'changed' | 'frame' | 'message' | 'timer' | 'blocking',
          number
        >[];
      }
    ).keySteps,
);
const after = (
  step: (typeof steps)[number],
  name: 'changed' | 'frame' | 'message' | 'timer' | 'blocking',
) => (step[name] - step.stamp).toFixed(0);
console.log(
  'keys, ms after the keydown: DOM changed / frame / message, timer, user-blocking task queued in that frame',
);
console.log(
  steps
    .map(
      (step) =>
        `${after(step, 'changed')}/${after(step, 'frame')}/${after(step, 'message')},${after(step, 'timer')},${after(step, 'blocking')}`,
    )
    .join(' '),
);
if (process.env.TRACE === '0') {
  console.log(latencies.map((l) => l.toFixed(0)).join(' '));
  console.log(`message-based p95 ${percentile(latencies, 95).toFixed(1)}`);
  await browser.close();
  process.exit(0);
}
const buffer = await browser.stopTracing();
await browser.close();
if (process.env.TRACE_FILE) writeFileSync(process.env.TRACE_FILE, buffer);

const events = (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
const marks = events.filter((event) => event.name.startsWith('trace:'));
const pid = marks[0]?.pid;
const mainTid = events.find(
  (event) =>
    event.pid === pid && event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
)?.tid;
const markTs = (mark: string) => marks.find((event) => event.name === mark)?.ts;
const pasteTs = markTs('trace:paste') ?? 0;

// The sampling profile: each sample's time and its stack (innermost first).
const nodes = new Map<number, { parent?: number; label: string }>();
const samples: { ts: number; node: number }[] = [];
let sampleTs = 0;
for (const event of events) {
  if (event.pid !== pid) continue;
  if (event.name === 'Profile') sampleTs = event.args?.data?.startTime ?? sampleTs;
  if (event.name !== 'ProfileChunk') continue;
  const profile = event.args?.data?.cpuProfile;
  for (const node of profile?.nodes ?? []) {
    const frame = node.callFrame;
    const file = (frame.url ?? '').split('/').at(-1) ?? '';
    nodes.set(node.id, {
      parent: node.parent,
      label: `${frame.functionName || '(anon)'} ${file}:${frame.lineNumber}:${frame.columnNumber}`,
    });
  }
  const deltas = event.args?.data?.timeDeltas ?? [];
  (profile?.samples ?? []).forEach((node, index) => {
    sampleTs += deltas[index] ?? 0;
    samples.push({ ts: sampleTs, node });
  });
}
samples.sort((a, b) => a.ts - b.ts);

function stack(node: number): string[] {
  const labels: string[] = [];
  for (let id: number | undefined = node; id !== undefined; id = nodes.get(id)?.parent) {
    const label = nodes.get(id)?.label;
    if (label && !label.startsWith('(root)')) labels.push(label);
  }
  return labels;
}

function summary(from: number, to: number, top = Number(process.env.TRACE_TOP ?? 8)): string {
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let count = 0;
  for (const sample of samples) {
    if (sample.ts < from || sample.ts > to) continue;
    count += 1;
    const labels = stack(sample.node);
    const first = labels[0] ?? '(idle)';
    self.set(first, (self.get(first) ?? 0) + 1);
    for (const label of new Set(labels)) total.set(label, (total.get(label) ?? 0) + 1);
  }
  const list = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([label, n]) => `      ${n.toString().padStart(5)}  ${label}`)
      .join('\n');
  return `    ${count} samples\n    self:\n${list(self)}\n    total:\n${list(total)}`;
}

const tasks = events
  .filter(
    (event) =>
      event.pid === pid &&
      event.tid === mainTid &&
      event.ph === 'X' &&
      (event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask'),
  )
  .filter((event) => event.ts >= pasteTs - 1000 && event.ts < pasteTs + 10_000_000);

console.log(`${name}: ${samples.length} samples, ${tasks.length} tasks`);
// How many of those tasks ran past 10 and 50 ms, by wall time and by the main thread's CPU time
// (a loaded machine stretches the wall time; the CPU time is the page's own work).
// (Outermost tasks only: Chromium nests a RunTask in a ThreadControllerImpl::RunTask.)
let outerEnd = -Infinity;
const outer = [...tasks]
  .sort((a, b) => a.ts - b.ts)
  .filter((task) => {
    if (task.ts < outerEnd) return false;
    outerEnd = task.ts + (task.dur ?? 0);
    return true;
  });
const over = (limit: number, time: (task: TraceEvent) => number | undefined) =>
  outer.filter((task) => (time(task) ?? 0) / 1000 > limit).length;
console.log(
  `tasks over 10 ms: ${over(10, (task) => task.dur)} wall, ${over(10, (task) => task.tdur)} CPU; over 50 ms: ${over(50, (task) => task.dur)} wall, ${over(50, (task) => task.tdur)} CPU`,
);
if (typing) {
  console.log(
    `keys: ${latencies.length}, p50 ${percentile(latencies, 50).toFixed(1)} p95 ${percentile(latencies, 95).toFixed(1)}, over ${SLOW_KEY_MS} ms: ${latencies.filter((l) => l > SLOW_KEY_MS).length}, over 16: ${latencies.filter((l) => l > 16).length}`,
  );
  console.log(latencies.map((l) => l.toFixed(0)).join(' '));
  latencies.forEach((latency, index) => {
    if (latency <= SLOW_KEY_MS) return;
    const start = markTs(`trace:key-start:${index}`);
    const end = markTs(`trace:key-end:${index}`);
    if (start === undefined || end === undefined) return;
    const inside = tasks.filter((task) => task.ts < end && task.ts + (task.dur ?? 0) > start);
    console.log(
      `\nkey ${index} at +${((start - pasteTs) / 1000).toFixed(0)} ms: ${latency.toFixed(1)} ms; tasks ${inside.map((task) => ((task.dur ?? 0) / 1000).toFixed(1)).join(', ')}`,
    );
    console.log(summary(start, end));
  });
}
for (const task of tasks) {
  const duration = (task.dur ?? 0) / 1000;
  if (duration < LONG_TASK_MS) continue;
  console.log(
    `\ntask at +${((task.ts - pasteTs) / 1000).toFixed(0)} ms: ${duration.toFixed(1)} ms`,
  );
  console.log(summary(task.ts, task.ts + (task.dur ?? 0)));
}
