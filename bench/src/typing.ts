import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { BASELINE_MAX_LENGTH, baselineText, readDoc, selectedDocs } from './corpus';
import { median, ms, percentile } from './stats';

const KEYSTROKES = 100;
const WARM_UP = 5;
/** How many times the stored document is opened (reloaded) for the opening figures. */
const OPENINGS = 5;
/** How many times the incremental preview and the floors are measured (BENCH_RUNS, default 1). */
const RUNS = readRuns(process.env.BENCH_RUNS);
/** Time between keystrokes: a fast typist, about 120 words a minute. */
const KEY_INTERVAL_MS = 100;

/** BENCH_RUNS: unset or empty is 1; anything but a whole number of runs is refused. */
function readRuns(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 1;
  const runs = Number(value);
  if (!Number.isInteger(runs) || runs < 1) {
    throw new Error(`BENCH_RUNS must be a whole number of runs, 1 or more, got "${value}".`);
  }
  return runs;
}

/** The preview's conversion: block by block (the app), or the whole text on every change. */
export type Conversion = 'incremental' | 'full';

/** What one run measures, in milliseconds. */
export interface TypingFigures {
  /** From the keystroke to the end of the frame that shows it in the preview. */
  latencies: number[];
  /** The same, ended by the message posted in that frame, as measured before 2026-11-25: it
   * also counts the tasks queued ahead of the message (the key's release, the selection
   * change), which run after the frame. */
  latenciesByMessage: number[];
  /** From the editor showing the keystroke to the preview's DOM holding it. */
  previewOnly: number[];
  delays: number[];
  /** From the file's text being in the editor to the first screen of the preview (median of
   * OPENINGS reloads, as are the next two). */
  openToFirstScreen: number;
  /** From the file's text being in the editor to the whole preview. */
  openToComplete: number;
  /** From navigation start (a reload) to the first screen of the preview. */
  reloadToFirstScreen: number;
}

interface PageLog {
  keys: { stamp: number; handled: number }[];
  renders: { length: number; patched: number; shown: number; message: number }[];
  edits: number[];
}

/** A pause between two measurements, so that the browser's clean-up of the last one (a closed
 * page of the baseline still collecting its garbage) does not fall into the next. */
export const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 3000));

/** Installs the probes: when each keydown happened and started being handled, and when the
 * preview showed each text length (the frame after the preview finished patching). */
async function instrument(page: Page): Promise<void> {
  await page.evaluate(() => {
    const log: PageLog = { keys: [], renders: [], edits: [] };
    (window as unknown as { benchLog: PageLog }).benchLog = log;
    window.addEventListener(
      'keydown',
      (event) => log.keys.push({ stamp: event.timeStamp, handled: performance.now() }),
      { capture: true },
    );
    // When the editor's own text shows the keystroke.
    new MutationObserver(() => log.edits.push(performance.now())).observe(
      document.querySelector('.cm-content')!,
      { characterData: true, childList: true, subtree: true },
    );
    // The preview patches itself in an animation frame. Nothing else runs on the main thread
    // until that frame is done (laid out, painted and handed to the compositor), so the first
    // task to start after the patch marks the frame's end: the key's release or the selection
    // change the keystroke queued, or else a message posted in the frame. (The message alone
    // would wait for those tasks too, which run after the change shows.)
    const channel = new MessageChannel();
    const open: { length: number; patched: number; end?: number }[] = [];
    // (Inline arrows: a named one would be wrapped in a helper the page does not have.)
    for (const [target, type] of [
      [window, 'keyup'],
      [document, 'selectionchange'],
    ] as const) {
      target.addEventListener(
        type,
        () => open.forEach((render) => (render.end ??= performance.now())),
        {
          capture: true,
        },
      );
    }
    channel.port1.onmessage = () => {
      open.forEach((render) => (render.end ??= performance.now()));
      const render = open.shift();
      if (!render) return;
      const { length, patched, end } = render;
      log.renders.push({ length, patched, shown: end!, message: performance.now() });
    };
    const content = document.querySelector<HTMLElement>('.preview__content')!;
    new MutationObserver(() => {
      open.push({ length: Number(content.dataset.renderedLength), patched: performance.now() });
      channel.port2.postMessage(null);
    }).observe(content, { attributes: true, attributeFilter: ['data-rendered-version'] });
  });
}

/** Waits until the preview shows the whole of a text of `length` characters. */
export async function waitForPreview(page: Page, length: number): Promise<void> {
  await page.waitForFunction(
    (expected) => {
      const content = document.querySelector<HTMLElement>('.preview__content');
      return (
        content?.dataset.renderedLength === String(expected) &&
        content.dataset.renderedComplete === 'true'
      );
    },
    length,
    // Two minutes, and two more per million characters: a loaded machine opens the long
    // manuscripts slowly, and a figure late is better than none.
    { timeout: 120_000 + (length / 1_000_000) * 120_000, polling: 20 },
  );
}

// Time between two of the app's performance marks (the latest of each).
async function between(page: Page, from: string, to: string): Promise<number> {
  // (No named functions inside: the bundler running this file would wrap them in a helper
  // the page does not have.)
  return page.evaluate(
    ([a, b]) =>
      (performance.getEntriesByName(b!).at(-1)?.startTime ?? NaN) -
      (performance.getEntriesByName(a!).at(-1)?.startTime ?? NaN),
    [from, to],
  );
}

/** A line of prose in the middle of the document: where a writer types. */
export function proseLine(text: string): string {
  const lines = text.split('\n');
  let fenced = false;
  const candidates: number[] = [];
  lines.forEach((line, index) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    else if (!fenced && /^[A-Z][^|$`<>[\]]{60,}[.:]$/.test(line)) candidates.push(index);
  });
  const middle = candidates.find((index) => index >= lines.length / 2) ?? candidates.at(-1);
  if (middle === undefined) throw new Error('No prose line to type into.');
  return lines[middle]!;
}

/** Puts the caret at the end of a line of the editor, scrolling down from the top until
 * CodeMirror draws it. */
export async function caretAtEndOf(page: Page, line: string): Promise<void> {
  await page.evaluate(() => {
    document.querySelector('.cm-scroller')!.scrollTop = 0;
  });
  for (let attempt = 0; attempt < 1000; attempt += 1) {
    const found = await page.evaluate((wanted) => {
      const element = [...document.querySelectorAll('.cm-line')].find(
        (candidate) => candidate.textContent === wanted,
      );
      if (element) {
        element.scrollIntoView({ block: 'center' });
        return true;
      }
      const scroller = document.querySelector('.cm-scroller')!;
      scroller.scrollTop += scroller.clientHeight * 0.8;
      return false;
    }, line);
    if (found) {
      await page.waitForTimeout(300);
      await page.locator('.cm-line', { hasText: line }).first().click();
      await page.keyboard.press('End');
      return;
    }
    await page.waitForTimeout(30);
  }
  throw new Error('Could not put the caret in the middle of the document.');
}

/** Opens the app at `url`, skips the welcome tour of a fresh app (as a returning user has) and
 * empties the first file, the caret in the editor. */
export async function openAndEmpty(page: Page, url: string): Promise<void> {
  await page.goto(url);
  const editor = page.getByRole('textbox', { name: 'Editor' });
  await editor.waitFor({ timeout: 30_000 });
  const skip = page
    .getByRole('dialog', { name: 'Welcome tour' })
    .getByRole('button', { name: 'Skip' });
  if (await skip.isVisible()) await skip.click();
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
}

/** Opens the app at `url`, replaces the first file's text with `text` and waits until the
 * preview shows all of it. */
export async function openWithText(page: Page, url: string, text: string): Promise<void> {
  await openAndEmpty(page, url);
  // Pasted, as a user brings a document in (typing 250,000 characters would take hours).
  await pasteIntoEditor(page, text);
  await waitForPreview(page, text.length);
}

/** Pastes `text` into the editor as the browser does for Ctrl+V (a ClipboardEvent carrying the
 * text, dispatched on the editor), after a performance mark named `mark` when one is given. */
export async function pasteIntoEditor(page: Page, text: string, mark = ''): Promise<void> {
  await page.evaluate(
    ([pasted, name]) => {
      if (name !== '') performance.mark(name);
      const data = new DataTransfer();
      data.setData('text/plain', pasted);
      document
        .querySelector('.cm-content')!
        .dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
        );
    },
    [text, mark] as const,
  );
}

/** Where and how long to type: at the end of line `at` (by default a prose line in the middle
 * of the document), `keystrokes` keys after WARM_UP, the document reopened `openings` times
 * first for the opening figures (0: none, and those figures are NaN). */
export interface TypingPlan {
  at?: string;
  keystrokes?: number;
  openings?: number;
  /** Run on the page once the text is in, before the reopenings and the typing (a setting
   * changed, say). */
  prepare?: (page: Page) => Promise<void>;
}

/** Loads `text` into a fresh app, reopens it, and types into the middle of it. */
export async function measure(
  browser: Browser,
  baseUrl: string,
  text: string,
  conversion: Conversion,
  plan: TypingPlan = {},
): Promise<TypingFigures> {
  const keystrokes = plan.keystrokes ?? KEYSTROKES;
  const context = await newAppContext(browser, baseUrl);
  try {
    const page = await context.newPage();
    await openWithText(page, `${baseUrl}?conversion=${conversion}`, text);
    await plan.prepare?.(page);
    await page.waitForTimeout(500);

    // Reopen, OPENINGS times: the stored document comes back. (One opening is one sample, and
    // a single slow one would stand for the whole run: the medians are printed.)
    const openings: { first: number; all: number; reload: number }[] = [];
    for (let i = 0; i < (plan.openings ?? OPENINGS); i += 1) {
      await page.reload();
      await waitForPreview(page, text.length);
      openings.push({
        first: await between(page, 'inkstone:file-opened', 'inkstone:preview-first-screen'),
        all: await between(page, 'inkstone:file-opened', 'inkstone:preview-complete'),
        reload: await page.evaluate(
          () =>
            performance.getEntriesByName('inkstone:preview-first-screen').at(-1)?.startTime ?? NaN,
        ),
      });
      await page.waitForTimeout(300);
    }
    const openToFirstScreen = median(openings.map((opening) => opening.first));
    const openToComplete = median(openings.map((opening) => opening.all));
    const reloadToFirstScreen = median(openings.map((opening) => opening.reload));

    await caretAtEndOf(page, plan.at ?? proseLine(text));
    await page.waitForTimeout(800);
    await instrument(page);
    for (let i = 0; i < keystrokes + WARM_UP; i += 1) {
      await page.keyboard.press('a');
      await page.waitForTimeout(KEY_INTERVAL_MS);
    }
    await waitForPreview(page, text.length + keystrokes + WARM_UP);
    await page.waitForTimeout(100);
    const log = await page.evaluate(() => (window as unknown as { benchLog: PageLog }).benchLog);
    const latencies: number[] = [];
    const latenciesByMessage: number[] = [];
    const delays: number[] = [];
    const previewOnly: number[] = [];
    log.keys.forEach((key, index) => {
      if (index < WARM_UP) return;
      const expected = text.length + index + 1;
      const shown = log.renders.find((render) => render.length >= expected);
      if (shown) {
        latencies.push(shown.shown - key.stamp);
        latenciesByMessage.push(shown.message - key.stamp);
        const edited = log.edits.find((time) => time >= key.stamp);
        if (edited !== undefined) previewOnly.push(shown.patched - edited);
      }
      delays.push(key.handled - key.stamp);
    });
    if (latencies.length < keystrokes) throw new Error(`Only ${latencies.length} keystrokes seen.`);
    return {
      latencies,
      latenciesByMessage,
      delays,
      previewOnly,
      openToFirstScreen,
      openToComplete,
      reloadToFirstScreen,
    };
  } finally {
    await context.close();
  }
}

/** Types KEYSTROKES (after WARM_UP) into the focused editor and returns, for each, the time from
 * the keystroke to the end of the frame that shows it in the editor: the editor's text changes,
 * then the first task to start after the next animation frame (as in `instrument`) marks the
 * end of that frame. */
async function typeAndTimeFrames(page: Page, keystrokes = KEYSTROKES): Promise<number[]> {
  await page.evaluate(() => {
    const frames: number[] = [];
    (window as unknown as { benchFrames: number[] }).benchFrames = frames;
    const channel = new MessageChannel();
    const open: { stamp: number; end?: number }[] = [];
    for (const [target, type] of [
      [window, 'keyup'],
      [document, 'selectionchange'],
    ] as const) {
      target.addEventListener(
        type,
        () => open.forEach((frame) => (frame.end ??= performance.now())),
        {
          capture: true,
        },
      );
    }
    channel.port1.onmessage = () => {
      open.forEach((frame) => (frame.end ??= performance.now()));
      const frame = open.shift();
      if (frame) frames.push(frame.end! - frame.stamp);
    };
    window.addEventListener(
      'keydown',
      (event) => {
        const stamp = event.timeStamp;
        new MutationObserver((_, observer) => {
          observer.disconnect();
          requestAnimationFrame(() => {
            open.push({ stamp });
            channel.port2.postMessage(null);
          });
        }).observe(document.querySelector('.cm-content')!, {
          characterData: true,
          childList: true,
          subtree: true,
        });
      },
      { capture: true },
    );
  });
  for (let i = 0; i < keystrokes + WARM_UP; i += 1) {
    await page.keyboard.press('a');
    await page.waitForTimeout(KEY_INTERVAL_MS);
  }
  await page.waitForTimeout(100);
  const frames = await page.evaluate(
    () => (window as unknown as { benchFrames: number[] }).benchFrames,
  );
  return frames.slice(WARM_UP);
}

/** The editor alone (side preview hidden): from the keystroke to the end of the frame that shows
 * it in the editor. The floor under any preview figure. */
export async function measureEditorAlone(
  browser: Browser,
  baseUrl: string,
  text: string,
  plan: TypingPlan = {},
): Promise<number[]> {
  const context = await newAppContext(browser, baseUrl);
  try {
    const page = await context.newPage();
    await openWithText(page, baseUrl, text);
    await page.getByRole('button', { name: 'Toggle side preview' }).click();
    await caretAtEndOf(page, plan.at ?? proseLine(text));
    await page.waitForTimeout(800);
    return await typeAndTimeFrames(page, plan.keystrokes);
  } finally {
    await context.close();
  }
}

let floorScript: string | undefined;

/** CodeMirror by itself on the same text (floor-page.ts: no language, no app around it), typed
 * into the same way: what this machine and browser take to show a keystroke in a CodeMirror
 * editor at all. */
async function measureBareEditor(browser: Browser, text: string): Promise<number[]> {
  if (floorScript === undefined) {
    const bundle = await build({
      entryPoints: [fileURLToPath(new URL('./floor-page.ts', import.meta.url))],
      bundle: true,
      minify: true,
      format: 'iife',
      write: false,
      logLevel: 'silent',
    });
    floorScript = bundle.outputFiles[0]!.text;
  }
  const context = await newAppContext(browser);
  try {
    const page = await context.newPage();
    await page.setContent(
      '<!doctype html><html><head><meta charset="utf-8"><style>body{margin:0}</style></head><body></body></html>',
    );
    await page.addScriptTag({ content: floorScript });
    await page.evaluate(
      ([pasted, line]) => window.startFloorEditor(pasted!, line!),
      [text, proseLine(text)],
    );
    await page.waitForTimeout(1500);
    return await typeAndTimeFrames(page);
  } finally {
    await context.close();
  }
}

/** The floors printed under the preview's figures, in the order they are measured. */
const FLOORS: [string, string][] = [
  [
    'editor alone',
    '(side preview hidden: the keystroke to the end of the frame showing it in the editor)',
  ],
  ['bare editor', '(CodeMirror by itself on the same text, nothing else on the page: the same)'],
];

function printTyping(label: string, kind: string, figures: TypingFigures): void {
  console.log(
    [
      label,
      kind.padEnd(12),
      ms(median(figures.latencies)).padStart(16),
      ms(percentile(figures.latencies, 95)).padStart(8),
      ms(percentile(figures.previewOnly, 95)).padStart(17),
      ms(median(figures.delays)).padStart(16),
      ms(percentile(figures.delays, 95)).padStart(8),
      ms(figures.openToFirstScreen).padStart(16),
      ms(figures.openToComplete).padStart(10),
      ms(figures.reloadToFirstScreen).padStart(18),
    ].join(' '),
  );
}

/** How many times longer the baseline's p95 of `key` is than this build's. */
function p95Ratio(full: TypingFigures, incremental: TypingFigures, key: 'latencies' | 'delays') {
  return percentile(full[key], 95) / percentile(incremental[key], 95);
}

function printFloor(label: string, kind: string, frames: number[], note: string): void {
  console.log(
    [
      label,
      kind.padEnd(12),
      ms(median(frames)).padStart(16),
      ms(percentile(frames, 95)).padStart(8),
      note,
    ].join(' '),
  );
}

/**
 * A fresh browser context for the app at `baseUrl`, as wide as a laptop screen. Requests to
 * any other host fail at once, as they do for a user who is offline: this machine reaches no
 * other host, and its requests for the corpus's web images (badges, logos) otherwise hang for
 * 10-16 s, holding Chromium's slots for low-priority loads, so that the app's own lazy code
 * (the diagram libraries) arrived 16 s late, in the middle of the typing measured.
 */
export async function newAppContext(browser: Browser, baseUrl?: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  if (baseUrl !== undefined) {
    const origin = new URL(baseUrl).origin;
    await context.route(
      (url) => url.origin !== origin && url.protocol !== 'data:' && url.protocol !== 'blob:',
      (route) => route.abort('internetdisconnected'),
    );
  }
  return context;
}

/** Headless Chromium as every measurement here runs it. */
export function launchBrowser(executablePath: string): Promise<Browser> {
  return chromium.launch({
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** The build measured beside this one (bench/src/baseline.ts): its address and commit. */
export interface BaselineBuild {
  url: string;
  rev: string;
}

/** The targets (issue 26) for the typing figures, by document. */
const TARGETS: Record<string, { figure: 'latencies' | 'delays'; label: string; max: number }[]> = {
  'doc-1m': [
    { figure: 'latencies', label: 'key→preview p95', max: 16 },
    { figure: 'delays', label: 'input delay p95', max: 8 },
  ],
  'doc-2m': [{ figure: 'latencies', label: 'key→preview p95', max: 33 }],
};

/** One line of the closing note: a target, this build's figure, the baseline's. */
interface TargetLine {
  doc: string;
  label: string;
  max: number;
  value: number;
  baseline: number | 'refused' | undefined;
}

const baselineFigure = (value: number | 'refused' | undefined): string =>
  value === undefined ? 'not measured' : value === 'refused' ? 'refused (n/a)' : ms(value);

function printTargets(lines: TargetLine[]): void {
  if (!lines.length) return;
  console.log('\nTyping targets (issue 26), this build beside the baseline:');
  for (const { doc, label, max, value, baseline } of lines) {
    const verdict =
      value <= max ? `met, ${ms(max - value)} under` : `NOT met, ${ms(value - max)} over`;
    console.log(
      `  ${doc.padEnd(9)} ${label} ≤ ${ms(max)}: ${ms(value)} (${verdict}); baseline ${baselineFigure(baseline)}`,
    );
  }
}

/** Keystroke-to-preview latency, input delay and opening times in Chromium for each corpus
 * document: this build beside the baseline build (the commit before issue 26, measured in the
 * same run; it refuses texts over 250,000 characters, so its long-document figures are n/a),
 * and, with BENCH_FULL=1, this build converting the whole text on every keystroke. */
export async function benchTyping(
  baseUrl: string,
  executablePath: string,
  baseline?: BaselineBuild,
): Promise<void> {
  const browser = await launchBrowser(executablePath);
  const withFull = process.env.BENCH_FULL === '1';
  console.log(
    `\nChromium: ${KEYSTROKES} keystrokes ${KEY_INTERVAL_MS} ms apart at the end of a prose line in the middle of the document (after ${WARM_UP} to warm up); medians and p95 in ms; opening figures are medians of ${OPENINGS} reloads. "baseline" is the build of ${baseline ? baseline.rev : '(none: BENCH_BASELINE=off)'}, measured in the same run on the same text where it accepts it (up to ${BASELINE_MAX_LENGTH.toLocaleString('en')} characters)${withFull ? '; "full" converts the whole text on every keystroke' : ''}`,
  );
  const header = [
    'document (chars)'.padEnd(18),
    'build'.padEnd(12),
    'key→preview p50'.padStart(16),
    'p95'.padStart(8),
    'after editor p95'.padStart(17),
    'input delay p50'.padStart(16),
    'p95'.padStart(8),
    'open→1st screen'.padStart(16),
    'open→all'.padStart(10),
    'reload→1st screen'.padStart(18),
  ];
  console.log(header.join(' '));
  const targetLines: TargetLine[] = [];
  try {
    for (const name of selectedDocs()) {
      // Where the baseline accepts the document, both builds type into the same text (cut as
      // the benchmark always cut it); beyond, this build takes the whole document.
      const shared = baselineText(name);
      const text = shared ?? readDoc(name);
      const label = `${name} (${text.length})`.padEnd(18);
      let old: TypingFigures | 'refused' | undefined;
      if (baseline && shared) {
        old = await measure(browser, baseline.url, text, 'incremental');
        await settle();
        printTyping(label, `baseline`, old);
      } else if (baseline) {
        old = 'refused';
        console.log(
          `${label} ${'baseline'.padEnd(12)} ${'refused (n/a)'.padStart(16)} (the baseline build refuses texts over ${BASELINE_MAX_LENGTH.toLocaleString('en')} characters)`,
        );
      }
      if (withFull) {
        const full = await measure(browser, baseUrl, text, 'full');
        await settle();
        printTyping(label, 'full', full);
      }
      // This build and the floors, RUNS times: on a noisy machine one run's p95 moves a lot,
      // so with more than one run the medians across runs are printed too.
      const runs: { incremental: TypingFigures; floors: number[][] }[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const incremental = await measure(browser, baseUrl, text, 'incremental');
        await settle();
        printTyping(label, 'this build', incremental);
        const floors = [
          await measureEditorAlone(browser, baseUrl, text).finally(settle),
          await measureBareEditor(browser, text),
        ];
        FLOORS.forEach(([kind, note], index) => printFloor(label, kind, floors[index]!, note));
        if (old !== undefined && old !== 'refused') {
          console.log(
            `${''.padEnd(18)} ratio (baseline / this build): keystroke→preview p95 ${p95Ratio(old, incremental, 'latencies').toFixed(1)}×, input delay p95 ${p95Ratio(old, incremental, 'delays').toFixed(1)}×`,
          );
        }
        runs.push({ incremental, floors });
      }
      const across = (figure: (run: (typeof runs)[number]) => number) => median(runs.map(figure));
      if (RUNS > 1) {
        const cell = (figure: (run: (typeof runs)[number]) => number) =>
          ms(across(figure)).padStart(8);
        console.log(`${label} medians of ${RUNS} runs (each run's p50 and p95):`);
        console.log(
          `${''.padEnd(18)} ${'this build'.padEnd(12)} key→preview p50 ${cell((run) => median(run.incremental.latencies))}, p95 ${cell((run) => percentile(run.incremental.latencies, 95))} (ended by the frame's message: p95 ${cell((run) => percentile(run.incremental.latenciesByMessage, 95))}); input delay p95 ${cell((run) => percentile(run.incremental.delays, 95))}; open→1st screen ${cell((run) => run.incremental.openToFirstScreen)}`,
        );
        FLOORS.forEach(([kind], index) =>
          console.log(
            `${''.padEnd(18)} ${kind.padEnd(12)} p50 ${cell((run) => median(run.floors[index]!))}, p95 ${cell((run) => percentile(run.floors[index]!, 95))}`,
          ),
        );
      }
      for (const { figure, label: what, max } of TARGETS[name] ?? []) {
        targetLines.push({
          doc: name,
          label: what,
          max,
          value: across((run) => percentile(run.incremental[figure], 95)),
          baseline: old === undefined || old === 'refused' ? old : percentile(old[figure], 95),
        });
      }
    }
    printTargets(targetLines);
  } finally {
    await browser.close();
  }
}
