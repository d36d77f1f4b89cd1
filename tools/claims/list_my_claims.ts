import { z } from 'zod';
import { defineTool } from '../define';
import { offsetOf, pageOf, paging } from '../schemas';
import { claimsOfUser } from '../../storage/queries/claims';
import { callerId, claimRecord, toClaimRecord } from './claim-record';

export const list_my_claims = defineTool({
  name: 'list_my_claims',
  title: 'Your claims',
  description:
    'List your claims of listings, newest first, each with its status (pending, verified, expired, failed) and what to publish. ' +
    'Use it to find a claim_id for verify_claim or to see whether an e-mailed link was opened; claim_listing starts a claim.',
  scope: 'account:read',
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  http: { method: 'GET', path: '/claims' },
  input: z.object({ ...paging() }).strict(),
  output: pageOf(claimRecord),
  async run(ctx, input) {
    const now = ctx.clock.now();
    const { rows, total } = await claimsOfUser(ctx.db, callerId(ctx), now.toISOString(), input.per_page, offsetOf(input));
    return { items: rows.map((r) => toClaimRecord(r, now)), page: input.page, per_page: input.per_page, total };
  },
});
