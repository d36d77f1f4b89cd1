import type { Stmt } from '../engine/types';
import type { Db } from '../db';

// A person's founder-interview answers (answer_interview) and the founder profile that shows them.

export type InterviewAnswer = { question_id: number; question: string; answer: string; updated_at: string };

type Statements = Record<'known' | 'upsert' | 'remove' | 'ofUser' | 'founderUser' | 'founderOf', Stmt>;
const cache = new WeakMap<Db, Statements>();

const ANSWERS = `SELECT a.question_id, q.question, a.answer, a.updated_at FROM interview_answers a
  JOIN interview_questions q ON q.id = a.question_id WHERE a.user_id = ? ORDER BY q.position, q.id`;

function statements(db: Db): Statements {
  let s = cache.get(db);
  if (s) return s;
  const p = (sql: string) => db.engine.prepare(sql);
  s = {
    known: p('SELECT id FROM interview_questions WHERE id IN (SELECT CAST(value AS INTEGER) FROM json_each(?))'),
    upsert: p(`INSERT INTO interview_answers (user_id, question_id, answer, updated_at) VALUES (@userId, @questionId, @answer, @at)
      ON CONFLICT (user_id, question_id) DO UPDATE SET answer = excluded.answer, updated_at = excluded.updated_at
      WHERE interview_answers.answer <> excluded.answer`),
    remove: p('DELETE FROM interview_answers WHERE user_id = ? AND question_id = ?'),
    ofUser: p(ANSWERS),
    founderUser: p('SELECT user_id FROM founders WHERE id = ?'),
    founderOf: p('SELECT slug FROM founders WHERE user_id = ?'),
  };
  cache.set(db, s);
  return s;
}

export async function existingQuestionIds(db: Db, ids: number[]): Promise<Set<number>> {
  return new Set((await statements(db).known.all(JSON.stringify(ids)) as { id: number }[]).map((r) => r.id));
}

// Saves the given answers (an empty answer removes that question's answer); other answers are kept.
// Call inside a transaction so a request's answers are saved together.
export async function saveAnswers(db: Db, userId: number, answers: { questionId: number; answer: string }[], at: string): Promise<void> {
  const s = statements(db);
  for (const a of answers) {
    if (a.answer === '') await s.remove.run(userId, a.questionId);
    else await s.upsert.run({ userId, questionId: a.questionId, answer: a.answer, at });
  }
}

export const answersOfUser = async (db: Db, userId: number): Promise<InterviewAnswer[]> => await statements(db).ofUser.all(userId) as InterviewAnswer[];

// The answers a founder profile shows: null when the founder is not linked to a user account.
export async function answersOfFounder(db: Db, founderId: number): Promise<InterviewAnswer[] | null> {
  const row = await statements(db).founderUser.get(founderId) as { user_id: number | null } | undefined;
  if (!row || row.user_id === null) return null;
  return answersOfUser(db, row.user_id);
}

// The founder profile linked to this user account, if any.
export const founderSlugOfUser = async (db: Db, userId: number): Promise<string | null> =>
  (await statements(db).founderOf.get(userId) as { slug: string } | undefined)?.slug ?? null;
