import type { Db } from '../db';
import type { Clock } from '../../tools/clock';
import { interviewQuestions } from '../schema';

// Seeds a new database (one with no categories yet). Returns whether anything was written.
export function seedDatabase(db: Db, opts: { demo: boolean; clock: Clock }): boolean {
  const has = db.sqlite.prepare('SELECT count(*) AS n FROM interview_questions').get() as { n: number };
  if (has.n > 0) return false;
  db.orm.insert(interviewQuestions).values([{ question: 'What problem are you solving?', position: 1 }]).run();
  void opts;
  return true;
}
