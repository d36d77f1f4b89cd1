import type { Db } from '../db';
import type { Clock } from '../../domain/clock';
import { withTransaction } from '../db';
import { seedBase } from './base';
import { seedDemo } from './demo';

// Seeds a new database (one with no categories yet): base data always, the demo directory when asked.
// One transaction, so a failure leaves the database empty and the next start tries again.
// Returns whether anything was written.
export function seedDatabase(db: Db, opts: { demo: boolean; clock: Clock }): boolean {
  const has = db.sqlite.prepare('SELECT count(*) AS n FROM categories').get() as { n: number };
  if (has.n > 0) return false;
  withTransaction(db, () => {
    seedBase(db);
    if (opts.demo) seedDemo(db, opts.clock);
  });
  return true;
}
