import type { Browser, Page } from 'playwright-core';
import { BASELINE_MAX_LENGTH, readDoc } from './corpus';
import { median, ms, percentile } from './stats';
import { launchBrowser, newAppContext, openAndEmpty, settle } from './typing';

// A long document pasted into an empty file (issue 26): how soon its last section is in the
// preview, how long the main thread was busy in the 10 s after, and, at 1,000,000 characters,
// how quickly typing shows from 1 s after the paste. Printed with the targets, for the app and
// beside the baseline build measured in the same run.

/** How long the main thread is watched after the paste. */
const WATCH_MS = 10_000;
/** How long after the watch the preview may take to show the whole text (and the keys typed). */
const WHOLE_TEXT_WAIT_MS = 120_000;
/** When typing starts after the paste, and how many keys, how far apart. */
const TYPING_FROM_MS = 1_000;
const KEYSTROKES = 60;
const KEY_INTERVAL_MS = 100;
/** A task longer than this is a long task (the browser's own definition). */
const LONG_TASK_MS = 50;
/** How many times each document is pasted into each build (BENCH_PASTE_RUNS, default 3); the
 * medians across runs are printed. */
const RUNS = Number(process.env.BENCH_PASTE_RUNS ?? 3);

/** The targets for each pasted document. */
interface Target {
  name: string;
  /** Paste → last section in the preview, ms. */
  lastSection: number;
  /** The longest task in the WATCH_MS after the paste, ms (250k only). */
  longestTask?: number;
  /** Keystroke → frame p95 from TYPING_FROM_MS after the paste, ms (1M only). */
  typingP95?: number;
}

const ALL_TARGETS: Target[] = [
  { name: 'doc-250k', lastSection: 800, longestTask: LONG_TASK_MS },
  { name: 'doc-1m', lastSection: 3000, typingP95: 33 },
];

/** Both documents, or those named in BENCH_PASTE_DOCS (comma-separated, e.g. doc-250k). */
const TARGETS = ALL_TARGETS.filter(
  (target) =>
    !process.env.BENCH_PASTE_DOCS ||
    process.env.BENCH_PASTE_DOCS.split(',').some((name) => name.trim() === target.name),
);

/** The text pasted: doc-250k cut under 250,000 characters as the benchmark always cut it (the
 * baseline refuses more), the long manuscripts whole. */
function pastedText(name: string): string {
  return readDoc(name, name === 'doc-250k' ? BASELINE_MAX_LENGTH : Number.MAX_SAFE_INTEGER);
}

/** One paste's figures (undefined fields: not measured or the text was refused). */
export interface PasteFigures {
  refused: boolean;
  /** Paste → the frame after the preview holds the whole text, ms. */
  lastSection: number;
  /** Paste → the frame after the preview's first rendering after the paste, ms. */
  firstRender: number;
  /** The paste's own task (dispatch of the paste event until it returns), ms. */
  pasteTask: number;
  /** Long tasks in the WATCH_MS after the paste: the longest, how many, and their total. */
  longestTask: number;
  longTasks: number;
  longTaskTotal: number;
  /** The longest gap between two frames in the WATCH_MS after the paste. */
  longestGap: number;
  /** Keystroke → frame showing it, from TYPING_FROM_MS after the paste (empty when not typed). */
  typing: number[];
}

interface PasteLog {
  t0: number;
  pasteEnd: number;
  tasks: { start: number; duration: number }[];
  gap: number;
  renders: { length: number; complete: boolean; shown: number }[];
  frames: number[];
}

/** Opens the app at `url` in a fresh context, empties the first file, and waits until the
 * preview shows the empty text. */
async function openEmpty(page: Page, url: string): Promise<void> {
  await openAndEmpty(page, url);
  await page.waitForFunction(
    () => document.querySelector<HTMLElement>('.preview__content')?.dataset.renderedLength === '0',
    undefined,
    { timeout: 30_000, polling: 50 },
  );
  // Let the app settle (the empty text's save, code loaded at start) before the paste.
  await page.waitForTimeout(2000);
}

/** Installs the probes and pastes `text` as the browser does for Ctrl+V: a ClipboardEvent
 * carrying the text, dispatched on the editor. True when the app refused the text. */
async function probeAndPaste(page: Page, text: string, typing: boolean): Promise<boolean> {
  // A script in a string: the bundler would wrap named functions in a helper the page lacks.
  await page.evaluate(`(() => {
    const log = { t0: 0, pasteEnd: 0, tasks: [], gap: 0, renders: [], frames: [] };
    window.benchPaste = log;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        log.tasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask' });
    let last = performance.now();
    requestAnimationFrame(function frame(now) {
      if (log.t0 && now > log.t0) log.gap = Math.max(log.gap, now - Math.max(last, log.t0));
      last = now;
      requestAnimationFrame(frame);
    });
    // The frame after each rendering: the first task after the next animation frame.
    const channel = new MessageChannel();
    const open = [];
    channel.port1.onmessage = () => {
      const render = open.shift();
      if (render) log.renders.push({ ...render, shown: performance.now() });
    };
    const content = document.querySelector('.preview__content');
    new MutationObserver(() => {
      const render = {
        length: Number(content.dataset.renderedLength),
        complete: content.dataset.renderedComplete === 'true',
      };
      requestAnimationFrame(() => {
        open.push(render);
        channel.port2.postMessage(null);
      });
    }).observe(content, {
      attributes: true,
      attributeFilter: ['data-rendered-version', 'data-rendered-complete'],
    });
    if (${typing}) {
      const keyChannel = new MessageChannel();
      const keys = [];
      keyChannel.port1.onmessage = () => {
        const stamp = keys.shift();
        if (stamp !== undefined) log.frames.push(performance.now() - stamp);
      };
      window.addEventListener('keydown', (event) => {
        const stamp = event.timeStamp;
        new MutationObserver((_, observer) => {
          observer.disconnect();
          requestAnimationFrame(() => {
            keys.push(stamp);
            keyChannel.port2.postMessage(null);
          });
        }).observe(document.querySelector('.cm-content'), {
          characterData: true, childList: true, subtree: true,
        });
      }, { capture: true });
    }
  })()`);
  return page.evaluate((pasted) => {
    const log = (window as unknown as { benchPaste: PasteLog }).benchPaste;
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    log.t0 = performance.now();
    document
      .querySelector('.cm-content')!
      .dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    log.pasteEnd = performance.now();
    // Refused: the editor kept the empty file (the app says the text is too long).
    return (document.querySelector('.cm-content')!.textContent ?? '').length === 0;
  }, text);
}

/** Pastes `text` into an empty file of the app at `baseUrl` and measures what follows. */
async function measurePaste(
  browser: Browser,
  baseUrl: string,
  text: string,
  typing: boolean,
): Promise<PasteFigures> {
  const context = await newAppContext(browser, baseUrl);
  try {
    const page = await context.newPage();
    await openEmpty(page, baseUrl);
    const refused = await probeAndPaste(page, text, typing);
    const pasted = Date.now();
    if (typing && !refused) {
      await page.waitForTimeout(TYPING_FROM_MS);
      for (let i = 0; i < KEYSTROKES; i += 1) {
        await page.keyboard.press('a');
        await page.waitForTimeout(KEY_INTERVAL_MS);
      }
    }
    await page.waitForTimeout(Math.max(0, WATCH_MS - (Date.now() - pasted)));
    // The whole text, and the keys typed, reached the preview (waited for beyond the watch).
    const length = text.length + (typing && !refused ? KEYSTROKES : 0);
    if (!refused) {
      const waited = page.waitForFunction(
        (expected) => {
          const content = document.querySelector<HTMLElement>('.preview__content');
          return (
            Number(content?.dataset.renderedLength) >= expected &&
            content?.dataset.renderedComplete === 'true'
          );
        },
        length,
        { timeout: WHOLE_TEXT_WAIT_MS, polling: 50 },
      );
      // A run whose preview never showed the whole text is reported (its last section n/a), and
      // the other runs and parts of the benchmark go on.
      const whole = await waited.then(
        () => true,
        () => false,
      );
      if (!whole) {
        console.log(
          `  (${baseUrl}: the preview did not show the whole text within ${WHOLE_TEXT_WAIT_MS / 1000} s after the watch; this run's last section is n/a)`,
        );
      }
      await page.waitForTimeout(100);
    }
    const log = await page.evaluate(
      () => (window as unknown as { benchPaste: PasteLog }).benchPaste,
    );
    const watched = log.tasks.filter(
      (task) => task.start + task.duration >= log.t0 && task.start < log.t0 + WATCH_MS,
    );
    const whole = log.renders.find((render) => render.complete && render.length >= text.length);
    const first = log.renders[0];
    return {
      refused,
      lastSection: whole ? whole.shown - log.t0 : Number.NaN,
      firstRender: first ? first.shown - log.t0 : Number.NaN,
      pasteTask: log.pasteEnd - log.t0,
      longestTask: Math.max(0, ...watched.map((task) => task.duration)),
      longTasks: watched.length,
      longTaskTotal: watched.reduce((sum, task) => sum + task.duration, 0),
      longestGap: log.gap,
      typing: log.frames,
    };
  } finally {
    await context.close();
  }
}

const pad = (value: string, width: number) => value.padStart(width);
const fmt = (value: number) => (Number.isNaN(value) ? 'n/a' : ms(value));

/** The median of one figure across runs (those that have it, their count told when some do
 * not), or 'refused'. */
function across(runs: PasteFigures[], figure: (run: PasteFigures) => number): string {
  if (runs.length === 0 || runs.every((run) => run.refused)) return 'refused';
  const taken = runs.filter((run) => !run.refused);
  const values = taken.map(figure).filter((value) => !Number.isNaN(value));
  if (values.length === 0) return 'n/a';
  const some = values.length < taken.length ? ` (${values.length} of ${taken.length} runs)` : '';
  return fmt(median(values)) + some;
}

function verdict(value: string, target: number): string {
  const number = Number.parseFloat(value);
  if (Number.isNaN(number)) return '';
  return number <= target ? ' (met)' : ' (missed)';
}

/**
 * Ctrl+V of doc-250k and doc-1m into an empty file, RUNS times each, alternating the app at
 * `baseUrl` and the baseline at `baselineUrl` (when given): paste → last section in the preview,
 * the long tasks and the longest frame gap in the 10 s after, and, for doc-1m, keystroke → frame
 * from 1 s after the paste. Medians across runs, each beside its target.
 */
export async function benchPaste(
  baseUrl: string,
  executablePath: string,
  baselineUrl?: string,
): Promise<void> {
  const browser = await launchBrowser(executablePath);
  console.log(
    `\nPaste into an empty file (a ClipboardEvent with the text on the editor), ${RUNS} runs per build alternating, medians; main thread watched ${WATCH_MS / 1000} s after the paste; doc-1m: ${KEYSTROKES} keys ${KEY_INTERVAL_MS} ms apart from ${TYPING_FROM_MS / 1000} s after the paste, keystroke → frame showing it in the editor`,
  );
  console.log(
    [
      'document (chars)'.padEnd(20),
      'build'.padEnd(9),
      pad('→1st render', 12),
      pad('→last section', 14),
      pad('paste task', 11),
      pad('longest task', 13),
      pad('tasks>50', 9),
      pad('long total', 11),
      pad('longest gap', 12),
      pad('typing p50', 11),
      pad('p95', 10),
    ].join(' '),
  );
  try {
    for (const target of TARGETS) {
      const text = pastedText(target.name);
      const typing = target.typingP95 !== undefined;
      const builds: [string, string][] = [['app', baseUrl]];
      if (baselineUrl) builds.push(['baseline', baselineUrl]);
      const figures = new Map<string, PasteFigures[]>(builds.map(([name]) => [name, []]));
      for (let run = 0; run < RUNS; run += 1) {
        for (const [name, url] of builds) {
          figures.get(name)!.push(await measurePaste(browser, url, text, typing));
          await settle();
        }
      }
      const label = `${target.name} (${text.length})`.padEnd(20);
      const rows = new Map<string, string[]>();
      for (const [name] of builds) {
        const runs = figures.get(name)!;
        const typed = runs.filter((run) => run.typing.length > 0);
        const row = [
          across(runs, (run) => run.firstRender),
          across(runs, (run) => run.lastSection),
          across(runs, (run) => run.pasteTask),
          across(runs, (run) => run.longestTask),
          across(runs, (run) => run.longTasks).replace(/\.\d ms$/, ''),
          across(runs, (run) => run.longTaskTotal),
          across(runs, (run) => run.longestGap),
          typed.length
            ? fmt(median(typed.map((run) => median(run.typing))))
            : typing
              ? 'refused'
              : '-',
          typed.length
            ? fmt(median(typed.map((run) => percentile(run.typing, 95))))
            : typing
              ? 'refused'
              : '-',
        ];
        rows.set(name, row);
        console.log(
          [
            label,
            name.padEnd(9),
            pad(row[0]!, 12),
            pad(row[1]!, 14),
            pad(row[2]!, 11),
            pad(row[3]!, 13),
            pad(row[4]!, 9),
            pad(row[5]!, 11),
            pad(row[6]!, 12),
            pad(row[7]!, 11),
            pad(row[8]!, 10),
          ].join(' '),
        );
      }
      const app = rows.get('app')!;
      const base = rows.get('baseline');
      const beside = (index: number) => (base ? `, baseline ${base[index]}` : '');
      console.log(
        `${''.padEnd(20)} targets: paste → last section ≤ ${target.lastSection} ms: app ${app[1]}${verdict(app[1]!, target.lastSection)}${beside(1)}`,
      );
      if (target.longestTask !== undefined) {
        console.log(
          `${''.padEnd(20)}          no task over ${target.longestTask} ms in the ${WATCH_MS / 1000} s after: app longest ${app[3]}${verdict(app[3]!, target.longestTask)}${beside(3)}`,
        );
      }
      if (target.typingP95 !== undefined) {
        console.log(
          `${''.padEnd(20)}          typing p95 ≤ ${target.typingP95} ms from ${TYPING_FROM_MS / 1000} s after: app ${app[8]}${verdict(app[8]!, target.typingP95)}${beside(8)}`,
        );
      }
    }
  } finally {
    await browser.close();
  }
}
