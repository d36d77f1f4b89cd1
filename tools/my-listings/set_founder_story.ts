import { z } from 'zod';
import { defineTool } from '../define';
import { withTransaction } from '../../storage/db';
import { listingIdParam, ownedListing, callerId } from './owned';
import { storySchema } from '../listings/listing-profile';
import { writeStory } from '../../storage/queries/my-listings';
import { addVersion } from '../../storage/queries/listing-history';
import { parseJson } from '../../storage/queries/listings';
import { visibleSections } from '../listings/profile-fields';
import { isPublicListing } from '../../domain/listing-status';

const SECTIONS = ['story', 'why_started', 'problem', 'journey', 'challenges', 'achievements', 'lessons', 'whats_next'] as const;
const section = (k: string) => z.string().max(8000).optional().describe(`Section "${k.replace(/_/g, ' ')}" in your own words (max 8000 chars)`);

// Key order does not matter (stories written by the draft flow may list sections differently).
const sorted = (s: Record<string, string> | null) => (s ? JSON.stringify(Object.entries(s).sort()) : null);
const sameStory = (a: Record<string, string> | null, b: Record<string, string> | null) => sorted(a) === sorted(b);

export const set_founder_story = defineTool({
  name: 'set_founder_story',
  title: 'Set the founder story',
  description:
    'Set the founder story of a listing you own, in your own words: a title and the sections story, why_started, problem, journey, challenges, '
    + 'achievements, lessons and whats_next. The story is replaced by what you send (sections left out or empty are removed; an empty body clears it). '
    + 'It is published with the listing and shown publicly when the story section is unlocked. Listing ids come from list_my_listings.',
  scope: 'listings:write',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  http: { method: 'PUT', path: '/me/listings/:listing_id/story', idempotencyKey: true },
  input: z.object({
    listing_id: listingIdParam(),
    title: z.string().max(200).optional().describe('Story title (max 200 chars)'),
    ...Object.fromEntries(SECTIONS.map((k) => [k, section(k)])) as Record<(typeof SECTIONS)[number], ReturnType<typeof section>>,
  }).strict(),
  output: z.object({
    listing_id: z.number().int().describe('Your listing id'),
    story: storySchema.nullable().describe('The story as saved; null when cleared'),
    shown_publicly: z.boolean().describe('Whether the public profile shows the story (the story section is unlocked and the listing is public)'),
  }),
  async run(ctx, input) {
    const userId = callerId(ctx);
    const row = await ownedListing(ctx, input.listing_id);
    const story: Record<string, string> = {};
    for (const k of ['title', ...SECTIONS] as const) {
      const v = input[k]?.trim();
      if (v) story[k] = v;
    }
    const next = Object.keys(story).length ? story : null;
    const before = parseJson<Record<string, string> | null>(row.story, null);
    const prev = before && Object.keys(before).length ? before : null;
    if (sameStory(prev, next) === false) {
      const at = ctx.clock.now().toISOString();
      await withTransaction(ctx.db, async () => {
        writeStory(ctx.db, row.id, next, at);
        await addVersion(ctx.db, { listingId: row.id, userId, before: { story: prev }, after: { story: next }, changedFields: ['story'], at });
      });
    }
    const shown = visibleSections(row).has('story') && isPublicListing(row.status);
    return { listing_id: row.id, story: next, shown_publicly: shown && next !== null };
  },
});
