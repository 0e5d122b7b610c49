import pg from 'pg';
import {
  type ExtendResult,
  type SponsorPeriod,
  type SponsorStore,
  extendedUntil,
} from './sponsor-store.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS sponsors (
  user_id TEXT PRIMARY KEY,
  sponsor_until BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS sponsor_payments (
  payment_id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  months INTEGER NOT NULL,
  sponsor_until BIGINT NOT NULL,
  applied_at BIGINT NOT NULL
);`;

/** Connects to the PostgreSQL database at `connectionString` (a `postgres://` URL; a unix socket
 * is given with `?host=/socket/dir`) and creates the two tables when missing. */
export async function openPostgresSponsorStore(connectionString: string): Promise<SponsorStore> {
  const pool = new pg.Pool({ connectionString, max: 5, connectionTimeoutMillis: 10_000 });
  // An idle connection's error (the server restarting) must not crash the process.
  pool.on('error', () => undefined);
  try {
    await pool.query(SCHEMA);
  } catch (error) {
    await pool.end();
    throw error;
  }

  const readUntil = async (client: pg.PoolClient | pg.Pool, userId: string, lock = false) => {
    const result = await client.query<{ sponsor_until: string }>(
      `SELECT sponsor_until FROM sponsors WHERE user_id = $1${lock ? ' FOR UPDATE' : ''}`,
      [userId],
    );
    const row = result.rows[0];
    return row ? Number(row.sponsor_until) : undefined;
  };

  return {
    async getSponsorUntil(userId) {
      return readUntil(pool, userId);
    },

    async extendSponsorship(
      userId: string,
      period: SponsorPeriod,
      paymentId: string,
      now = Date.now(),
    ): Promise<ExtendResult> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        // A concurrent insert of the same payment id waits here for the first one's commit,
        // then inserts nothing.
        const claimed = await client.query(
          `INSERT INTO sponsor_payments (payment_id, user_id, months, sponsor_until, applied_at)
           VALUES ($1, $2, $3, 0, $4) ON CONFLICT (payment_id) DO NOTHING`,
          [paymentId, userId, period.months, now],
        );
        if (claimed.rowCount === 0) {
          await client.query('ROLLBACK');
          return { sponsorUntil: (await readUntil(pool, userId)) ?? 0, applied: false };
        }
        await client.query(
          'INSERT INTO sponsors (user_id, sponsor_until) VALUES ($1, 0) ON CONFLICT DO NOTHING',
          [userId],
        );
        const current = await readUntil(client, userId, true);
        const sponsorUntil = extendedUntil(current || undefined, period, now);
        await client.query('UPDATE sponsors SET sponsor_until = $2 WHERE user_id = $1', [
          userId,
          sponsorUntil,
        ]);
        await client.query('UPDATE sponsor_payments SET sponsor_until = $2 WHERE payment_id = $1', [
          paymentId,
          sponsorUntil,
        ]);
        await client.query('COMMIT');
        return { sponsorUntil, applied: true };
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },

    async close() {
      await pool.end();
    },
  };
}
