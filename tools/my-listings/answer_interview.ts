import { z } from 'zod';
import { defineTool } from '../define';
import { ToolError, type FieldProblem } from '../errors';
import { timestamp } from '../schemas';
import { withTransaction } from '../../storage/db';
import { callerId } from './owned';
import { answersOfUser, existingQuestionIds, founderSlugOfUser, saveAnswers } from '../../storage/queries/interview-answers';

export const answer_interview = defineTool({
  name: 'answer_interview',
  title: 'Answer the founder interview',
  description:
    'Save your answers to the founder interview questions (question ids from list_interview_questions). Answers you send replace your earlier '
    + 'answer to the same question, an empty answer removes it, and answers you do not send are kept. They are shown on your founder profile.',
  scope: 'listings:write',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  http: { method: 'PUT', path: '/me/interview', idempotencyKey: true },
  input: z.object({
    answers: z.array(z.object({
      question_id: z.number().int().min(1).describe('Question id (integer >= 1) from list_interview_questions'),
      answer: z.string().max(4000).describe('Your answer (max 4000 chars); "" removes your answer to this question'),
    }).strict()).max(30).describe('Answers to save, max 30'),
  }).strict(),
  output: z.object({
    answers: z.array(z.object({
      question_id: z.number().int().describe('Question id'),
      question: z.string().describe('The question'),
      answer: z.string().describe('Your answer'),
      updated_at: timestamp().describe('When the answer was last changed'),
    })).describe('All your saved answers, in the order the site asks the questions'),
    founder_slug: z.string().nullable().describe('Your founder profile (get_founder) that shows the answers; null while your account has none'),
  }),
  async run(ctx, input) {
    const userId = callerId(ctx);
    const known = await existingQuestionIds(ctx.db, input.answers.map((a) => a.question_id));
    const problems: FieldProblem[] = [];
    const seen = new Set<number>();
    input.answers.forEach((a, i) => {
      const path = `answers.${i}.question_id`;
      if (!known.has(a.question_id)) problems.push({ path, message: `no interview question has id ${a.question_id}; list_interview_questions gives the ids` });
      else if (seen.has(a.question_id)) problems.push({ path, message: `question ${a.question_id} is answered twice in this request` });
      seen.add(a.question_id);
    });
    if (problems.length) {
      throw new ToolError('invalid_input', `Invalid input for answer_interview. ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`, problems);
    }
    const at = ctx.clock.now().toISOString();
    await withTransaction(ctx.db, async () => await saveAnswers(ctx.db, userId, input.answers.map((a) => ({ questionId: a.question_id, answer: a.answer.trim() })), at));
    return { answers: await answersOfUser(ctx.db, userId), founder_slug: await founderSlugOfUser(ctx.db, userId) };
  },
});
