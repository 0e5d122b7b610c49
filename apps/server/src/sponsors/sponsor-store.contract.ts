// The behaviour every SponsorStore must have, run by each implementation's test file.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type SponsorStore, addPeriod } from './sponsor-store.js';

/** Generous time-outs: the whole repository's tests share a small machine. */
const SLOW_MACHINE_MS = 20_000;

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);

/** Declares the contract suite for the stores `open` creates; each test gets a fresh store. */
export function describeSponsorStoreContract(
  name: string,
  open: () => Promise<SponsorStore>,
): void {
  describe(`${name}: the SponsorStore contract`, { timeout: SLOW_MACHINE_MS }, () => {
    let store: SponsorStore;
    beforeEach(async () => {
      store = await open();
    }, SLOW_MACHINE_MS);
    afterEach(async () => {
      await store.close();
    });

    it('knows no sponsorUntil for a user who never paid', async () => {
      expect(await store.getSponsorUntil('gh:1')).toBeUndefined();
    });

    it('extends a new sponsor from now by the period bought', async () => {
      const result = await store.extendSponsorship('gh:1', { months: 3 }, 'TXN-A', NOW);
      expect(result).toEqual({ sponsorUntil: Date.UTC(2026, 3, 15, 12), applied: true });
      expect(await store.getSponsorUntil('gh:1')).toBe(Date.UTC(2026, 3, 15, 12));
      expect(await store.getSponsorUntil('gh:2')).toBeUndefined();
    });

    it('extends a running sponsorship from its end, an expired one from now', async () => {
      await store.extendSponsorship('go:abc', { months: 12 }, 'TXN-1', NOW);
      const running = await store.extendSponsorship('go:abc', { months: 3 }, 'TXN-2', NOW + DAY);
      expect(running.sponsorUntil).toBe(Date.UTC(2027, 3, 15, 12));
      const later = Date.UTC(2028, 5, 1);
      const expired = await store.extendSponsorship('go:abc', { months: 24 }, 'TXN-3', later);
      expect(expired.sponsorUntil).toBe(Date.UTC(2030, 5, 1));
      expect(await store.getSponsorUntil('go:abc')).toBe(Date.UTC(2030, 5, 1));
    });

    it('applies a payment id once, whoever it names the second time', async () => {
      const first = await store.extendSponsorship('gh:1', { months: 3 }, 'TXN-DUP', NOW);
      const again = await store.extendSponsorship('gh:1', { months: 3 }, 'TXN-DUP', NOW + DAY);
      expect(again).toEqual({ sponsorUntil: first.sponsorUntil, applied: false });
      const other = await store.extendSponsorship('gh:2', { months: 24 }, 'TXN-DUP', NOW);
      expect(other.applied).toBe(false);
      expect(await store.getSponsorUntil('gh:1')).toBe(first.sponsorUntil);
      expect(await store.getSponsorUntil('gh:2')).toBeUndefined();
    });

    it('applies concurrent deliveries of one payment once, and of two payments both', async () => {
      const results = await Promise.all([
        store.extendSponsorship('gh:7', { months: 3 }, 'TXN-C1', NOW),
        store.extendSponsorship('gh:7', { months: 3 }, 'TXN-C1', NOW),
        store.extendSponsorship('gh:7', { months: 12 }, 'TXN-C2', NOW),
      ]);
      expect(results.filter((result) => result.applied)).toHaveLength(2);
      expect(await store.getSponsorUntil('gh:7')).toBe(addPeriod(NOW, { months: 15 }));
    });

    it('keeps user ids exactly, odd characters included', async () => {
      const id = 'go:it\'s-"quoted"; DROP TABLE sponsors;--';
      await store.extendSponsorship(id, { months: 3 }, "TXN-'1'", NOW);
      expect(await store.getSponsorUntil(id)).toBe(addPeriod(NOW, { months: 3 }));
      expect(await store.getSponsorUntil('go:it')).toBeUndefined();
    });
  });
}
