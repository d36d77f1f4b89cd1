import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { defineTool } from '../define';
import { invalid, notFound, ToolError } from '../errors';
import { slug } from '../schemas';
import type { ToolContext } from '../context';
import { CLAIM_METHODS } from '../../storage/schema/claims';
import { claimableListing, claimOfUser, insertClaim, pendingClaim, type ClaimableListing } from '../../storage/queries/claims';
import { isListingOwner } from '../../storage/queries/ownership';
import { userById } from '../../storage/queries/users';
import { CLAIM_TTL_DAYS, emailDomainProblem, emailLink, expiresAt, methodProblem } from '../../domain/claims';
import { withTransaction } from '../../storage/db';
import type { Mail } from '../../domain/mail';
import { callerId, claimRecord, toClaimRecord } from './claim-record';

export const claim_listing = defineTool({
  name: 'claim_listing',
  title: 'Claim a listing',
  description:
    'Start proving that your company runs a listed product\'s website, to become an owner of the listing and earn the Verified badge ' +
    '(verified is not the same as paid). Methods: dns (add a TXT record), meta (a meta tag on the homepage), file (a file under ' +
    '/.well-known/) or email (we send a link to an address at the listing\'s own domain). The answer says exactly what to publish; ' +
    `then call verify_claim (not for email: opening the link completes it). Claims expire after ${CLAIM_TTL_DAYS} days. ` +
    'Asking again for the same listing and method returns your pending claim. Find the slug with search_listings.',
  scope: 'listings:write',
  annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: true },
  http: { method: 'POST', path: '/claims', status: 201, idempotencyKey: true, notFound: true },
  input: z.object({
    slug: slug('Slug of the listing to claim (max 220), from search_listings or get_listing'),
    method: z.enum(CLAIM_METHODS).describe('dns, meta, file or email'),
    email: z.email().max(254).optional()
      .describe('Required when method is email (and only then): an address at the listing\'s own domain or a subdomain of it, max 254'),
  }).strict(),
  output: claimRecord,
  async run(ctx, input) {
    const userId = callerId(ctx);
    if (input.method === 'email' && input.email === undefined) throw invalid('email', 'is required when method is email');
    if (input.method !== 'email' && input.email !== undefined) throw invalid('email', 'is only accepted when method is email');
    const listing = await claimableListing(ctx.db, input.slug);
    if (!listing) throw notFound(`Listing "${input.slug}"`);
    const unusable = methodProblem(input.method, listing.domain);
    if (unusable) throw invalid('method', unusable);
    const email = input.email?.trim().toLowerCase() ?? null;
    const wrongDomain = email === null ? null : emailDomainProblem(email, listing.domain);
    if (wrongDomain) throw invalid('email', wrongDomain);
    if (await isListingOwner(ctx.db, listing.id, userId)) {
      throw new ToolError('conflict', `You already own "${listing.slug}": there is nothing to claim. list_my_listings shows it.`);
    }
    const now = ctx.clock.now();
    const token = randomBytes(24).toString('base64url');
    const expires = expiresAt(now).toISOString();
    // The claim and its e-mail are written together: an email claim never exists without the link being sent.
    const claim = await withTransaction(ctx.db, async () => {
      const existing = await pendingClaim(ctx.db, { user: userId, listing: listing.id, method: input.method, email, now: now.toISOString() });
      if (existing) return existing;
      const id = await insertClaim(ctx.db, { listing: listing.id, user: userId, method: input.method, email, token, expires, now: now.toISOString() });
      if (email !== null) await ctx.jobs.sendMail(ctx, await claimLinkMail(ctx, listing, userId, email, token, expires), { maxAttempts: 8 });
      return (await claimOfUser(ctx.db, id, userId))!;
    });
    return toClaimRecord(claim, now);
  },
});

// Delivered by the e-mail job with retries; the link opens a confirmation page (site/claims).
async function claimLinkMail(ctx: ToolContext, listing: ClaimableListing, userId: number, to: string, token: string, expires: string): Promise<Mail> {
  const who = await userById(ctx.db, userId);
  const requester = who ? (who.name ? `${who.name} (${who.email})` : who.email) : 'a user';
  const site = ctx.config.siteName;
  return {
    to,
    subject: `Confirm that you manage ${listing.name} on ${site}`,
    text: [
      `${requester} asked ${site} to make them an owner of the listing "${listing.name}" (${listing.url}),`,
      `using this address at ${listing.domain} as proof that they work for the company.`,
      '',
      'If that was you or a colleague, open this link and confirm:',
      emailLink(ctx.config.siteUrl, token),
      '',
      `The link works until ${expires}. If you did not expect this e-mail, ignore it: nothing changes unless someone confirms.`,
    ].join('\n'),
  };
}
