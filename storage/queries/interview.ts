import { asc } from 'drizzle-orm';
import type { Db } from '../db';
import { interviewQuestions } from '../schema';

export const listInterviewQuestions = (db: Db) =>
  db.orm.select().from(interviewQuestions).orderBy(asc(interviewQuestions.position), asc(interviewQuestions.id)).all();
