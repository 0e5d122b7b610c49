import type { Browser } from 'playwright-core';
import { ALL_DOCS, BASELINE_MAX_LENGTH, readDoc } from './corpus';
import { median, ms } from './stats';
import { launchBrowser, newAppContext, openAndEmpty, pasteIntoEditor, settle } from './typing';

// `BENCH_ONLY=paste-tasks`: doc-250k (or BENCH_PASTE_TASKS_DOC, cut to BENCH_BASELINE_MAX_LENGTH)
// pasted into an empty file, as bench/src/paste.ts pastes it, under a Chromium trace of the 10 s
// after, for this build and the baseline alternating. Wall times on a shared machine include
// the time the main thread waited for a core; the trace gives each task's CPU time beside its
// wall time, and what ran in it, so a long task can be named (style? layout? the editor?
// garbage collection?) and told apart from a descheduled one.

/** How long the main thread is watched after the paste (as the paste benchmark). */
const WATCH_MS = 10_000;
/** Tasks at least this long (wall) are listed with what ran in them. */
const LISTED_MS = 40;
/** The document pasted (BENCH_PASTE_TASKS_DOC, default doc-250k). */
const DOC = process.env.BENCH_PASTE_TASKS_DOC?.trim() || 'doc-250k';
/** Pastes per build (BENCH_PASTE_RUNS, default 3). */
const RUNS = Number(process.env.BENCH_PASTE_RUNS ?? 3);
/** Categories traced: tasks (toplevel), Blink's timeline events with their arguments, V8. */
const CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink',
  'v8',
  'v8.execute',
  'disabled-by-default-v8.gc',
  'blink.user_timing',
];
/** The mark the page sets just before the paste: the trace's zero and its main thread. */
const PASTE_MARK = 'bench-paste-start';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { data?: { functionName?: string; type?: string; url?: string } };
}

/** One paste's figures from its trace, milliseconds. */
export interface TracedPaste {
  over50: number;
  over20Cpu: number;
  longestWall: number;
  longestCpu: number;
  /** The most CPU spent in style and layout within one task, from 100 ms after the paste. */
  heaviestLayout: number;
  cpu: number;
  /** Each task over LISTED_MS: when, wall, CPU and the events that took most of it. */
  listed: string[];
}

/** Self times (wall and CPU) of nested complete events, keyed by a readable name. */
function selfTimes(events: TraceEvent[]): Map<TraceEvent, { wall: number; cpu: number }> {
  const self = new Map<TraceEvent, { wall: number; cpu: number }>();
  const stack: TraceEvent[] = [];
  for (const event of events) {
    while (stack.length && stack.at(-1)!.ts + stack.at(-1)!.dur! <= event.ts) stack.pop();
    self.set(event, { wall: event.dur!, cpu: event.tdur ?? 0 });
    const parent = stack.at(-1);
    if (parent) {
      self.get(parent)!.wall -= event.dur!;
      self.get(parent)!.cpu -= event.tdur ?? 0;
    }
    stack.push(event);
  }
  return self;
}

function label(event: TraceEvent): string {
  const data = event.args?.data;
  if (event.name === 'FunctionCall')
    return `FunctionCall ${data?.functionName || '(anonymous)'}@${(data?.url ?? '').split('/').pop()}`;
  if (event.name === 'EventDispatch') return `EventDispatch ${data?.type ?? ''}`;
  return event.name;
}

/** Reads a trace of one paste: the main thread's tasks in the WATCH_MS after the mark. */
export function readPasteTrace(events: TraceEvent[]): TracedPaste {
  const mark = events.find((event) => event.name === PASTE_MARK);
  if (!mark) throw new Error('The paste mark is not in the trace.');
  const t0 = mark.ts;
  const main = events
    .filter((e) => e.pid === mark.pid && e.tid === mark.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const tasks: TraceEvent[] = [];
  for (const event of main) {
    if (event.name !== 'ThreadControllerImpl::RunTask' && event.name !== 'RunTask') continue;
    const last = tasks.at(-1);
    if (last && event.ts < last.ts + last.dur!) continue;
    if (event.ts + event.dur! >= t0 && event.ts < t0 + WATCH_MS * 1000) tasks.push(event);
  }
  const self = selfTimes(main);
  const layouts = main.filter((e) => e.name === 'Layout' || e.name === 'UpdateLayoutTree');
  const figures: TracedPaste = {
    over50: 0,
    over20Cpu: 0,
    longestWall: 0,
    longestCpu: 0,
    heaviestLayout: 0,
    cpu: 0,
    listed: [],
  };
  let inside = 0;
  let layoutAt = 0;
  for (const task of tasks) {
    const end = task.ts + task.dur!;
    const wall = task.dur! / 1000;
    const cpu = (task.tdur ?? 0) / 1000;
    figures.cpu += cpu;
    if (wall > 50) figures.over50 += 1;
    if (cpu > 20) figures.over20Cpu += 1;
    figures.longestWall = Math.max(figures.longestWall, wall);
    figures.longestCpu = Math.max(figures.longestCpu, cpu);
    while (layoutAt < layouts.length && layouts[layoutAt]!.ts < task.ts) layoutAt += 1;
    let layout = 0;
    for (let k = layoutAt; k < layouts.length && layouts[k]!.ts <= end; k += 1)
      layout += layouts[k]!.tdur ?? 0;
    if (task.ts >= t0 + 100_000)
      figures.heaviestLayout = Math.max(figures.heaviestLayout, layout / 1000);
    while (inside < main.length && main[inside]!.ts < task.ts) inside += 1;
    if (wall < LISTED_MS) continue;
    const byName = new Map<string, { wall: number; cpu: number }>();
    for (let k = inside; k < main.length && main[k]!.ts <= end; k += 1) {
      const event = main[k]!;
      const sum = byName.get(label(event)) ?? { wall: 0, cpu: 0 };
      sum.wall += self.get(event)!.wall / 1000;
      sum.cpu += self.get(event)!.cpu / 1000;
      byName.set(label(event), sum);
    }
    const top = [...byName]
      .sort((a, b) => b[1].wall - a[1].wall)
      .slice(0, 6)
      .map(([name, sum]) => `${name} ${sum.wall.toFixed(1)}/${sum.cpu.toFixed(1)}`);
    figures.listed.push(
      `+${((task.ts - t0) / 1000).toFixed(0)} ms: wall ${wall.toFixed(1)}, CPU ${cpu.toFixed(1)}; self wall/CPU: ${top.join('; ')}`,
    );
  }
  return figures;
}

/** Pastes `text` into an empty file of the app at `url` under a trace; its figures. */
async function tracePaste(browser: Browser, url: string, text: string): Promise<TracedPaste> {
  const context = await newAppContext(browser, url);
  try {
    const page = await context.newPage();
    await openAndEmpty(page, url);
    await page.waitForFunction(
      () =>
        document.querySelector<HTMLElement>('.preview__content')?.dataset.renderedLength === '0',
      undefined,
      { timeout: 30_000, polling: 50 },
    );
    await page.waitForTimeout(2000);
    await browser.startTracing(page, { categories: CATEGORIES });
    await pasteIntoEditor(page, text, PASTE_MARK);
    await page.waitForTimeout(WATCH_MS);
    const trace = JSON.parse((await browser.stopTracing()).toString()) as {
      traceEvents: TraceEvent[];
    };
    return readPasteTrace(trace.traceEvents);
  } finally {
    await context.close();
  }
}

/**
 * Traces RUNS pastes of DOC into the app at `baseUrl` and, alternating, the baseline at
 * `baselineUrl`; prints each task over LISTED_MS with what ran in it, then each build's medians:
 * tasks over 50 ms (wall), tasks over 20 ms of CPU, the longest task's wall and CPU, the heaviest
 * task's style and layout CPU, and the main thread's CPU in the 10 s.
 */
export async function benchPasteTasks(
  baseUrl: string,
  executablePath: string,
  baselineUrl?: string,
): Promise<void> {
  if (!ALL_DOCS.includes(DOC))
    throw new Error(
      `BENCH_PASTE_TASKS_DOC must name a corpus document (${ALL_DOCS.join(', ')}), got "${DOC}".`,
    );
  const text = readDoc(DOC, BASELINE_MAX_LENGTH);
  const builds: [string, string][] = [['app', baseUrl]];
  if (baselineUrl) builds.push(['baseline', baselineUrl]);
  const runs = new Map<string, TracedPaste[]>(builds.map(([name]) => [name, []]));
  const browser = await launchBrowser(executablePath);
  console.log(
    `\nPaste of ${DOC} (${text.length}) traced, ${RUNS} runs per build alternating; tasks of ${LISTED_MS} ms or more in the ${WATCH_MS / 1000} s after:`,
  );
  try {
    for (let run = 0; run < RUNS; run += 1) {
      for (const [name, url] of builds) {
        const figures = await tracePaste(browser, url, text);
        runs.get(name)!.push(figures);
        console.log(`${name} run ${run + 1}:`);
        for (const line of figures.listed) console.log(`  ${line}`);
        await settle();
      }
    }
  } finally {
    await browser.close();
  }
  for (const [name, traced] of runs) {
    const of = (figure: (one: TracedPaste) => number) => median(traced.map(figure));
    console.log(
      `${name.padEnd(9)} medians: tasks over 50 ms ${of((t) => t.over50)}, over 20 ms of CPU ${of((t) => t.over20Cpu)}; longest task ${ms(of((t) => t.longestWall))} wall, ${ms(of((t) => t.longestCpu))} CPU; heaviest style + layout ${ms(of((t) => t.heaviestLayout))} CPU; main thread ${ms(of((t) => t.cpu))} CPU`,
    );
  }
}
