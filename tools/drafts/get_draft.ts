import { z } from 'zod';
import { defineTool } from '../define';
import { draftIdParam, draftView, ownedDraft, toDraftView } from './draft-view';

export const get_draft = defineTool({
  name: 'get_draft',
  title: 'Get a draft',
  description:
    'Get one of your drafts: status and build progress (poll every few seconds while crawling or drafting), every field with its value, ' +
    'state and evidence quotes from the website, FAQs, founders, socials, story, milestones, completeness and what is still missing. ' +
    'The id comes from submit_listing or list_my_drafts.',
  scope: 'account:read',
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  http: { method: 'GET', path: '/drafts/:id' },
  input: z.object({ id: draftIdParam() }).strict(),
  output: draftView,
  async run(ctx, input) {
    return toDraftView(ctx, ownedDraft(ctx, input.id));
  },
});
