import { z } from 'zod';
import { defineTool } from '../define';
import { timestamp } from '../schemas';
import { withTransaction } from '../../storage/db';
import { listingIdParam, ownedListing, callerId } from './owned';
import { followersToNotify, insertUpdate } from '../../storage/queries/my-listings';
import type { Mail } from '../../domain/mail';
import { isPublicListing } from '../../domain/listing-status';

const notBlank = (max: number, what: string) => z.string().max(max).regex(/\S/, 'must not be empty').describe(`${what} (required, max ${max} chars)`);
const MAILBOX = /^[^\s@]+@[^\s@]+$/;

export const post_listing_update = defineTool({
  name: 'post_listing_update',
  title: 'Post an update',
  description:
    'Post a news update (title and plain-text body) on a listing you own. It appears on the listing and on the site\'s latest-updates page, '
    + 'and the listing\'s followers are told by e-mail. Listing ids come from list_my_listings.',
  scope: 'listings:write',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  http: { method: 'POST', path: '/me/listings/:listing_id/updates', status: 201, idempotencyKey: true },
  input: z.object({
    listing_id: listingIdParam(),
    title: notBlank(200, 'Update title'),
    body: notBlank(5000, 'Update text, plain text (no HTML or Markdown)'),
  }).strict(),
  output: z.object({
    update_id: z.number().int().describe('Id of the update'),
    listing_id: z.number().int().describe('Your listing id'),
    title: z.string().describe('Update title'),
    body: z.string().describe('Update text'),
    created_at: timestamp().describe('When it was posted'),
    public: z.boolean().describe('Whether the public sees it now (the listing is live or scheduled; the latest-updates page shows live listings)'),
    followers_notified: z.number().int().describe('Followers an e-mail was queued for'),
  }),
  async run(ctx, input) {
    const userId = callerId(ctx);
    const row = await ownedListing(ctx, input.listing_id);
    const at = ctx.clock.now().toISOString();
    const title = input.title.trim();
    const body = input.body.trim();
    const pageUrl = `${ctx.config.siteUrl}/listings/${row.slug}`;
    const siteName = ctx.config.siteName;
    // The update and its e-mails are written together; the mail jobs deliver later, so SMTP never slows this request.
    const { id, notified } = await withTransaction(ctx.db, async () => {
      const id = await insertUpdate(ctx.db, row.id, title, body, at);
      let notified = 0;
      for (const f of await followersToNotify(ctx.db, row.id, userId)) {
        if (!MAILBOX.test(f.email)) continue;
        const mail: Mail = {
          to: f.email,
          subject: `${row.name}: ${title}`,
          text: `${row.name} posted an update on ${siteName}.\n\n${title}\n\n${body}\n\nSee the listing: ${pageUrl}\n\n`
            + `You get this e-mail because you follow ${row.name} on ${siteName}. To stop, unfollow it on ${pageUrl}`,
        };
        if ((await ctx.jobs.sendMail(ctx, mail, { maxAttempts: 8, dedupeKey: `listing-update:${id}:${f.id}` })).created) notified++;
      }
      return { id, notified };
    });
    return {
      update_id: id, listing_id: row.id, title, body, created_at: at, public: isPublicListing(row.status), followers_notified: notified,
    };
  },
});
