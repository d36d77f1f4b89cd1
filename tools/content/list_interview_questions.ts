import { z } from 'zod';
import { defineTool } from '../define';
import { listInterviewQuestions } from '../../storage/queries/interview';
import { memoOn } from '../../storage/queries/memo';

export const list_interview_questions = defineTool({
  name: 'list_interview_questions',
  title: 'Interview questions',
  description:
    'List the founder interview questions with their question_id. Use the ids with answer_interview to answer them on your founder profile.',
  scope: 'public',
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  http: { method: 'GET', path: '/interview-questions' },
  input: z.object({}).strict(),
  output: z.object({
    items: z.array(z.object({
      question_id: z.number().int().describe('Id to answer with'),
      question: z.string().describe('The question'),
    })).describe('Questions in the order the site asks them'),
  }),
  // One answer until a question changes: the same object each time, so its JSON and ETag are made once.
  async run(ctx) {
    return memoOn(ctx.db, 'list_interview_questions', '', ['interview_questions'], async () =>
      ({ items: (await listInterviewQuestions(ctx.db)).map((q) => ({ question_id: q.id, question: q.question })) }), { kept: 1 });
  },
});
