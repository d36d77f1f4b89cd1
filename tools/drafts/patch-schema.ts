import { z } from 'zod';
import { isoDate } from '../schemas';
import { DRAFT_FIELDS, SOCIAL_PLATFORMS } from '../../domain/draft-fields';
import { countryNames } from '../../domain/evidence';
import { youtubeVideo } from '../../domain/socials';

// The body of update_draft: the spec's PATCH /drafts/{id} table, bound for bound. Checks the schema
// cannot state as a bound (a real country code, a YouTube link…) are refinements, so they still
// answer 400 naming the field. "" and null both remove a text value.

export const STORY_SECTIONS = ['title', 'story', 'why_started', 'problem', 'journey', 'challenges', 'achievements', 'lessons', 'whats_next'] as const;

const isHttpUrl = (v: string, httpsOnly = false) => {
  if (/\s/.test(v)) return false;
  try {
    const u = new URL(v);
    return (httpsOnly ? ['https:'] : ['http:', 'https:']).includes(u.protocol) && !!u.hostname;
  } catch {
    return false;
  }
};
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const blankOr = (test: (v: string) => boolean) => (v: string | null | undefined) => v === null || v === undefined || v.trim() === '' || test(v.trim());

const text = (what: string, max = 500) =>
  z.string().max(max).nullable().optional().describe(`${what} (max ${max} chars); null or "" removes it`);
const checked = (what: string, test: (v: string) => boolean, message: string) =>
  z.string().max(500).nullable().optional().refine(blankOr(test), message).describe(`${what} (max 500 chars); null or "" removes it`);
const list = (what: string) =>
  z.array(z.string().max(200).describe('One item (max 200 chars)')).max(20).nullable().optional()
    .describe(`${what}: replaces the list; max 20 items of max 200 chars; null removes it`);

export const draftFieldsInput = z.object({
  name: text('Product name'),
  tagline: text('One-line tagline'),
  short_description: text('Short description'),
  description: text('Full description', 20000),
  stage: text('Product stage, e.g. idea, mvp, launched, growing'),
  pricing_model: text('Pricing model, e.g. free, freemium, subscription, one-time, usage-based, open-source'),
  pricing_summary: text('Plans and prices in a sentence'),
  country: z.string().max(500).regex(/^([A-Za-z]{2})?$/, 'must be a two-letter ISO 3166 country code').nullable().optional()
    .refine(blankOr((v) => countryNames(v).length > 0), 'must be a two-letter ISO 3166 country code')
    .describe('Country of the company as a two-letter ISO 3166 code (max 500 chars); null or "" removes it'),
  city: text('City of the company'),
  founded_year: checked('Year founded, as a string of four digits', (v) => /^\d{4}$/.test(v) && +v >= 1800 && +v <= 2100, 'must be a year of four digits, 1800..2100'),
  contact_email: checked('Public contact e-mail address', (v) => EMAIL.test(v), 'must be an e-mail address'),
  demo_video_url: checked('Demo video on YouTube', (v) => youtubeVideo(v) !== null, 'must be a link to a YouTube video'),
  logo_url: checked('Logo image URL', (v) => isHttpUrl(v), 'must be an http(s) URL'),
  categories: list('Category names from list_categories; the first is the primary category'),
  tags: list('Tags'),
  features: list('Features'),
  usps: list('Unique selling points'),
  keywords: list('Search keywords'),
}).strict();
export type DraftFieldsInput = z.infer<typeof draftFieldsInput>;

const fieldNames = (max: number, what: string) =>
  z.array(z.enum(DRAFT_FIELDS).describe('A draft field name')).max(max).optional().describe(`${what}; max ${max} field names (${DRAFT_FIELDS.join(', ')})`);

const required = (max: number, what: string) => z.string().max(max).regex(/\S/, 'must not be empty').describe(`${what} (max ${max} chars)`);
const optionalText = (max: number, what: string) => z.string().max(max).nullable().optional().describe(`${what} (max ${max} chars)`);

const socials = (whose: string) => z.object(Object.fromEntries(SOCIAL_PLATFORMS.map((p) => [
  p, z.string().max(500).refine(blankOr((v) => isHttpUrl(v)), 'must be an http(s) link').optional().describe(`Link to the ${p} profile (max 500 chars)`),
]))).strict().optional().describe(`${whose} profiles, platform → link (max 500 chars); replaces them all. Platforms: ${SOCIAL_PLATFORMS.join(', ')}`);

export const patchShape = {
  fields: draftFieldsInput.optional().describe('Field values you type (only the ones that change); no other keys. The field becomes edited or manual; null removes it'),
  lock_fields: fieldNames(20, 'Fields to lock against AI redrafts (state override)'),
  regenerate: fieldNames(5, 'Fields the AI redrafts from the stored website evidence in the background (a few seconds; see regenerating)'),
  restore: fieldNames(20, 'Fields to return to the AI\'s original value (unlocks them)'),
  faqs: z.array(z.object({
    question: required(300, 'Question'),
    answer: required(1500, 'Answer'),
  }).strict()).max(10).optional().describe('Replaces all FAQs; max 10 of {question (max 300), answer (max 1500)}, both required (the listing shows the first 5)'),
  company_socials: socials('Company'),
  founder_socials: socials('The primary founder\'s'),
  founders: z.array(z.object({
    name: required(160, 'Full name'),
    title: optionalText(160, 'Role, e.g. Co-founder & CEO'),
    bio: optionalText(3000, 'Short bio'),
  }).strict()).max(6).optional().describe('Replaces the founders; max 6 of {name (required, max 160), title (max 160), bio (max 3000)}; the first is primary'),
  story: z.object(Object.fromEntries(STORY_SECTIONS.map((k) => [k, z.string().max(8000).nullable().optional().describe(`Section ${k} (max 8000 chars); "" or null removes it`)])))
    .strict().optional().describe(`Founder story in your own words; sections sent replace those sections: ${STORY_SECTIONS.join(', ')} (each max 8000)`),
  milestones: z.array(z.object({
    date: isoDate(),
    title: required(200, 'Title'),
    description: optionalText(2000, 'Details'),
    url: z.string().max(500).refine((v) => isHttpUrl(v, true), 'must be an https link').nullable().optional().describe('Link (max 500 chars, https)'),
  }).strict()).max(50).optional().describe('Replaces the milestones; max 50 of {date (YYYY-MM-DD), title (max 200), description (max 2000), url (max 500, https)}'),
  competitor_url: z.string().max(2048).refine(blankOr((v) => isHttpUrl(v)), 'must be an http(s) URL').optional()
    .describe('Website of the closest competitor (max 2048 chars); "" clears it'),
  seo: z.object({
    title: z.string().max(70).nullable().optional().describe('SEO title (max 70 chars)'),
    meta: z.string().max(170).nullable().optional().describe('Meta description (max 170 chars)'),
  }).strict().optional().describe('SEO texts {title (max 70), meta (max 170)}; keys sent replace those; "" or null clears'),
};

export const canonicalYoutube = (v: string) => youtubeVideo(v) ?? v;
