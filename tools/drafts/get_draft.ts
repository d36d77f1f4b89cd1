import { z } from 'zod';
import { defineTool } from '../define';
import { draftIdParam, draftView, ownedDraft, progressOf, toDraftView } from './draft-view';
import type { ToolContext } from '../context';
import type { DraftRow } from '../../storage/queries/drafts';

const POLL_MS = 250;
const building = (d: DraftRow) => d.status === 'crawling' || d.status === 'drafting';
const progressKey = (d: DraftRow) => `${d.status}|${d.progress?.step}|${d.progress?.pages_fetched}|${d.progress?.pages_planned}`;

// Holds the call until the build's status changes (or the time is up), reporting progress as it moves. Reads the
// row every POLL_MS outside any transaction; the time is real time, not ctx.clock (tests freeze the clock).
async function waitForChange(ctx: ToolContext, id: string, seconds: number): Promise<DraftRow> {
  let row = await ownedDraft(ctx, id);
  const startStatus = row.status;
  const deadline = performance.now() + seconds * 1000;
  let reported = '';
  while (building(row) && row.status === startStatus && performance.now() < deadline && !ctx.signal?.aborted) {
    if (ctx.progress && progressKey(row) !== reported) {
      reported = progressKey(row);
      const p = progressOf(row.progress ?? null, ctx.clock.now());
      await ctx.progress({ progress: p.percent, total: 100, message: `${p.step}: ${p.pages_fetched} of ${p.pages_planned} pages fetched` }).catch(() => {});
    }
    await new Promise((r) => setTimeout(r, Math.min(POLL_MS, Math.max(0, deadline - performance.now()))));
    row = await ownedDraft(ctx, id);
  }
  return row;
}

export const get_draft = defineTool({
  name: 'get_draft',
  title: 'Get a draft',
  description:
    'Get one of your drafts: status and build progress (poll every few seconds while crawling or drafting), every field with its value, ' +
    'state and evidence quotes from the website, FAQs, founders, socials, story, milestones, completeness and what is still missing. ' +
    'The id comes from submit_listing or list_my_drafts. Instead of polling, pass wait_seconds (up to 60): the call then ' +
    'returns as soon as the status changes (e.g. crawling → drafting → ready) or the time is up; over MCP, send a ' +
    'progressToken in _meta to receive notifications/progress (percent, step, pages fetched) while it waits.',
  scope: 'account:read',
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  http: { method: 'GET', path: '/drafts/:id' },
  input: z.object({
    id: draftIdParam(),
    wait_seconds: z.number().int().min(0).max(60).optional()
      .describe('Wait up to this many seconds (0-60) for the build status to change before answering; 0 or absent answers at once'),
  }).strict(),
  output: draftView,
  async run(ctx, input) {
    const row = input.wait_seconds ? await waitForChange(ctx, input.id, input.wait_seconds) : await ownedDraft(ctx, input.id);
    return toDraftView(ctx, row);
  },
});
