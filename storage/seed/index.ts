import type { Db } from '../db';
import type { Clock } from '../../domain/clock';
import { withBootLock } from '../write-lock';
import { BOOT_WAIT_MS } from '../migrate';
import { seedBase } from './base';
import { seedDemo } from './demo';

const isEmpty = async (db: Db) => (await db.engine.prepare('SELECT count(*) AS n FROM categories').get() as { n: number }).n === 0;

// Seeds a new database (one with no categories yet): base data always, the demo directory when asked.
// One transaction, so a failure leaves the database empty and the next start tries again.
// Several processes may start on one new file at once: the emptiness check is made again holding the write lock
// (BEGIN IMMEDIATE), so exactly one of them seeds and the others wait for it, then find the data there.
// Returns whether this call wrote anything.
export async function seedDatabase(db: Db, opts: { demo: boolean; clock: Clock }): Promise<boolean> {
  if (!await isEmpty(db)) return false;
  return await withBootLock(db, BOOT_WAIT_MS, async () => {
    if (!await isEmpty(db)) return false;
    await seedBase(db);
    if (opts.demo) await seedDemo(db, opts.clock);
    return true;
  });
}
