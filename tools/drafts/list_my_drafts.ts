import { z } from 'zod';
import { defineTool } from '../define';
import { offsetOf, pageOf, paging, timestamp } from '../schemas';
import { DRAFT_STATUSES } from '../../storage/schema';
import { listDraftSummaries } from '../../storage/queries/draft-reads';
import { callerId, progressOf, progressView } from './draft-view';

const draftSummary = z.object({
  id: z.string().describe('Draft id (uuid); pass it to get_draft'),
  url: z.string().describe('The website that was submitted'),
  name: z.string().nullable().describe('Product name drafted so far; null while building or when not found'),
  status: z.enum(DRAFT_STATUSES).describe('crawling, drafting, ready or failed'),
  failure_reason: z.string().nullable().describe('Why the build failed; null unless failed'),
  progress: progressView.describe('Build progress'),
  completeness: z.number().int().min(0).max(100).describe('How complete the draft is, 0-100'),
  listing_id: z.number().int().nullable().describe('Your listing once the draft was submitted; null before'),
  created_at: timestamp().describe('When the URL was submitted'),
  updated_at: timestamp().describe('When the draft last changed'),
});

export const list_my_drafts = defineTool({
  name: 'list_my_drafts',
  title: 'List your drafts',
  description:
    'List the drafts you started with submit_listing, newest first, with status, build progress and completeness. ' +
    'Use get_draft with an id for the fields, evidence and what is missing.',
  scope: 'account:read',
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  http: { method: 'GET', path: '/drafts' },
  input: z.object({ ...paging() }).strict(),
  output: pageOf(draftSummary),
  async run(ctx, input) {
    const now = ctx.clock.now();
    const { rows, total } = await listDraftSummaries(ctx.db, callerId(ctx), input.per_page, offsetOf(input));
    return {
      items: rows.map((r) => ({
        id: r.id, url: r.url, name: r.status === 'ready' ? r.name : null, status: r.status,
        failure_reason: r.status === 'failed' ? r.failure_reason ?? 'The draft could not be built.' : null,
        progress: progressOf(r.progress, now), completeness: r.status === 'ready' ? r.completeness : 0,
        listing_id: r.listing_id, created_at: r.created_at, updated_at: r.updated_at,
      })),
      page: input.page, per_page: input.per_page, total,
    };
  },
});
