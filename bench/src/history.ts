import { performance } from 'node:perf_hooks';
import { LocalHistory } from '@inkstone/core';
import { type Page } from 'playwright-core';
import { readDoc } from './corpus';
import { median, ms, percentile } from './stats';
import { openLocal } from './sync-workspace';
import { launchBrowser, measure } from './typing';

const SNAPSHOTS = 20;

/**
 * `BENCH_ONLY=history` (issue 31): what a local revision of doc-250k costs, in Node over the
 * app's Dexie repository on fake-indexeddb (so the times are of the app's code and Dexie, not of
 * Chromium's IndexedDB): the time of a snapshot that is stored (a word changed each time, then
 * thinned), of one skipped as equal to the newest, and the bytes stored per revision. The
 * keystroke→preview figures with history on and off are `benchHistoryTyping`'s, in Chromium.
 */
export async function benchHistory(): Promise<void> {
  const text = readDoc('doc-250k');
  const repo = await openLocal('dexie');
  let next = 0;
  let now = Date.UTC(2026, 0, 1);
  const history = new LocalHistory(repo, {
    newId: () => `rev${(next += 1)}`,
    settings: () => ({ local: true, maxBytes: 20_000_000 }),
    now: () => now,
  });
  const stored: number[] = [];
  const skipped: number[] = [];
  try {
    for (let index = 0; index < SNAPSHOTS; index += 1) {
      // A word changed in the middle, as after a pause in editing.
      const middle = Math.floor(text.length / 2);
      const version = `${text.slice(0, middle)} edit${index} ${text.slice(middle)}`;
      now += 61_000;
      let started = performance.now();
      await history.snapshot('doc', version, 'pause');
      stored.push(performance.now() - started);
      started = performance.now();
      await history.snapshot('doc', version, 'leave');
      skipped.push(performance.now() - started);
    }
    const revisions = await repo.listRevisions('doc');
    const bytes = revisions.reduce((sum, revision) => sum + revision.bytes, 0);
    console.log(
      `\nLocal history on doc-250k (${text.length.toLocaleString('en')} characters), ${SNAPSHOTS} snapshots, Dexie over fake-indexeddb in Node`,
    );
    console.log(
      `snapshot stored (with thinning): median ${ms(median(stored))}, p95 ${ms(percentile(stored, 95))}`,
    );
    console.log(
      `snapshot skipped (equal to newest): median ${ms(median(skipped))}, p95 ${ms(percentile(skipped, 95))}`,
    );
    console.log(
      `stored: ${revisions.length} revisions, ${bytes.toLocaleString('en')} bytes of text (${Math.round(bytes / revisions.length).toLocaleString('en')} per revision)`,
    );
  } finally {
    repo.close();
  }
}

/** Turns local history off in the Settings dialog's custom settings (they apply at once). */
async function historyOff(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('textbox', { name: 'Custom settings' }).fill('history:\n  local: false\n');
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

const TYPING_RUNS = 3;

/**
 * `BENCH_ONLY=history` in Chromium (issue 31): keystroke→preview on doc-250k with local history
 * on (the default) and off (`history.local: false`), TYPING_RUNS runs of each alternating in one
 * browser, as the typing benchmark types (100 keys 100 ms apart in the middle of the text).
 * Typing restarts the history's pause timer and takes no snapshot: the two must not differ
 * beyond the machine's noise.
 */
export async function benchHistoryTyping(url: string, chromiumPath: string): Promise<void> {
  const text = readDoc('doc-250k');
  const browser = await launchBrowser(chromiumPath);
  const figures = { on: [] as number[][], off: [] as number[][] };
  try {
    for (let run = 0; run < TYPING_RUNS; run += 1) {
      for (const mode of ['on', 'off'] as const) {
        const typed = await measure(browser, url, text, 'incremental', {
          openings: 0,
          ...(mode === 'off' ? { prepare: historyOff } : {}),
        });
        figures[mode].push(typed.latencies);
      }
    }
  } finally {
    await browser.close();
  }
  console.log(
    `\nLocal history on and off, doc-250k in Chromium, keystroke→preview, ${TYPING_RUNS} runs each alternating (median of the runs' figures)`,
  );
  for (const mode of ['on', 'off'] as const) {
    const runs = figures[mode];
    console.log(
      `history ${mode.padEnd(3)}  p50 ${ms(median(runs.map((run) => median(run))))}  p95 ${ms(median(runs.map((run) => percentile(run, 95))))}`,
    );
  }
  const ratio =
    median(figures.on.map((run) => percentile(run, 95))) /
    median(figures.off.map((run) => percentile(run, 95)));
  console.log(`p95 on / off: ${ratio.toFixed(2)}× (target: no change beyond noise)`);
}
