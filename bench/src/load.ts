import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { median } from './stats';
import { launchBrowser } from './typing';

// The first load (issue 26): from navigation to an editable editor in Chromium with an empty
// cache, the JavaScript fetched before that moment (bytes on the wire, and the gzip size of the
// same bodies), all the JavaScript once the page settles, whether the server compressed its
// answers, and a second visit with the cache warm. Printed with the issue's targets, beside the
// baseline build measured in the same run (the runs of the two alternate, to spread the noise
// of a shared machine over both).

/** How many cold loads of each build (BENCH_LOAD_RUNS, default 5); medians are printed. */
const RUNS = readRuns(process.env.BENCH_LOAD_RUNS);
/** A page has settled when no request has started or ended for this long. */
const QUIET_MS = 1500;
/** The issue's targets. */
const TARGET_EDITABLE_MS = 600;
const TARGET_JS_BEFORE_EDITABLE_KB = 250;
/** Answers smaller than this may be sent as they are (compressing them does not pay); larger
 * `.js`, `.css` and `.html` answers sent uncompressed fail the "compressed" target. */
const SMALL_BYTES = 1024;
/** The protocol's resource types of `.html`, `.css` and `.js` answers. */
const TEXTUAL = ['Document', 'Stylesheet', 'Script'];
/** Bytes in a KB, as printed. */
const KB = 1000;

function readRuns(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 5;
  const runs = Number(value);
  if (!Number.isInteger(runs) || runs < 1) {
    throw new Error(`BENCH_LOAD_RUNS must be a whole number of runs, 1 or more, got "${value}".`);
  }
  return runs;
}

/** One response the page received, as the DevTools protocol reported it. */
interface Fetched {
  url: string;
  /** The protocol's resource type: Document, Script, Stylesheet, Font, Fetch… */
  type: string;
  /** Bytes on the wire, headers included (0 when taken from the cache). */
  transfer: number;
  /** The answer's Content-Encoding, '' when none. */
  encoding: string;
  fromCache: boolean;
  /** The body's size once decoded, and its size gzipped (level 6, as `gzip` does by default);
   * pages, stylesheets and scripts only. */
  bodyBytes?: number;
  gzipBytes?: number;
  /** When the response ended, ms from navigation start (the page's resource timing). */
  end?: number;
}

/** What one visit measured. */
export interface LoadFigures {
  /** Navigation start → editable, ms. */
  editable: number;
  /** Which mark gave `editable`: the app's `inkstone:editable`, or (a build without it) the
   * first `inkstone:file-opened`, made at the same point. */
  mark: string;
  /** The scripts whose response ended before editable. */
  before: Fetched[];
  /** All scripts once the page settled. */
  scripts: Fetched[];
  /** The `.js`, `.css` and `.html` answers (Script, Stylesheet, Document) over SMALL_BYTES,
   * and how many of them came compressed. */
  compressible: number;
  compressed: number;
  /** The encodings seen on those answers: `br`, `gzip`, or `none`. */
  encodings: string[];
}

/** Records the page's responses through the DevTools protocol; `done` waits for the scripts'
 * bodies to be read and gives what was fetched. */
async function recordNetwork(page: Page): Promise<() => Promise<Fetched[]>> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const responses = new Map<string, Fetched>();
  const bodies: Promise<void>[] = [];
  cdp.on('Network.responseReceived', (event) => {
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([name, value]) => [name.toLowerCase(), value]),
    );
    responses.set(event.requestId, {
      url: event.response.url,
      type: event.type ?? 'Other',
      transfer: 0,
      encoding: String(headers['content-encoding'] ?? ''),
      fromCache: Boolean(event.response.fromDiskCache || event.response.fromPrefetchCache),
    });
  });
  cdp.on('Network.requestServedFromCache', (event) => {
    const fetched = responses.get(event.requestId);
    if (fetched) fetched.fromCache = true;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const fetched = responses.get(event.requestId);
    if (!fetched) return;
    fetched.transfer = event.encodedDataLength;
    // (The body of each page, stylesheet and script: whether an answer is small enough to be
    // sent as it is goes by its body, not by its transfer, which counts the headers too.)
    if (!TEXTUAL.includes(fetched.type)) return;
    bodies.push(
      cdp
        .send('Network.getResponseBody', { requestId: event.requestId })
        .then(({ body, base64Encoded }) => {
          const bytes = Buffer.from(body, base64Encoded ? 'base64' : 'utf8');
          fetched.bodyBytes = bytes.length;
          fetched.gzipBytes = gzipSync(bytes, { level: 6 }).length;
        })
        .catch(() => {
          // The body is gone (an evicted resource): the script counts by its transfer only.
        }),
    );
  });
  return async () => {
    await Promise.all(bodies);
    await cdp.detach();
    return [...responses.values()];
  };
}

/** Waits until no request has started or finished for QUIET_MS. */
async function settled(page: Page): Promise<void> {
  let last = Date.now();
  const touch = () => (last = Date.now());
  page.on('request', touch);
  page.on('requestfinished', touch);
  page.on('requestfailed', touch);
  try {
    while (Date.now() - last < QUIET_MS) await page.waitForTimeout(250);
  } finally {
    page.off('request', touch);
    page.off('requestfinished', touch);
    page.off('requestfailed', touch);
  }
}

/** The moment the editor became editable, ms from navigation start, once it has. */
async function editableAt(page: Page): Promise<{ at: number; mark: string }> {
  const handle = await page.waitForFunction(
    () => {
      for (const name of ['inkstone:editable', 'inkstone:file-opened']) {
        const [mark] = performance.getEntriesByName(name, 'mark');
        if (mark) return { at: mark.startTime, mark: name };
      }
      return undefined;
    },
    undefined,
    { timeout: 60_000, polling: 50 },
  );
  return (await handle.jsonValue())!;
}

/** Checks that the editor takes a keystroke and shows it (after the measured moment: the check
 * is not timed). The welcome tour of a first visit is skipped first. */
async function checkTyping(page: Page): Promise<void> {
  const tour = page.getByRole('dialog', { name: 'Welcome tour' });
  if (await tour.isVisible()) await tour.getByRole('button', { name: 'Skip' }).click();
  const editor = page.getByRole('textbox', { name: 'Editor' });
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('Q7z');
  await page.waitForFunction(
    () => document.querySelector('[aria-label="Editor"]')?.textContent?.includes('Q7z'),
    undefined,
    { timeout: 10_000 },
  );
}

/** One visit to `url` in `context`: the page is measured until it settles. */
async function visit(context: BrowserContext, url: string): Promise<LoadFigures> {
  const page = await context.newPage();
  try {
    const network = await recordNetwork(page);
    await page.goto(url);
    const { at: editable, mark } = await editableAt(page);
    await settled(page);
    const fetched = await network();
    const ends = new Map(
      await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => [entry.name, (entry as PerformanceResourceTiming).responseEnd] as const),
      ),
    );
    for (const item of fetched) item.end = ends.get(item.url);
    await checkTyping(page);
    const scripts = fetched.filter((item) => item.type === 'Script');
    const before = scripts.filter((item) => item.end !== undefined && item.end <= editable);
    const textual = fetched.filter(
      (item) =>
        TEXTUAL.includes(item.type) &&
        !item.fromCache &&
        (item.bodyBytes ?? item.transfer) > SMALL_BYTES,
    );
    return {
      editable,
      mark,
      before,
      scripts,
      compressible: textual.length,
      compressed: textual.filter((item) => item.encoding !== '').length,
      encodings: [...new Set(textual.map((item) => item.encoding || 'none'))].sort(),
    };
  } finally {
    await page.close();
  }
}

/** A cold visit (a fresh context: empty cache, empty IndexedDB) and then a second one in the same
 * context, with the cache warm. */
async function coldThenWarm(
  browser: Browser,
  url: string,
): Promise<{ cold: LoadFigures; warm: LoadFigures }> {
  // (No service worker: its precaching of the whole build after the first visit would run
  // beside what is measured; the baseline has none.)
  const context = await browser.newContext({
    viewport: { width: 1400, height: 900 },
    serviceWorkers: 'block',
  });
  try {
    const cold = await visit(context, url);
    const warm = await visit(context, url);
    return { cold, warm };
  } finally {
    await context.close();
  }
}

const sum = (items: Fetched[], size: (item: Fetched) => number): number =>
  items.reduce((total, item) => total + size(item), 0);
const gzipOf = (item: Fetched): number => item.gzipBytes ?? item.transfer;
const kb = (bytes: number): string => `${(bytes / KB).toFixed(0)} KB`;
const msText = (value: number): string => `${value.toFixed(0)} ms`;

/** What a build's runs give, as printed. */
interface Summary {
  editable: number;
  warmEditable: number;
  jsBeforeGzip: number;
  jsBeforeTransfer: number;
  scriptsBefore: number;
  jsAllGzip: number;
  jsAllTransfer: number;
  compressed: string;
  allCompressed: boolean;
  mark: string;
}

function summarize(runs: { cold: LoadFigures; warm: LoadFigures }[]): Summary {
  const cold = runs.map((run) => run.cold);
  const last = cold[cold.length - 1]!;
  return {
    editable: median(cold.map((run) => run.editable)),
    warmEditable: median(runs.map((run) => run.warm.editable)),
    jsBeforeGzip: median(cold.map((run) => sum(run.before, gzipOf))),
    jsBeforeTransfer: median(cold.map((run) => sum(run.before, (item) => item.transfer))),
    scriptsBefore: median(cold.map((run) => run.before.length)),
    jsAllGzip: median(cold.map((run) => sum(run.scripts, gzipOf))),
    jsAllTransfer: median(cold.map((run) => sum(run.scripts, (item) => item.transfer))),
    compressed: `${last.compressed} of ${last.compressible} (${last.encodings.join(', ')})`,
    allCompressed: cold.every((run) => run.compressed === run.compressible),
    mark: last.mark,
  };
}

/** The scripts loaded before editable in one cold visit, by name and size. */
function listScripts(label: string, figures: LoadFigures): void {
  console.log(`  ${label}: scripts before editable (${figures.before.length})`);
  for (const item of [...figures.before].sort((a, b) => gzipOf(b) - gzipOf(a))) {
    const name = new URL(item.url).pathname;
    console.log(
      `    ${name.padEnd(64)} transfer ${kb(item.transfer).padStart(7)}  gzip ${kb(gzipOf(item)).padStart(7)}  ${item.encoding || 'identity'}`,
    );
  }
}

/** Met, or not and by how much, for a figure whose target is an upper bound. */
function verdict(value: number, target: number, unit: (value: number) => string): string {
  return value <= target
    ? `met (${unit(target - value)} under)`
    : `NOT met (${unit(value - target)} over)`;
}

/**
 * The cold-load part of `pnpm bench` (BENCH_ONLY=load): this build at `url`, and the baseline
 * build at `baselineUrl` when there is one, RUNS cold visits each, alternating. BENCH_VERBOSE=1
 * lists the scripts loaded before editable.
 */
export async function benchLoad(
  url: string,
  chromiumPath: string,
  baselineUrl?: string,
  baselineRev = 'baseline',
): Promise<void> {
  console.log(
    `\nCold load: navigation → editable in a fresh context (empty cache), ${RUNS} runs of each build${baselineUrl ? ', alternating with the baseline' : ''}; medians. Editable: the app's performance mark where the editor holds the opened file's text (then checked by typing into it, untimed). JS sizes in KB of 1,000 bytes: on the wire (headers included) and the gzip -6 size of the same bodies.`,
  );
  const browser = await launchBrowser(chromiumPath);
  const current: { cold: LoadFigures; warm: LoadFigures }[] = [];
  const baseline: { cold: LoadFigures; warm: LoadFigures }[] = [];
  try {
    for (let run = 0; run < RUNS; run += 1) {
      // Alternate which build goes first, so neither always follows the other's clean-up.
      const order =
        run % 2 === 0 ? (['current', 'baseline'] as const) : (['baseline', 'current'] as const);
      for (const which of order) {
        if (which === 'current') current.push(await coldThenWarm(browser, url));
        else if (baselineUrl) baseline.push(await coldThenWarm(browser, baselineUrl));
      }
    }
  } finally {
    await browser.close();
  }

  const mine = summarize(current);
  const theirs = baseline.length > 0 ? summarize(baseline) : undefined;
  const row = (label: string, value: string, base: string | undefined, target: string): void =>
    console.log(
      `  ${label.padEnd(40)} ${value.padEnd(22)} ${(base ?? 'n/a').padEnd(22)} ${target}`,
    );
  console.log(
    `  ${''.padEnd(40)} ${'this build'.padEnd(22)} ${`baseline ${baselineRev}`.padEnd(22)} target`,
  );
  row(
    'cold load → editable',
    msText(mine.editable),
    theirs && msText(theirs.editable),
    `≤ ${TARGET_EDITABLE_MS} ms: ${verdict(mine.editable, TARGET_EDITABLE_MS, msText)}`,
  );
  row(
    'JS before editable, gzip size',
    kb(mine.jsBeforeGzip),
    theirs && kb(theirs.jsBeforeGzip),
    `≤ ${TARGET_JS_BEFORE_EDITABLE_KB} KB: ${verdict(mine.jsBeforeGzip / KB, TARGET_JS_BEFORE_EDITABLE_KB, (value) => `${value.toFixed(0)} KB`)}`,
  );
  row(
    'JS before editable, on the wire',
    kb(mine.jsBeforeTransfer),
    theirs && kb(theirs.jsBeforeTransfer),
    '',
  );
  row(
    'scripts before editable',
    String(mine.scriptsBefore),
    theirs && String(theirs.scriptsBefore),
    '',
  );
  row('JS once settled, gzip size', kb(mine.jsAllGzip), theirs && kb(theirs.jsAllGzip), '');
  row(
    'JS once settled, on the wire',
    kb(mine.jsAllTransfer),
    theirs && kb(theirs.jsAllTransfer),
    '',
  );
  row(
    `.js/.css/.html compressed (> ${SMALL_BYTES} B)`,
    mine.compressed,
    theirs?.compressed,
    `all: ${mine.allCompressed ? 'met' : 'NOT met'}`,
  );
  row(
    'second visit (cache warm) → editable',
    msText(mine.warmEditable),
    theirs && msText(theirs.warmEditable),
    `(cold ${msText(mine.editable)})`,
  );
  if (mine.mark !== 'inkstone:editable') {
    console.log(`  (this build has no inkstone:editable mark: timed by ${mine.mark})`);
  }
  if (process.env.BENCH_VERBOSE === '1') {
    listScripts('this build', current[current.length - 1]!.cold);
    if (baseline.length > 0)
      listScripts(`baseline ${baselineRev}`, baseline[baseline.length - 1]!.cold);
  }
}
