import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import initSqlJs, { type Database, type SqlJsStatic } from 'sql.js';
import {
  type ExtendResult,
  type SponsorPeriod,
  type SponsorStore,
  extendedUntil,
} from './sponsor-store.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS sponsors (
  user_id TEXT PRIMARY KEY,
  sponsor_until INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS sponsor_payments (
  payment_id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  months INTEGER NOT NULL,
  sponsor_until INTEGER NOT NULL,
  applied_at INTEGER NOT NULL
);`;

let sqlJs: Promise<SqlJsStatic> | undefined;

/** Opens (creating it and its folder when missing) the SQLite file at `path`. SQLite runs in
 * WebAssembly (sql.js): the database is held in memory and the whole file is rewritten
 * atomically (write, then rename) after each payment. One server process per file. */
export async function openSqliteSponsorStore(path: string): Promise<SponsorStore> {
  const SQL = await (sqlJs ??= initSqlJs());
  mkdirSync(dirname(path), { recursive: true });
  const open = (): Database => {
    const db = existsSync(path) ? new SQL.Database(readFileSync(path)) : new SQL.Database();
    db.run(SCHEMA);
    return db;
  };
  let db = open();
  const persist = () => {
    const temporary = `${path}.${process.pid}.tmp`;
    writeFileSync(temporary, db.export());
    renameSync(temporary, path);
  };
  persist();

  const readUntil = (userId: string): number | undefined => {
    const statement = db.prepare('SELECT sponsor_until FROM sponsors WHERE user_id = ?');
    try {
      statement.bind([userId]);
      return statement.step() ? Number(statement.get()[0]) : undefined;
    } finally {
      statement.free();
    }
  };

  return {
    async getSponsorUntil(userId) {
      return readUntil(userId);
    },

    async extendSponsorship(
      userId: string,
      period: SponsorPeriod,
      paymentId: string,
      now = Date.now(),
    ): Promise<ExtendResult> {
      // sql.js is synchronous: nothing else runs between these statements.
      const seen = db.exec('SELECT user_id FROM sponsor_payments WHERE payment_id = ?', [
        paymentId,
      ]);
      if (seen.length > 0 && seen[0]!.values.length > 0) {
        return { sponsorUntil: readUntil(userId) ?? 0, applied: false };
      }
      const sponsorUntil = extendedUntil(readUntil(userId), period, now);
      try {
        db.run('BEGIN');
        db.run(
          `INSERT INTO sponsors (user_id, sponsor_until) VALUES (?, ?)
           ON CONFLICT (user_id) DO UPDATE SET sponsor_until = excluded.sponsor_until`,
          [userId, sponsorUntil],
        );
        db.run(
          `INSERT INTO sponsor_payments (payment_id, user_id, months, sponsor_until, applied_at)
           VALUES (?, ?, ?, ?, ?)`,
          [paymentId, userId, period.months, sponsorUntil, now],
        );
        db.run('COMMIT');
        persist();
      } catch (error) {
        // The file was not written: go back to what it holds.
        db.close();
        db = open();
        throw error;
      }
      return { sponsorUntil, applied: true };
    },

    async close() {
      db.close();
    },
  };
}
