import { z } from 'zod';
import { defineTool } from '../define';
import { notFound } from '../errors';
import { slug } from '../schemas';
import { listingSummary } from '../listing-summary';
import { summariesByIds } from '../../storage/queries/summaries';
import { founderBySlug, founderPublicCompanies, founderStories } from '../../storage/queries/founders';
import { answersOfFounder } from '../../storage/queries/interview-answers';
import { rememberShowing } from '../remembered';

const SECTIONS = ['story', 'why_started', 'problem', 'journey', 'challenges', 'achievements', 'lessons', 'whats_next'] as const;

const sections = z.object(Object.fromEntries(SECTIONS.map((k) => [k, z.string().optional().describe(`Section ${k.replace(/_/g, ' ')}`)])) as
  Record<(typeof SECTIONS)[number], z.ZodOptional<z.ZodString>>);

export const get_founder = defineTool({
  name: 'get_founder',
  title: 'Founder profile',
  description:
    'Get a founder profile: bio, socials, the public listings they are behind and their published founder stories. Founder slugs come from list_founders.',
  scope: 'public',
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  http: { method: 'GET', path: '/founders/:slug' },
  input: z.object({ slug: slug('Founder slug (from list_founders)') }).strict(),
  output: z.object({
    slug: z.string().describe('Founder slug'),
    name: z.string().describe('Founder name'),
    headline: z.string().nullable().describe('Short headline'),
    bio: z.string().nullable().describe('Biography'),
    country: z.string().nullable().describe('Two-letter country code'),
    avatar_url: z.string().nullable().describe('Avatar image URL'),
    socials: z.record(z.string(), z.string()).describe('Social profiles: platform → link'),
    companies: z.array(z.object({
      listing: listingSummary.describe('The listing'),
      title: z.string().nullable().describe('The founder\'s role at the company'),
    })).describe('Public listings (live or scheduled) the founder is behind'),
    stories: z.array(z.object({
      listing_slug: z.string().describe('Listing the story belongs to'),
      listing_name: z.string().describe('Product name'),
      title: z.string().nullable().describe('Story title'),
      sections: sections.describe('Story sections the founder wrote; absent sections are unwritten'),
    })).describe('Published founder stories (listings with the story section unlocked)'),
    interview: z.array(z.object({
      question_id: z.number().int().describe('Interview question id (list_interview_questions)'),
      question: z.string().describe('The question'),
      answer: z.string().describe('The founder\'s answer, in their own words'),
    })).optional().describe('Founder interview answers; present only for founders linked to a user account (who answer with answer_interview)'),
  }),
  // Remembered until the founder, their companies (each listing shown, and which are public), their interview or a
  // category name changes.
  async run(ctx, input) {
    const topics = ['founders', 'listing_founders', 'listing_status', 'interview_answers', 'interview_questions', 'categories'];
    return rememberShowing(ctx, 'get_founder', input.slug, topics, async () => {
      const founder = await founderBySlug(ctx.db, input.slug);
      if (!founder) throw notFound(`Founder ${input.slug}`);
      const companies = await founderPublicCompanies(ctx.db, founder.id);
      const summaries = await summariesByIds(ctx.db, companies.map((c) => c.listing_id), ctx.config.siteUrl);
      const bySlug = new Map(summaries.map((s) => [s.slug, s]));
      const interview = await answersOfFounder(ctx.db, founder.id);
      const stories = await founderStories(ctx.db, founder.id);
      const value = {
        slug: founder.slug, name: founder.name, headline: founder.headline, bio: founder.bio, country: founder.country?.toUpperCase() ?? null,
        avatar_url: founder.avatar_url, socials: founder.socials,
        companies: companies.flatMap((c) => (bySlug.has(c.slug) ? [{ listing: bySlug.get(c.slug)!, title: c.title }] : [])),
        stories: stories.map((s) => ({
          listing_slug: s.slug,
          listing_name: s.name,
          title: typeof s.story.title === 'string' && s.story.title.trim() ? s.story.title : null,
          sections: Object.fromEntries(SECTIONS.flatMap((k) => {
            const v = s.story[k];
            return typeof v === 'string' && v.trim() ? [[k, v]] : [];
          })),
        })),
        ...(interview ? { interview: interview.map((a) => ({ question_id: a.question_id, question: a.question, answer: a.answer })) } : {}),
      };
      return { value, listingIds: companies.map((c) => c.listing_id), listingSlugs: stories.map((s) => s.slug) };
    });
  },
});
