import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSqliteSponsorStore } from './sqlite-sponsor-store.js';
import { describeSponsorStoreContract } from './sponsor-store.contract.js';

/** Generous time-outs: the whole repository's tests share a small machine. */
const SLOW_MACHINE_MS = 20_000;

const freshPath = () =>
  join(mkdtempSync(join(tmpdir(), 'inkstone-sponsors-')), 'a', 'sponsors.sqlite');

describeSponsorStoreContract('SQLite', () => openSqliteSponsorStore(freshPath()));

describe('SQLite sponsor store file', { timeout: SLOW_MACHINE_MS }, () => {
  it('creates the file and its folder, and keeps sponsorships across reopening', async () => {
    const path = freshPath();
    const store = await openSqliteSponsorStore(path);
    expect(existsSync(path)).toBe(true);
    const { sponsorUntil } = await store.extendSponsorship('gh:1', { months: 3 }, 'TXN-1');
    await store.close();
    const reopened = await openSqliteSponsorStore(path);
    expect(await reopened.getSponsorUntil('gh:1')).toBe(sponsorUntil);
    expect((await reopened.extendSponsorship('gh:1', { months: 3 }, 'TXN-1')).applied).toBe(false);
    await reopened.close();
  });
});
