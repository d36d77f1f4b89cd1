import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { defineTool } from '../define';
import { withTransaction } from '../../storage/db';
import { getDraft, insertDraft } from '../../storage/queries/drafts';
import { callerId, draftView, toDraftView } from './draft-view';

// An http(s) address with a host and no credentials; the fragment is dropped. Whether the address may be
// crawled (public, robots.txt) is decided by the build, which fails the draft with a reason if not.
export function websiteUrl(v: string): string | null {
  const s = v.trim();
  if (!/^https?:\/\//i.test(s) || /\s/.test(s)) return null;
  try {
    const u = new URL(s);
    if (!u.hostname || u.username || u.password) return null;
    u.hash = '';
    return u.href;
  } catch {
    return null;
  }
}

export const submit_listing = defineTool({
  name: 'submit_listing',
  title: 'Submit a product by URL',
  description:
    'Submit a software product by its website URL to start a draft listing. The service crawls the site (honouring robots.txt) and drafts ' +
    'a profile in about a minute in which every value carries quotes from the site; facts the site does not state stay blank. Returns ' +
    'the draft at once (status crawling); poll get_draft every few seconds until status is ready (or failed, with a reason), then review ' +
    'it with update_draft and save it with submit_draft. Nothing is published and nothing is charged. One draft per user is built at a ' +
    'time: a second submission waits in the queue (status crawling, progress step queued) and starts when the first is done.',
  scope: 'listings:write',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  http: { method: 'POST', path: '/drafts', status: 201, idempotencyKey: true },
  input: z.object({
    url: z.string().max(2048).refine((v) => websiteUrl(v) !== null, 'must be an http(s) URL of a website, e.g. https://example.com')
      .describe('The product\'s public website, an http(s) URL (max 2048 chars)'),
  }).strict(),
  output: draftView,
  async run(ctx, input) {
    const userId = callerId(ctx);
    const id = randomUUID();
    const now = ctx.clock.now().toISOString();
    // The draft and its build job are written together: a draft never waits for a job that does not exist.
    // The answer is read inside the same transaction: once it commits, a worker may start the build at once
    // (on PostgreSQL it is woken by a notification), and the caller is told of the draft it created, queued.
    const created = await withTransaction(ctx.db, async () => {
      await insertDraft(ctx.db, { id, userId, url: websiteUrl(input.url)!, now });
      await ctx.jobs.enqueueDraftBuild(ctx, id, userId);
      return (await getDraft(ctx.db, id))!;
    });
    return toDraftView(ctx, created);
  },
});
