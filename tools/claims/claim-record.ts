import { z } from 'zod';
import { timestamp } from '../schemas';
import type { ToolContext } from '../context';
import { ToolError } from '../errors';
import { CLAIM_METHODS, CLAIM_STATUSES } from '../../storage/schema/claims';
import type { ClaimRow } from '../../storage/queries/claims';
import { effectiveStatus, instructionsFor } from '../../domain/claims';

// The claim record every claims tool returns: the listing, method, status and exactly what to publish.
export const claimRecord = z.object({
  claim_id: z.number().int().min(1).describe('Claim id; pass it to verify_claim'),
  listing_slug: z.string().describe('Slug of the claimed listing (get_listing reads it)'),
  listing_name: z.string().describe('Name of the claimed listing'),
  method: z.enum(CLAIM_METHODS).describe('How control of the website is proven: dns (TXT record), meta (homepage meta tag), file (well-known file) or email (a link sent to an address at the domain)'),
  status: z.enum(CLAIM_STATUSES).describe('pending (waiting for proof), verified (you are an owner), expired (not proven in time: start a new claim) or failed (the listing can no longer be claimed)'),
  email: z.string().nullable().describe('For email claims: the address the link was sent to; otherwise null'),
  instructions: z.object({
    text: z.string().describe('What to do next, in one sentence'),
    dns_record: z.object({
      type: z.literal('TXT').describe('Record type'),
      name: z.string().describe('Record name (host), e.g. _launchdirectory.example.com'),
      value: z.string().describe('Exact record value'),
    }).nullable().describe('For dns claims: the TXT record to add; otherwise null'),
    meta_tag: z.object({
      html: z.string().describe('The exact tag to put in the <head> of the page'),
      page_url: z.string().describe('The page that must carry it (the listing\'s homepage)'),
    }).nullable().describe('For meta claims: the tag to publish; otherwise null'),
    file: z.object({
      url: z.string().describe('Where the file must be served'),
      contents: z.string().describe('What the file must contain'),
    }).nullable().describe('For file claims: the file to publish; otherwise null'),
    email: z.object({
      sent_to: z.string().describe('Address the confirmation link was sent to'),
    }).nullable().describe('For email claims: where the link went; otherwise null'),
  }).describe('Exactly what to publish (or where the link was sent) to prove control of the website'),
  expires_at: timestamp().describe('The claim must be verified before this instant'),
  last_check_at: timestamp().nullable().describe('When the proof was last checked'),
  last_check_detail: z.string().nullable().describe('What the last check found (why it failed, or what verified it)'),
  verified_at: timestamp().nullable().describe('When the claim was verified'),
  created_at: timestamp().describe('When the claim was made'),
});
export type ClaimRecord = z.infer<typeof claimRecord>;

export function toClaimRecord(row: ClaimRow, now: Date): ClaimRecord {
  return {
    claim_id: row.id,
    listing_slug: row.slug,
    listing_name: row.name,
    method: row.method,
    status: effectiveStatus(row.status, row.expires_at, now),
    email: row.email,
    instructions: instructionsFor({ method: row.method, token: row.token, domain: row.domain, websiteUrl: row.url, email: row.email, expiresAt: row.expires_at }),
    expires_at: row.expires_at,
    last_check_at: row.last_check_at,
    last_check_detail: row.last_check_detail,
    verified_at: row.verified_at,
    created_at: row.created_at,
  };
}

export function callerId(ctx: ToolContext): number {
  if (ctx.actor.kind === 'anonymous') throw new ToolError('unauthenticated', 'Claims need a signed-in caller: send an API key or an OAuth access token.');
  return ctx.actor.userId;
}
