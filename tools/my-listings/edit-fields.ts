import { z } from 'zod';
import { SOCIAL_PLATFORMS } from '../../domain/draft-fields';
import { parseJson } from '../../storage/queries/listings';
import { EDITABLE_LISTS, EDITABLE_TEXT, type ListingEdit, type OwnedListingRow } from '../../storage/queries/my-listings';

// The body of update_my_listing (the spec's table, bound for bound) and how an edit merges into the listing.
// A text field sent as "" is cleared; lists, socials and FAQs replace what was there.

const text = (max: number, what: string) => z.string().max(max).describe(`${what} (max ${max} chars; "" clears it)`);
const isHttpUrl = (v: string) => {
  if (!/^https?:\/\/[^\s/]/i.test(v) || /\s/.test(v)) return false;
  try {
    return ['http:', 'https:'].includes(new URL(v).protocol);
  } catch {
    return false;
  }
};
const httpUrl = (max: number, what: string) =>
  z.string().max(max).refine((v) => v === '' || isHttpUrl(v), 'must be an http(s) URL').describe(`${what} (max ${max} chars)`);
const list = (what: string) =>
  z.array(z.string().max(200).describe('One item (max 200 chars)')).max(20).describe(`${what}: replaces the list; max 20 items of max 200 chars`);

export const editFields = z.object({
  tagline: text(200, 'One-line pitch'),
  short_description: text(300, 'Short description'),
  description: text(20000, 'Full description'),
  pricing_model: text(40, 'Pricing model, e.g. free, freemium, subscription'),
  pricing_summary: text(300, 'Pricing in one sentence'),
  country: z.string().max(2).regex(/^(|[A-Za-z]{2})$/, 'must be a two-letter ISO 3166 country code, or "" to clear')
    .describe('Two-letter ISO 3166 country code of the company (max 2 chars; "" clears it)'),
  city: text(120, 'City of the company'),
  founded_year: z.number().int().min(1800).max(2100).nullable().describe('Year the company was founded, 1800..2100; null clears it'),
  demo_video_url: httpUrl(500, 'Demo video URL, e.g. on YouTube; "" clears it'),
  contact_email: z.string().max(254).refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'must be an e-mail address')
    .describe('Public contact e-mail address (max 254 chars; "" clears it)'),
  features: list('Features'),
  usps: list('Unique selling points'),
  keywords: list('Search keywords'),
  headline: text(200, 'Headline shown on the listing page'),
  summary: text(20000, 'Longer summary'),
  seo_title: text(200, 'SEO title of the listing page'),
  seo_description: text(320, 'SEO description of the listing page'),
}).partial().strict();

export const editSocials = z.object(Object.fromEntries(SOCIAL_PLATFORMS.map((p) => [p, httpUrl(500, `Link to the ${p} profile`).optional()])))
  .strict()
  .describe(`Company social profiles, platform → link (max 500 chars); replaces all. Platforms: ${SOCIAL_PLATFORMS.join(', ')}`);

const notBlank = (max: number, what: string) => z.string().max(max).regex(/\S/, 'must not be empty').describe(`${what} (max ${max} chars)`);
export const editFaqs = z.array(z.object({
  question: notBlank(300, 'Question'),
  answer: notBlank(1500, 'Answer'),
}).strict()).max(10).describe('Frequently asked questions, max 10 of {question (max 300), answer (max 1500)}; replaces all');

// Changed fields are reported in the order of the spec's table.
const EDIT_ORDER = [...Object.keys(editFields.shape), 'socials', 'faqs'] as (keyof ListingEdit)[];

export type EditInput = { fields?: z.infer<typeof editFields>; socials?: Record<string, string | undefined>; faqs?: { question: string; answer: string }[] };

export function currentEdit(row: OwnedListingRow): ListingEdit {
  const out: Record<string, unknown> = { founded_year: row.founded_year };
  for (const k of EDITABLE_TEXT) out[k] = row[k];
  for (const k of EDITABLE_LISTS) out[k] = parseJson<string[]>(row[k], []);
  out.socials = parseJson<Record<string, string>>(row.socials, {});
  out.faqs = parseJson<{ question: string; answer: string }[]>(row.faqs, []);
  return out as ListingEdit;
}

const cleanText = (v: string) => (v.trim() === '' ? null : v.trim());

// The listing after the edit, and the names of the fields whose value really changed.
export function mergeEdit(current: ListingEdit, input: EditInput): { next: ListingEdit; changed: string[] } {
  const next: ListingEdit = { ...current };
  const f = input.fields ?? {};
  for (const k of EDITABLE_TEXT) {
    const v = f[k];
    if (v !== undefined) next[k] = k === 'country' ? (cleanText(v)?.toUpperCase() ?? null) : cleanText(v);
  }
  for (const k of EDITABLE_LISTS) {
    const v = f[k];
    if (v !== undefined) next[k] = v.map((s) => s.trim()).filter(Boolean);
  }
  if (f.founded_year !== undefined) next.founded_year = f.founded_year;
  if (input.socials !== undefined) {
    next.socials = Object.fromEntries(SOCIAL_PLATFORMS.flatMap((p) => {
      const link = input.socials![p]?.trim();
      return link ? [[p, link]] : [];
    }));
  }
  if (input.faqs !== undefined) next.faqs = input.faqs.map((q) => ({ question: q.question.trim(), answer: q.answer.trim() }));
  const changed = EDIT_ORDER.filter((k) => JSON.stringify(next[k]) !== JSON.stringify(current[k]));
  return { next, changed };
}
