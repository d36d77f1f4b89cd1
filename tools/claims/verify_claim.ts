import { z } from 'zod';
import { defineTool } from '../define';
import { invalid, notFound, ToolError } from '../errors';
import type { ToolContext } from '../context';
import { claimOfUser, completeClaim, expireClaim, failClaim, recordClaimCheck, type ClaimRow } from '../../storage/queries/claims';
import { dnsRecordName, dnsRecordValue, effectiveStatus, FILE_PATH, txtMatches, VERIFY_NAME } from '../../domain/claims';
import { checkMetaTag, checkWellKnownFile } from '../../crawler/checks';
import { lookupTxt } from '../../crawler/dns-txt';
import { userAgentFor } from '../../domain/bot-identity';
import { callerId, claimRecord, toClaimRecord } from './claim-record';

type Check = { found: boolean; detail: string };

// One check of what the claim asked the company to publish. Network I/O: never inside a transaction.
async function checkProof(ctx: ToolContext, claim: ClaimRow): Promise<Check> {
  const fetchOptions = { allowPrivate: ctx.config.crawlerAllowPrivate, userAgent: userAgentFor(ctx.config.siteUrl) };
  switch (claim.method) {
    case 'dns': {
      const name = dnsRecordName(claim.domain);
      const answer = await lookupTxt(name, ctx.config.claimsDnsServers);
      if (!answer.ok) return { found: false, detail: answer.reason };
      if (txtMatches(answer.records, claim.token)) return { found: true, detail: `Found the TXT record ${dnsRecordValue(claim.token)} at ${name}.` };
      const seen = answer.records.length ? ` Found instead: ${answer.records.map((r) => JSON.stringify(r.slice(0, 120))).join(', ').slice(0, 500)}.` : ' No TXT record exists there yet (DNS changes can take a while to appear).';
      return { found: false, detail: `No TXT record with the value ${dnsRecordValue(claim.token)} at ${name}.${seen}` };
    }
    case 'meta': {
      const r = await checkMetaTag(claim.url, VERIFY_NAME, claim.token, fetchOptions);
      return r.found ? { found: true, detail: `Found <meta name="${VERIFY_NAME}"> with the expected value on ${claim.url}.` } : { found: false, detail: r.reason ?? 'The meta tag was not found.' };
    }
    case 'file': {
      const origin = new URL(claim.url).origin;
      const r = await checkWellKnownFile(origin, FILE_PATH, claim.token, fetchOptions);
      return r.found ? { found: true, detail: `Found the token in ${origin}${FILE_PATH}.` } : { found: false, detail: r.reason ?? 'The file was not found.' };
    }
    case 'email':
      throw new Error('e-mail claims are not checked here');
  }
}

export const verify_claim = defineTool({
  name: 'verify_claim',
  title: 'Verify a claim',
  description:
    'Check the DNS TXT record, homepage meta tag or well-known file of your pending claim (claim_listing made it and says what to ' +
    'publish). When the proof is found the claim is verified, you become an owner of the listing and it earns the Verified badge; ' +
    'otherwise the claim stays pending and last_check_detail says what was found, so you can fix it and call again. ' +
    'Not used for email claims (opening the e-mailed link completes those). list_my_claims gives claim ids.',
  scope: 'listings:write',
  annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: true },
  http: { method: 'POST', path: '/claims/:claim_id/verify', idempotencyKey: true },
  input: z.object({
    claim_id: z.number().int().min(1).describe('Claim id (integer >= 1), from claim_listing or list_my_claims'),
  }).strict(),
  output: claimRecord,
  async run(ctx, input) {
    const userId = callerId(ctx);
    const claim = await claimOfUser(ctx.db, input.claim_id, userId);
    if (!claim) throw notFound(`Claim ${input.claim_id}`);
    if (claim.method === 'email') {
      throw invalid('claim_id', 'is an email claim: email claims verify when you open the link we e-mailed, not with verify_claim');
    }
    const now = ctx.clock.now();
    const status = effectiveStatus(claim.status, claim.expires_at, now);
    if (status === 'expired') {
      await expireClaim(ctx.db, claim.id);
      throw new ToolError('conflict', `Claim ${claim.id} expired at ${claim.expires_at} without being verified. Start a new one with claim_listing.`);
    }
    if (status === 'pending' && !['live', 'scheduled'].includes(claim.listing_status)) {
      await failClaim(ctx.db, claim.id, now.toISOString(), `The listing "${claim.slug}" is no longer public, so it cannot be claimed.`);
    } else if (status === 'pending') {
      const result = await checkProof(ctx, claim);
      const at = ctx.clock.now().toISOString();
      if (result.found) await completeClaim(ctx.db, claim, at, result.detail);
      else await recordClaimCheck(ctx.db, claim.id, at, result.detail);
    }
    return toClaimRecord((await claimOfUser(ctx.db, claim.id, userId))!, ctx.clock.now());
  },
});
