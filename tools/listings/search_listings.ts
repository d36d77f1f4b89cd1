import { z } from 'zod';
import { defineTool } from '../define';
import { invalid } from '../errors';
import { countryCode, offsetOf, pageOf, paging, slug } from '../schemas';
import { listingSummary, type ListingSummary } from '../listing-summary';
import { normaliseDomain } from '../../domain/domains';
import { mondayOf } from '../../domain/weeks';
import { halfLifeFrom, trendingWindowHours } from '../../domain/ranking';
import { summariesByIds } from '../../storage/queries/summaries';
import { getSetting } from '../../storage/queries/settings';
import { categoryTreeIds } from '../../storage/queries/listings';
import { memoOn } from '../../storage/queries/memo';
import { liveVoteCounts } from '../../storage/queries/summaries';
import { matchExpression, searchListingIds, searchLogPosition, SEARCH_SORTS, textChangesSpare, vocabularyIsCurrent, type SearchQuery } from '../../storage/queries/search';
import { tokenise } from '../../domain/search-query';

const MINUTE = 60_000;
// Pages of summaries kept. Each holds its summaries, and its JSON text and bytes beside it (tools/invoke.ts): ~60 KB
// for 20 summaries, ~300 KB for 100, so a thousand pages of 100 (a client paging deep) could hold 300 MB. Large pages
// are kept fewer; a page not kept costs one read of its rows by id (its ranking, the expensive part, is remembered
// apart: a thousand of those, ids only).
const LARGE_PAGE = 20;
const PAGES_KEPT = 250;
const LARGE_PAGES_KEPT = 50;

// A result is remembered in two parts. The ranking (which listings, in which order, how many) depends on what lists
// filter and order by, besides the counters (migrations 0011 and 0012), and on the searchable text, judged by
// textChangesSpare: an owner editing one listing's tagline re-ranks no search whose words its old and new text
// could not match, and no browse at all. The page of summaries depends on the listings it shows (topic
// 'listing:<id>') and on the category names, so such an edit re-reads one page of rows, not a ranking.
const RANKING_TOPICS = ['listing_lists', 'listing_status', 'listing_categories', 'categories', 'settings'];

// A text search scores every match whichever page is asked for (35–45 ms cold for a query matching a tenth of 100,000
// listings): its first RANKING_WINDOW places are ranked once, and every page within them is cut from that ranking
// (each further page then costs its rows, 3–7 ms, not the ranking again). The window costs the first page a little
// more (ranking 200 places rather than 20: +2–4 ms in that measurement; 500 cost +8). Deeper pages, browses and
// trending (which read an index or the minute's scores and stop after the page) are ranked per page.
export const RANKING_WINDOW = 200;

type Ranking = { ids: number[]; total: number; textSeen: number };
// How far the text log has been checked for each remembered ranking (advanced on every check that spares it).
const textCheckedUpTo = new WeakMap<Ranking, number>();

export const search_listings = defineTool({
  name: 'search_listings',
  title: 'Search listings',
  description:
    'Search the directory\'s products by typo-tolerant full text (name, tagline, description, keywords) and filter by category ' +
    '(including its subcategories), stage, country, pricing model or website domain; or browse without `q`. Returns live listings ' +
    'by default, or upcoming launches with status=upcoming. Use it to find products and their slugs; pass a slug to get_listing ' +
    'for the full profile. Category slugs come from list_categories.',
  scope: 'public',
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  http: { method: 'GET', path: '/listings' },
  input: z.object({
    q: z.string().max(200).optional()
      .describe('Full-text query (max 200 chars) over name, tagline, description and keywords; tolerates one typo per word of 3-4 letters and two per longer word; the last word also matches as a prefix; at most the first 8 words count. Empty (or no letters or digits) means browse'),
    category: slug().optional().describe('Category slug (from list_categories); listings in any of its subcategories, at any depth, are included'),
    stage: slug().optional().describe('Product stage slug, e.g. idea, mvp, launched, growing'),
    country: countryCode().optional().describe('Two-letter ISO 3166 country code of the company, matched case-insensitively'),
    pricing_model: z.string().max(40).optional().describe('Pricing model, e.g. free, freemium, paid, subscription (max 40; matched case-insensitively)'),
    domain: z.string().max(253).optional()
      .describe('A website address or domain (max 253); finds the listing of that website. Scheme, www., path and trailing slash are ignored'),
    status: z.enum(['live', 'upcoming']).default('live')
      .describe('live (default): published listings; upcoming: scheduled for this launch week or a later one and not live yet'),
    sort: z.enum(SEARCH_SORTS).default('relevance')
      .describe('relevance (default: best text match, ties by votes; without q: most votes, then newest), newest (latest launch first), votes, trending (time-decayed votes), most_viewed, most_followed'),
    ...paging(),
  }).strict(),
  output: pageOf(listingSummary),
  async run(ctx, input) {
    const now = ctx.clock.now();
    const thisMonday = mondayOf(now);
    // Orders that rank by votes, views or follows (every sort but newest) are taken as of the current minute, so a
    // page view or a vote does not throw the results away: they are recomputed at most once a minute for counters,
    // and at once when a listing, a category or a membership changes. The vote counts shown are always live.
    const minute = Math.floor(now.getTime() / MINUTE) * MINUTE;
    const rankedAt = input.sort === 'newest' ? 0 : minute;
    const trendingAt = input.sort === 'trending' ? minute : 0;
    const offset = offsetOf(input);
    const words = input.q ? tokenise(input.q) : [];
    const windowed = words.length > 0 && input.sort !== 'trending' && offset + input.per_page <= RANKING_WINDOW;
    const ranked = windowed ? { ...input, page: 1, per_page: RANKING_WINDOW } : input;
    const key = `${rankingKey(ranked)}|${thisMonday}|${rankedAt}`;
    // Whether the text changes logged since the ranking was last checked leave it alone: asked when the database moved.
    // A browse has no words for a text change to match (its listings' own changes are its topics): not asked.
    const textUnchanged = async (r: Ranking) => {
      const at = await textChangesSpare(ctx.db, textCheckedUpTo.get(r) ?? r.textSeen, words);
      if (at !== null) textCheckedUpTo.set(r, at);
      return at !== null;
    };
    // Three remembered reads below (ranking, page, live counts), none of which writes: one signature check.
    {
      const ranking = await memoOn<Ranking>(ctx.db, 'search_listings', key, RANKING_TOPICS, async () => {
        const textSeen = await searchLogPosition(ctx.db);
        let categoryIds: number[] | null = null;
        if (input.category) {
          categoryIds = await categoryTreeIds(ctx.db, input.category);
          if (!categoryIds) throw invalid('category', 'unknown category; list_categories gives the category slugs');
        }
        let domain: string | undefined;
        if (input.domain) {
          domain = normaliseDomain(input.domain) ?? undefined;
          if (!domain) throw invalid('domain', 'must be a website address or domain name, e.g. example.com');
        }
        const query: SearchQuery = {
          match: await matchExpression(ctx.db, input.q),
          categoryIds,
          categoryRoot: categoryIds?.[0],
          stage: input.stage,
          country: input.country,
          pricingModel: input.pricing_model || undefined,
          domain,
          status: input.status,
          thisMonday,
          sort: input.sort,
          trending: { now: '', since: '', halfLifeHours: 0 },
          limit: ranked.per_page,
          offset: windowed ? 0 : offset,
        };
        if (input.sort === 'trending') {
          const halfLifeHours = halfLifeFrom(await getSetting(ctx.db, 'trending_half_life_hours'));
          const since = trendingAt - trendingWindowHours(halfLifeHours) * 3_600_000;
          query.trending = { now: new Date(trendingAt).toISOString(), since: new Date(since).toISOString(), halfLifeHours };
        }
        return { ...await searchListingIds(ctx.db, query), textSeen };
      }, { keep: async () => !input.q || await vocabularyIsCurrent(ctx.db), fresh: words.length ? textUnchanged : undefined, period: rankedAt || undefined });
      const { total } = ranking;
      const ids = windowed ? ranking.ids.slice(offset, offset + input.per_page) : ranking.ids;
      const large = input.per_page > LARGE_PAGE;
      const page = await memoOn<ResultPage>(ctx.db, large ? 'search_page_large' : 'search_page', `${input.page}|${input.per_page}|${total}|${ids.join(',')}`,
        ['categories', ...ids.map((id) => `listing:${id}`)],
        async () => ({ items: await summariesByIds(ctx.db, ids, ctx.config.siteUrl), page: input.page, per_page: input.per_page, total }),
        { kept: large ? LARGE_PAGES_KEPT : PAGES_KEPT });
      return withLiveVotes(page, await liveVoteCounts(ctx.db, ids));
    }
  },
});

// A ranking is remembered under what it depends on, not under the text typed: the words of q as the search reads
// them (tokenise: "Notion", "notion?" and " NOTION" are one search), and the filters matched without regard to case
// (ASCII case only, as SQLite's NOCASE compares: other letters may differ between engines) or as normalised (a
// domain). Two requests with one key get the same ranking whoever computes it. A domain that does not normalise
// keeps its text: the ranking then fails with its own error.
const asciiLower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
function rankingKey(input: Record<string, unknown> & { q?: string; country?: string; pricing_model?: string; stage?: string; domain?: string }): string {
  return JSON.stringify({
    ...input,
    q: input.q === undefined ? undefined : tokenise(input.q).join(' '),
    country: input.country === undefined ? undefined : asciiLower(input.country),
    pricing_model: input.pricing_model === undefined ? undefined : asciiLower(input.pricing_model),
    stage: input.stage === undefined ? undefined : asciiLower(input.stage),
    domain: input.domain === undefined ? undefined : normaliseDomain(input.domain) ?? input.domain,
  });
}

type ResultPage = { items: ListingSummary[]; page: number; per_page: number; total: number };
// The cached page with the vote counts of now. While no count moved, the very same object is returned, so the
// checked output, its JSON text and its ETag (kept beside the object by tools/invoke.ts) are reused.
const patched = new WeakMap<ResultPage, { votes: string; page: ResultPage }>();
function withLiveVotes(cached: ResultPage, votes: number[]): ResultPage {
  if (cached.items.every((it, i) => it.votes === votes[i])) return cached;
  const key = votes.join(',');
  const known = patched.get(cached);
  if (known?.votes === key) return known.page;
  const page = { ...cached, items: cached.items.map((it, i) => (it.votes === votes[i] ? it : { ...it, votes: votes[i] })) };
  patched.set(cached, { votes: key, page });
  return page;
}
