import { describe, expect, it } from 'vitest';
import { addPeriod } from './sponsor-store.js';

describe('addPeriod', () => {
  it('adds calendar months in UTC, clamping to the end of a shorter month', () => {
    expect(addPeriod(Date.UTC(2026, 0, 31), { months: 1 })).toBe(Date.UTC(2026, 1, 28));
    expect(addPeriod(Date.UTC(2027, 11, 31, 5), { months: 2 })).toBe(Date.UTC(2028, 1, 29, 5));
    expect(addPeriod(Date.UTC(2026, 10, 22), { months: 24 })).toBe(Date.UTC(2028, 10, 22));
  });
});
