import { type LocalRevision } from '../db/repository.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

/** How local revisions are thinned with age (docs/how-to/history.md): every revision younger
 * than `upTo` is kept, in that age band one per `every` milliseconds. Ages beyond the last band
 * keep one per its `every` too. */
export const THINNING_BANDS: readonly { upTo: number; every: number }[] = [
  { upTo: HOUR, every: 0 },
  { upTo: DAY, every: 10 * MINUTE },
  { upTo: 30 * DAY, every: DAY },
  { upTo: Infinity, every: WEEK },
];

/** The spacing kept for a revision of age `age`: 0 when every revision of that age is kept. */
function spacingAt(age: number): number {
  for (const band of THINNING_BANDS) if (age < band.upTo) return band.every;
  return WEEK;
}

/**
 * The revisions to drop (their ids), given every revision of a workspace, the time now and the
 * workspace's budget in bytes:
 * - by age, per file: all of the last hour; one per 10 minutes up to a day old; one per day up
 *   to 30 days; one per week beyond. In each slot (time divided by the spacing, so slots do not
 *   move as time passes) the newest revision of the slot is kept;
 * - then, while what is left is over `maxBytes`, the oldest revisions of the workspace go first;
 * - the newest revision of each file is never dropped (so one long text over the budget stays).
 */
export function revisionsToDrop(
  revisions: readonly LocalRevision[],
  now: number,
  maxBytes: number,
): string[] {
  const byFile = new Map<string, LocalRevision[]>();
  for (const revision of revisions) {
    const list = byFile.get(revision.fileId) ?? [];
    list.push(revision);
    byFile.set(revision.fileId, list);
  }
  const drop = new Set<string>();
  const newest = new Set<string>();
  for (const list of byFile.values()) {
    // Newest first: the first one seen in a slot is the one kept.
    list.sort((a, b) => b.time - a.time || (a.id < b.id ? 1 : -1));
    newest.add(list[0]!.id);
    const taken = new Set<string>();
    for (const revision of list.slice(1)) {
      const spacing = spacingAt(Math.max(0, now - revision.time));
      if (spacing === 0) continue;
      const slot = `${spacing}:${Math.floor(revision.time / spacing)}`;
      if (taken.has(slot)) drop.add(revision.id);
      else taken.add(slot);
    }
  }
  let total = 0;
  for (const revision of revisions) if (!drop.has(revision.id)) total += revision.bytes;
  if (total > maxBytes) {
    const oldestFirst = revisions
      .filter((revision) => !drop.has(revision.id) && !newest.has(revision.id))
      .sort((a, b) => a.time - b.time || (a.id < b.id ? -1 : 1));
    for (const revision of oldestFirst) {
      if (total <= maxBytes) break;
      drop.add(revision.id);
      total -= revision.bytes;
    }
  }
  return [...drop];
}
