import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { visitorDigest, type ViewDedupe } from '../../domain/page-views';

// The shared counters of LIMITS_STORE=postgres, in the main database's tables of migration 0005 (no read cache
// watches them). The rate limits themselves are rate-limiter-flexible's RateLimiterPostgres over the same pool
// (transport/limits.ts); this module holds what the library does not: view de-duplication and the sweep.

export const PG_LIMITS_TABLE = 'rate_limits';

// Page-view de-duplication shared by every node, as storage/limits-db.ts does in SQLite: the day's salt is made
// by whichever node needs it first (the others read it), each visitor's digest is recorded once, and a new day
// deletes the previous days' salts and digests.
export function pgViewDedupe(pool: pg.Pool): ViewDedupe {
  let today = '';
  let salt = '';
  return {
    async firstView(day, address, userAgent, slug) {
      try {
        if (day !== today) {
          await pool.query('INSERT INTO view_salts (day, salt) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING', [day, randomBytes(16).toString('hex')]);
          salt = (await pool.query<{ salt: string }>('SELECT salt FROM view_salts WHERE day = $1', [day])).rows[0].salt;
          today = day;
          await pool.query('DELETE FROM view_digests WHERE day < $1', [day]);
          await pool.query('DELETE FROM view_salts WHERE day < $1', [day]);
        }
        const r = await pool.query('INSERT INTO view_digests (digest, day) VALUES ($1, $2) ON CONFLICT (digest) DO NOTHING',
          [visitorDigest(salt, day, address, userAgent, slug), day]);
        return r.rowCount === 1;
      } catch {
        // The database did not answer: this view is not counted rather than the pixel failing.
        return false;
      }
    },
  };
}

// Counts whose window ended over an hour ago are deleted now and then (the library's own timer cannot be stopped).
export async function sweepExpiredPgLimits(pool: pg.Pool, nowMs: number): Promise<void> {
  await pool.query(`DELETE FROM ${PG_LIMITS_TABLE} WHERE expire < $1`, [nowMs - 3_600_000]).catch(() => {});
}
