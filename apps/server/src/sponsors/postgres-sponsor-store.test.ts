import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresSponsorStore } from './postgres-sponsor-store.js';
import { describeSponsorStoreContract } from './sponsor-store.contract.js';
import { type ThrowawayPostgres, startThrowawayPostgres } from './throwaway-postgres.testkit.js';

/** Generous time-outs: the whole repository's tests share a small machine. */
const SLOW_MACHINE_MS = 20_000;

// No PostgreSQL must be a failure, never a skip: a throwing beforeAll would only mark the tests
// skipped, so the start-up error is kept and every test fails with it.
let cluster: ThrowawayPostgres | undefined;
let startError: Error | undefined;
let database = 0;
beforeAll(async () => {
  try {
    cluster = await startThrowawayPostgres();
  } catch (error) {
    startError = error instanceof Error ? error : new Error(String(error));
  }
}, 60_000);
afterAll(async () => {
  await cluster?.stop();
});

/** A store on a database of its own, so each test starts empty. */
async function freshStore() {
  if (!cluster) throw startError ?? new Error('The PostgreSQL cluster did not start.');
  const name = `sponsors_${++database}`;
  const admin = await openAdmin(cluster.connectionString);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return openPostgresSponsorStore(cluster.connectionString.replace('/postgres?', `/${name}?`));
}

async function openAdmin(connectionString: string) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString });
  await client.connect();
  return client;
}

describeSponsorStoreContract('PostgreSQL', freshStore);

describe('PostgreSQL sponsor store', { timeout: SLOW_MACHINE_MS }, () => {
  it('runs on a throwaway PostgreSQL cluster', () => {
    if (startError) throw startError;
    expect(cluster?.connectionString).toMatch(/^postgresql:/);
  });

  it('says what is missing when no PostgreSQL binaries are found', async () => {
    await expect(startThrowawayPostgres({ searchDirs: ['/nonexistent'] })).rejects.toThrow(
      /no initdb, pg_ctl and postgres found.*postgresql package/s,
    );
  });

  it('keeps sponsorships across reconnecting, and creates its tables only once', async () => {
    const store = await freshStore();
    const { sponsorUntil } = await store.extendSponsorship('gh:1', { months: 12 }, 'TXN-1');
    await store.close();
    const url = cluster!.connectionString.replace('/postgres?', `/sponsors_${database}?`);
    const again = await openPostgresSponsorStore(url);
    expect(await again.getSponsorUntil('gh:1')).toBe(sponsorUntil);
    await again.close();
  });

  it("fails to open with the server's error when the database does not exist", async () => {
    const url = cluster!.connectionString.replace('/postgres?', '/no_such_database?');
    await expect(openPostgresSponsorStore(url)).rejects.toThrow(/no_such_database/);
  });
});
