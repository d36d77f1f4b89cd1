import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { defineTool } from '../define';
import { invalid, ToolError } from '../errors';
import { timestamp } from '../schemas';
import type { ToolContext } from '../context';
import { countInvites, insertInvite, type DraftRow } from '../../storage/queries/drafts';
import { userById } from '../../storage/queries/users';
import { sha256Hex } from '../../auth/api-keys';
import { withTransaction } from '../../storage/db';
import { lockParentRow } from '../../storage/queries/row-locks';
import type { Mail } from '../../domain/mail';
import { callerId, draftIdParam, ownedDraft } from './draft-view';
import { requireReady } from './update_draft';

export const MAX_INVITES = 10;
export const INVITE_TTL_DAYS = 14;
export const inviteLink = (siteUrl: string, token: string) => `${siteUrl}/invites/${token}`;

export const invite_cofounder = defineTool({
  name: 'invite_cofounder',
  title: 'Invite a co-founder',
  description:
    `Invite a co-founder by e-mail to add their own founder profile to one of your ready drafts. They get a link to a page where they sign ` +
    `in or sign up and write their name, role, bio and links; they then appear among the draft's founders (and on the listing once ` +
    `submitted) and can edit the listing too. Up to ${MAX_INVITES} invites per draft; links work for ${INVITE_TTL_DAYS} days. ` +
    'The id comes from submit_listing or list_my_drafts.',
  scope: 'listings:write',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  http: { method: 'POST', path: '/drafts/:id/invites', status: 201, idempotencyKey: true },
  input: z.object({
    id: draftIdParam(),
    email: z.email().max(254).describe('The co-founder\'s e-mail address (max 254 chars)'),
  }).strict(),
  output: z.object({
    draft_id: z.string().describe('The draft the invite is for'),
    email: z.string().describe('Where the invite was sent'),
    status: z.literal('pending').describe('pending until the co-founder adds their profile (get_draft shows it)'),
    expires_at: timestamp().describe('When the link stops working'),
    invites_sent: z.number().int().describe('Invites sent for this draft so far, this one included'),
    invites_left: z.number().int().describe(`Invites this draft may still send (max ${MAX_INVITES})`),
  }),
  async run(ctx, input) {
    const userId = callerId(ctx);
    const d = await ownedDraft(ctx, input.id);
    requireReady(d, 'shared with a co-founder');
    const email = input.email.trim().toLowerCase();
    const me = await userById(ctx.db, userId);
    if (me && me.email.toLowerCase() === email) throw invalid('email', 'is your own address: invite your co-founder\'s address');
    const now = ctx.clock.now();
    const expiresAt = new Date(now.getTime() + INVITE_TTL_DAYS * 86_400_000).toISOString();
    // Only the hash is stored: the link in the e-mail is the one copy of the token.
    const token = randomBytes(32).toString('base64url');
    const mail = inviteMail(ctx, d, me?.name || me?.email || 'A founder', email, token, expiresAt);
    // Counting, the invite and its e-mail happen together: an invite never counts without its e-mail, and two
    // concurrent calls cannot both take the last of the draft's invites.
    const sent = await withTransaction(ctx.db, async () => {
      await lockParentRow(ctx.db, 'drafts', d.id);
      const before = await countInvites(ctx.db, d.id);
      if (before >= MAX_INVITES) throw new ToolError('conflict', `This draft has sent its ${MAX_INVITES} invites already: no more can be sent.`);
      await insertInvite(ctx.db, { draftId: d.id, email, tokenHash: sha256Hex(token), invitedByUserId: userId, now: now.toISOString(), expiresAt });
      await ctx.jobs.sendMail(ctx, mail, { maxAttempts: 8 });
      return before;
    });
    return { draft_id: d.id, email, status: 'pending' as const, expires_at: expiresAt, invites_sent: sent + 1, invites_left: MAX_INVITES - sent - 1 };
  },
});

// Queued as an e-mail job (SMTP, or the outbox and the log without SMTP_URL).
function inviteMail(ctx: ToolContext, d: DraftRow, inviter: string, to: string, token: string, expiresAt: string): Mail {
  const product = (typeof d.fields.name?.value === 'string' && d.fields.name.value) || new URL(d.url).hostname;
  const site = ctx.config.siteName;
  return {
    to,
    subject: `${inviter} invited you to add your founder profile to ${product} on ${site}`,
    text: [
      `${inviter} is listing ${product} (${d.url}) on ${site} and named you as a co-founder.`,
      '',
      'Open this link to sign in or create an account, and add your own founder profile (name, role, bio and links):',
      inviteLink(ctx.config.siteUrl, token),
      '',
      `The link works until ${expiresAt}. If you did not expect this e-mail, ignore it: nothing happens unless you open the link and add your profile.`,
    ].join('\n'),
  };
}
