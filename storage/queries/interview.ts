import type { Db } from '../db';
import { preparedFor } from '../prepared';
import type { interviewQuestions } from '../schema';

export type InterviewQuestionRow = typeof interviewQuestions.$inferSelect;

const statements = preparedFor((p) => ({
  list: p('SELECT id, question, position FROM interview_questions ORDER BY position, id'),
}));

export const listInterviewQuestions = async (db: Db): Promise<InterviewQuestionRow[]> =>
  await statements(db).list.all() as InterviewQuestionRow[];
