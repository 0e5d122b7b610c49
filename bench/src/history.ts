import { performance } from 'node:perf_hooks';
import { LocalHistory } from '@inkstone/core';
import { readDoc } from './corpus';
import { median, ms, percentile } from './stats';
import { openLocal } from './sync-workspace';

const SNAPSHOTS = 20;

/**
 * `BENCH_ONLY=history` (issue 31): what a local revision of doc-250k costs, in Node over the
 * app's Dexie repository on fake-indexeddb (so the times are of the app's code and Dexie, not of
 * Chromium's IndexedDB): the time of a snapshot that is stored (a word changed each time, then
 * thinned), of one skipped as equal to the newest, and the bytes stored per revision. The
 * keystroke→preview figures with history on and off are not measured here (see
 * docs/how-to/history.md: a keystroke only restarts the pause timer).
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
