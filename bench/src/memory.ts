import type { Browser, Page } from 'playwright-core';
import { baselineText, readDoc, selectedDocs } from './corpus';
import { heapBreakdown, printBreakdown } from './heap-snapshot';
import { median } from './stats';
import {
  type BaselineBuild,
  caretAtEndOf,
  launchBrowser,
  newAppContext,
  openWithText,
  proseLine,
  settle,
  waitForPreview,
} from './typing';

/** The documents measured: doc-250k (the issue's target) and the long ones for information. */
const MEMORY_DOCS = ['doc-250k', 'doc-1m', 'doc-2m'];
/** Runs of each build on each document; the median is printed. */
const RUNS = Number(process.env.BENCH_MEMORY_RUNS ?? 3);
/** Keys typed before measuring: a writer's few words, enough to have undo history and a save. */
const KEYSTROKES = 20;
/** The issue's target at 250,000 characters, in MB (issue 26). */
const TARGET_MB = 30;
/** BENCH_MEMORY_BREAKDOWN=1: after each measure, a heap snapshot broken down by kind of object,
 * with the long strings (copies of the text) and what keeps them (bench/src/heap-snapshot.ts). */
const BREAKDOWN = process.env.BENCH_MEMORY_BREAKDOWN === '1';

const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/** The JavaScript heap of the page after two full garbage collections, in bytes (V8's used size,
 * through the DevTools Protocol). */
export async function heapAfterGc(page: Page): Promise<number> {
  const session = await page.context().newCDPSession(page);
  try {
    await session.send('HeapProfiler.enable');
    await session.send('HeapProfiler.collectGarbage');
    await page.waitForTimeout(200);
    await session.send('HeapProfiler.collectGarbage');
    const { usedSize } = await session.send('Runtime.getHeapUsage');
    return usedSize;
  } finally {
    await session.detach();
  }
}

/** Opens the app at `url` with `text` stored, as a writer comes back to it: pasted once, then the
 * page reloaded so that the document comes from the local database; types KEYSTROKES keys in the
 * middle, waits for the save, and gives the heap after garbage collection. */
async function measureOnce(browser: Browser, url: string, text: string): Promise<number> {
  const context = await newAppContext(browser, url);
  try {
    const page = await context.newPage();
    await openWithText(page, url, text);
    await page.waitForTimeout(1000);
    await page.reload();
    await waitForPreview(page, text.length);
    await caretAtEndOf(page, proseLine(text));
    for (let i = 0; i < KEYSTROKES; i += 1) {
      await page.keyboard.press('a');
      await page.waitForTimeout(50);
    }
    await waitForPreview(page, text.length + KEYSTROKES);
    // The save and any work left for idle time.
    await page.waitForTimeout(2000);
    const used = await heapAfterGc(page);
    if (BREAKDOWN) printBreakdown(await heapBreakdown(page));
    return used;
  } finally {
    await context.close();
  }
}

async function medianOf(browser: Browser, url: string, text: string): Promise<number[]> {
  const samples: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    samples.push(await measureOnce(browser, url, text));
    await settle();
  }
  return samples;
}

/** JavaScript heap after garbage collection with doc-250k (and the long documents, for
 * information) loaded and typed into, this build beside the baseline build, measured in the same
 * run; the baseline refuses texts over 250,000 characters (n/a there). */
export async function benchMemory(
  baseUrl: string,
  executablePath: string,
  baseline?: BaselineBuild,
): Promise<void> {
  const docs = selectedDocs().filter((name) => MEMORY_DOCS.includes(name));
  if (!docs.length) return;
  const browser = await launchBrowser(executablePath);
  console.log(
    `\nJavaScript heap after garbage collection (CDP HeapProfiler.collectGarbage, Runtime.getHeapUsage), the document loaded from the local database and ${KEYSTROKES} keys typed into it; median of ${RUNS} runs (each run in brackets). Baseline: ${baseline ? `the build of ${baseline.rev}` : 'none (BENCH_BASELINE=off)'}`,
  );
  const closing: string[] = [];
  try {
    for (const name of docs) {
      const shared = baselineText(name);
      const text = shared ?? readDoc(name);
      const label = `${name} (${text.length})`.padEnd(18);
      let old = 'not measured';
      if (baseline && shared) {
        const samples = await medianOf(browser, baseline.url, text);
        old = mb(median(samples));
        console.log(`${label} ${'baseline'.padEnd(11)} ${old} [${samples.map(mb).join(', ')}]`);
      } else if (baseline) {
        old = 'refused (n/a)';
        console.log(`${label} ${'baseline'.padEnd(11)} ${old}`);
      }
      const samples = await medianOf(browser, baseUrl, text);
      const now = median(samples);
      const target =
        name === 'doc-250k'
          ? `; target ≤ ${TARGET_MB} MB: ${now <= TARGET_MB * 1e6 ? 'met' : 'NOT met'}`
          : ' (for information, no target)';
      console.log(
        `${label} ${'this build'.padEnd(11)} ${mb(now)} [${samples.map(mb).join(', ')}]${target}`,
      );
      closing.push(`  ${name.padEnd(9)} ${mb(now)} (baseline ${old})${target}`);
    }
    console.log('\nMemory, this build beside the baseline:');
    closing.forEach((line) => console.log(line));
  } finally {
    await browser.close();
  }
}
