import type { Stmt } from '../engine/types';
import { withTransaction, type Db } from '../db';
import { weekRange } from '../../domain/weeks';

// Launch of the Week #1–#3 of one week: the live listings launched that week, ranked by the votes cast during
// the week; ties go to the earlier launch, then the lower id. The weekly job and the demo seed both use this.

export const AWARD_PLACES = 3;
export type WeekWinner = { listing_id: number; votes: number };

type Statements = Record<'rank' | 'has' | 'insert', Stmt>;
const cache = new WeakMap<Db, Statements>();

function statements(db: Db): Statements {
  let s = cache.get(db);
  if (s) return s;
  s = {
    rank: db.engine.prepare(`SELECT l.id AS listing_id, count(v.id) AS votes FROM listings l
      LEFT JOIN votes v ON v.listing_id = l.id AND v.created_at >= @start AND v.created_at < @end
      WHERE l.status = 'live' AND l.launch_week = @week
      GROUP BY l.id ORDER BY votes DESC, l.launched_at ASC, l.id ASC LIMIT ${AWARD_PLACES}`),
    has: db.engine.prepare('SELECT 1 FROM awards WHERE week = ? LIMIT 1'),
    insert: db.engine.prepare('INSERT INTO awards (week, rank, listing_id, votes) VALUES (?, ?, ?, ?)'),
  };
  cache.set(db, s);
  return s;
}

export async function weekWinners(db: Db, week: string): Promise<WeekWinner[]> {
  const { start, end } = weekRange(week);
  return await statements(db).rank.all({ week, start, end }) as WeekWinner[];
}

// Awards a finished week once: a week that already has awards keeps them (running the job again changes nothing).
// Returns the winners written, or null when the week had been awarded before.
export async function awardWeek(db: Db, week: string): Promise<WeekWinner[] | null> {
  return await withTransaction(db, async () => {
    const s = statements(db);
    if (await s.has.get(week)) return null;
    const winners = await weekWinners(db, week);
    for (const [i, w] of winners.entries()) await s.insert.run(week, i + 1, w.listing_id, w.votes);
    return winners;
  });
}
