import { describe, expect, it } from 'vitest';
import { type LocalRevision } from '../db/repository.js';
import { revisionsToDrop } from './thinning.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);

const revision = (id: string, age: number, bytes = 10, fileId = 'f'): LocalRevision => ({
  id,
  fileId,
  time: NOW - age,
  length: bytes,
  bytes,
  reason: 'pause',
});

const kept = (revisions: LocalRevision[], maxBytes = Infinity) => {
  const drop = new Set(revisionsToDrop(revisions, NOW, maxBytes));
  return revisions.filter((each) => !drop.has(each.id)).map((each) => each.id);
};

describe('local history thinning', () => {
  it('keeps every revision of the last hour', () => {
    const recent = Array.from({ length: 50 }, (_, index) => revision(`r${index}`, index * MINUTE));
    expect(kept(recent)).toHaveLength(50);
  });

  it('keeps one revision per 10 minutes for a day, the newest of each 10 minutes', () => {
    // Four revisions 2 minutes apart inside one aligned 10-minute slot, 3 hours ago.
    const slotStart = Math.floor((NOW - 3 * HOUR) / (10 * MINUTE)) * 10 * MINUTE;
    const inSlot = [0, 2, 4, 6].map((offset) =>
      revision(`s${offset}`, NOW - (slotStart + offset * MINUTE)),
    );
    const newest = revision('newest', 0);
    expect(kept([newest, ...inSlot])).toEqual(['newest', 's6']);
  });

  it('keeps one a day up to a month and one a week beyond', () => {
    const days = Array.from({ length: 20 }, (_, index) =>
      revision(`d${index}`, 2 * DAY + index * 4 * HOUR),
    );
    const left = kept([revision('newest', 0), ...days]);
    // 20 revisions 4 hours apart span 3 to 4 calendar days: one each.
    expect(left.length).toBeGreaterThanOrEqual(4);
    expect(left.length).toBeLessThanOrEqual(5);
    const old = Array.from({ length: 60 }, (_, index) =>
      revision(`o${index}`, 40 * DAY + index * DAY),
    );
    const oldLeft = kept([revision('newest', 0), ...old]);
    // 60 days beyond a month: about one a week (8 or 9 weeks touched), and the newest.
    expect(oldLeft.length).toBeGreaterThanOrEqual(9);
    expect(oldLeft.length).toBeLessThanOrEqual(11);
  });

  it('drops the oldest first when over the budget, never the newest of a file', () => {
    const revisions = [
      revision('a-new', 0, 100, 'a'),
      revision('a-mid', 10 * MINUTE, 100, 'a'),
      revision('a-old', 30 * MINUTE, 100, 'a'),
      revision('b-new', 20 * MINUTE, 100, 'b'),
      revision('b-old', 40 * MINUTE, 100, 'b'),
    ];
    expect(kept(revisions, 300)).toEqual(['a-new', 'a-mid', 'b-new']);
    // A budget smaller than the newest revisions: those stay all the same.
    expect(kept(revisions, 50)).toEqual(['a-new', 'b-new']);
    expect(kept(revisions, 500)).toHaveLength(5);
  });

  it('thins each file on its own', () => {
    const slotStart = Math.floor((NOW - 5 * HOUR) / (10 * MINUTE)) * 10 * MINUTE;
    const age = NOW - slotStart - MINUTE;
    const revisions = [revision('a', age, 10, 'a'), revision('b', age, 10, 'b')];
    expect(kept(revisions)).toEqual(['a', 'b']);
  });
});
