import { addWeeks } from '../../../domain/weeks';
import { normaliseDomain } from '../../../domain/domains';
import { inserter, type SqlValue } from '../sql';
import type { Rng } from '../random';
import { DAY, WEEK, iso, mondayMs, type DemoCategory, type DemoContext, type DemoListing } from './context';
import { description, faqs, pricing, PRICING_MODELS, shortDescription, story, tagline, type Subject } from './copy';
import { FAMOUS } from './famous';
import { productName } from './names';
import { GENERIC_FEATURES, PLACES, TAGS, USPS } from './words';

const LIVE = 278; // generated live listings, spread over the last 16 weeks (plus the famous ones)
const SCHEDULED = 20; // upcoming, 1-6 weeks ahead
const WEEKS_BACK = 15;
const NOT_FOUND_FACTS = ['founded_year', 'city', 'pricing_plans', 'contact_email', 'demo_video_url', 'founders'] as const;

const COLUMNS = [
  'slug', 'name', 'url', 'domain', 'tagline', 'short_description', 'description', 'logo_url', 'stage', 'pricing_model',
  'pricing_summary', 'pricing_plans', 'country', 'city', 'founded_year', 'contact_email', 'demo_video_url', 'features',
  'usps', 'keywords', 'tags', 'faqs', 'socials', 'not_found_on_website', 'story', 'media', 'unlocked_sections', 'status',
  'plan', 'launch_week', 'launched_at', 'featured', 'verified', 'primary_category_id', 'votes_count', 'views_count',
  'follows_count', 'is_demo', 'created_at', 'updated_at',
] as const;

type Row = Record<(typeof COLUMNS)[number], SqlValue>;

export async function seedListings(ctx: DemoContext, cats: DemoCategory[]): Promise<DemoListing[]> {
  const rng = ctx.rng('listings');
  const insert = inserter(ctx.db, 'listings', COLUMNS);
  const link = inserter(ctx.db, 'listing_categories', ['listing_id', 'category_id', 'is_primary']);
  const bySlug = new Map(cats.map((c) => [c.slug, c]));
  const used = new Set<string>(FAMOUS.map((f) => f.slug));
  const out: DemoListing[] = [];

  const save = async (row: Row, meta: Omit<DemoListing, 'id'>, extra: DemoCategory[]) => {
    const id = await insert(row);
    await link({ listing_id: id, category_id: meta.category.id, is_primary: true });
    for (const c of extra) await link({ listing_id: id, category_id: c.id, is_primary: false });
    out.push({ ...meta, id });
  };

  for (const f of FAMOUS) {
    const category = bySlug.get(f.category)!;
    const launchWeek = addWeeks(ctx.currentMonday, -f.weeksAgo);
    const launchedAt = mondayMs(launchWeek) + 9 * 3600_000 + rng.int(0, 4 * DAY);
    const createdAt = launchedAt - 10 * DAY;
    const subject: Subject = { name: f.name, topic: category.demo.topic, audience: category.demo.audience[0], features: f.features, category: category.name, city: f.city, country: f.country };
    await save({
      slug: f.slug, name: f.name, url: f.url, domain: normaliseDomain(f.url), tagline: f.tagline, short_description: f.shortDescription,
      description: f.description, logo_url: null, stage: 'growing', pricing_model: f.pricingModel, pricing_summary: f.pricingSummary,
      pricing_plans: f.pricingPlans, country: f.country, city: f.city, founded_year: f.foundedYear, contact_email: null, demo_video_url: null,
      features: f.features, usps: f.usps, keywords: f.keywords, tags: f.tags, faqs: f.faqs, socials: f.socials,
      not_found_on_website: ['contact_email', 'founders'], story: null, media: [], unlocked_sections: [], status: 'live', plan: 'free',
      launch_week: launchWeek, launched_at: iso(launchedAt), featured: false, verified: false, primary_category_id: category.id,
      votes_count: f.votes, views_count: f.votes * 25 + 400, follows_count: Math.round(f.votes * 0.3), is_demo: true,
      created_at: iso(createdAt), updated_at: iso(launchedAt),
    }, { slug: f.slug, name: f.name, domain: normaliseDomain(f.url)!, status: 'live', plan: 'free', launchWeek, launchedAt, createdAt, category,
      votes: f.votes, follows: Math.round(f.votes * 0.3), subject, foundedYear: f.foundedYear, country: f.country, famous: true, missing: ['contact_email', 'founders'] },
    f.extraCategories.map((s) => bySlug.get(s)!));
  }

  for (let i = 0; i < LIVE + SCHEDULED; i++) {
    // The first pass gives every subcategory listings; the rest land anywhere.
    const category = i < cats.length * 2 ? cats[i % cats.length] : rng.pick(cats);
    const { row, meta, extra } = generate(rng, ctx, category, cats, used, i >= LIVE);
    await save(row, meta, extra);
  }
  return out;
}

function generate(rng: Rng, ctx: DemoContext, category: DemoCategory, cats: DemoCategory[], used: Set<string>, scheduled: boolean) {
  const { name, slug } = productName(rng, used);
  const domain = `${slug}.example.com`;
  const url = `https://${domain}`;
  const [country, , cities] = rng.weighted(PLACES.map((p) => [p, p[1]] as const));
  const missing = new Set(rng.sample(NOT_FOUND_FACTS, rng.weighted([[0, 40], [1, 35], [2, 20], [3, 5]])));
  const city = missing.has('city') ? null : rng.pick(cities);
  const features = [...rng.sample(category.demo.features, 4), ...rng.sample(GENERIC_FEATURES, rng.int(1, 2))];
  const subject: Subject = { name, topic: category.demo.topic, audience: rng.pick(category.demo.audience), features, category: category.name, city, country };
  const stage = rng.weighted([['idea', 8], ['mvp', 22], ['launched', 45], ['growing', 25]] as const);
  const thisYear = new Date(ctx.now).getUTCFullYear();
  const foundedYear = missing.has('founded_year') ? null : thisYear - (stage === 'idea' || stage === 'mvp' ? rng.int(0, 1) : rng.int(1, 9));
  const model = rng.weighted(PRICING_MODELS);
  const price = pricing(rng, model);
  const hasApi = features.includes('Public REST API') || category.parentSlug === 'developer-tools';

  // Timing: live listings launched in one of the last 16 weeks (never after now); scheduled ones are 1-6 weeks out.
  let launchWeek: string, launchedAt: number | null, createdAt: number;
  if (scheduled) {
    launchWeek = addWeeks(ctx.currentMonday, rng.int(1, 6));
    launchedAt = null;
    createdAt = ctx.now - rng.int(1, 30) * DAY - rng.int(0, DAY);
  } else {
    const weeksAgo = rng.int(0, WEEKS_BACK);
    launchWeek = addWeeks(ctx.currentMonday, -weeksAgo);
    const start = mondayMs(launchWeek);
    const todayStart = ctx.now - (ctx.now % DAY);
    const from = weeksAgo === 0 && rng.chance(0.35) ? todayStart : start;
    const span = Math.min(start + WEEK, ctx.now - 60_000) - from;
    launchedAt = from + Math.floor(rng.next() * Math.max(span, 1));
    createdAt = launchedAt - rng.int(3, 60) * DAY;
  }

  const plan: 'free' | 'paid' = rng.chance(scheduled ? 0.5 : 0.25) ? 'paid' : 'free';
  const paid = plan === 'paid';
  const extra = paid && rng.chance(0.4) ? rng.sample(cats.filter((c) => c.id !== category.id), rng.int(1, 3)) : [];
  const votes = launchedAt === null ? 0 : voteCount(rng, ctx, launchedAt);
  const follows = Math.round(votes * (0.1 + 0.3 * rng.next()));
  const isOpen = model === 'open-source';
  const socials: Record<string, string> = { x: `https://x.com/${slug.replace(/-/g, '')}`, linkedin: `https://www.linkedin.com/company/${slug}` };
  if (isOpen || category.parentSlug === 'developer-tools') socials.github = `https://github.com/${slug}`;
  if (rng.chance(0.2)) socials.youtube = `https://www.youtube.com/@${slug.replace(/-/g, '')}`;
  const video = missing.has('demo_video_url') || !rng.chance(0.5) ? null : `https://www.youtube.com/watch?v=${videoId(rng)}`;

  const row: Row = {
    slug, name, url, domain, tagline: tagline(rng, subject), short_description: shortDescription(subject),
    description: description(rng, subject), logo_url: null, stage, pricing_model: model,
    pricing_summary: price.summary, pricing_plans: missing.has('pricing_plans') ? [] : price.plans,
    country, city, founded_year: foundedYear, contact_email: missing.has('contact_email') ? null : `hello@${domain}`,
    demo_video_url: video, features, usps: rng.sample(USPS, rng.int(2, 3)),
    keywords: [category.demo.topic, category.name.toLowerCase(), ...features.slice(0, 2).map((f) => f.toLowerCase())],
    tags: [...new Set([...rng.sample(TAGS, rng.int(1, 3)), ...(isOpen ? ['open-source'] : [])])],
    faqs: faqs(rng, subject, model, hasApi), socials, not_found_on_website: [...missing],
    story: paid ? story(name, subject) : null,
    media: paid ? media(domain, video) : [],
    unlocked_sections: paid ? (rng.chance(0.7) ? ['story', 'milestones', 'media'] : ['story']) : [],
    status: scheduled ? 'scheduled' : 'live', plan, launch_week: launchWeek, launched_at: launchedAt === null ? null : iso(launchedAt),
    featured: paid && !scheduled && rng.chance(0.12), verified: rng.chance(0.05), primary_category_id: category.id,
    votes_count: votes, views_count: launchedAt === null ? rng.int(5, 80) : votes * rng.int(6, 30) + rng.int(15, 500),
    follows_count: follows, is_demo: true, created_at: iso(createdAt), updated_at: iso(launchedAt ?? createdAt),
  };
  const meta: Omit<DemoListing, 'id'> = {
    slug, name, domain, status: scheduled ? 'scheduled' : 'live', plan, launchWeek, launchedAt, createdAt, category,
    votes, follows, subject, foundedYear, country, famous: false, missing: [...missing],
  };
  return { row, meta, extra };
}

// Skewed: most launches get a handful of votes, a few get hundreds. This week's launches have had less time.
function voteCount(rng: Rng, ctx: DemoContext, launchedAt: number): number {
  const full = 1 + Math.floor(330 * rng.next() ** 4);
  const elapsed = Math.min(1, (ctx.now - launchedAt) / WEEK);
  return Math.max(1, Math.round(full * Math.max(0.25, elapsed)));
}

const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const videoId = (rng: Rng) => Array.from({ length: 11 }, () => rng.pick(ID_CHARS.split(''))).join('');

const media = (domain: string, video: string | null) => [
  { kind: 'image' as const, url: `https://${domain}/media/dashboard.png`, caption: 'The main dashboard' },
  { kind: 'image' as const, url: `https://${domain}/media/settings.png`, caption: 'Settings and integrations' },
  ...(video ? [{ kind: 'video' as const, url: video, caption: 'Two-minute product tour' }] : []),
];
