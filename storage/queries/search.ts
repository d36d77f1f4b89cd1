import { preparedOnUse } from '../prepared';
import { perDatabase } from '../per-database';

import { readSnapshot, type Db } from '../db';
import { VocabIndex, type VocabEntry } from '../../domain/fuzzy';
import { Lru } from '../../domain/lru';
import { NOT_LIVE_SQL } from './statuses';
import { caseVariants, matchExpressionFor, termCountChanges, textChangeCanAffect, textTerms, vocabularyOver, type Vocabulary } from '../../domain/search-query';
import { pgOf, pgPoolOf } from '../engine/pg';
import { pgVocabularyIsCurrent, searchListingIdsPg, tsQueryFor } from '../pg/search';
import { databaseSignature, topicVersions } from './memo';
import { keepTrendingScores } from './trending-scores';
import { liveCountsByCategory } from './categories';

import type { SearchSort } from '../../domain/search-query';
export { SEARCH_SORTS, type SearchSort } from '../../domain/search-query';
import { takesTwoSteps, type IdPage, type RememberedCount, type SearchQuery } from '../records/search';
export type { IdPage, SearchQuery } from '../records/search';


// Column weights for bm25 in the index's column order (name, tagline, description, keywords): a hit in the
// name counts most. Ties (bm25 equal) go to the most voted listing.
const BM25 = 'bm25(listings_fts, 10.0, 5.0, 1.0, 3.0)';
const BY_VOTES = 'l.votes_count DESC, l.launched_at DESC, l.id DESC';

type PerDb = {
  totals: Lru<string, { signature: string; total: number }>;
  vocab?: { index: VocabIndex; logSeen: number; nearest: Lru<string, string[]> };
  // The text log's position as read under a database signature (searchLogPosition).
  logPosition?: { signature: string; position: Promise<number> };
};
const state = perDatabase<PerDb>(() => ({ totals: new Lru(500) }));
const stmt = preparedOnUse();

// --- The text log -------------------------------------------------------------------------------------
// Every write of a listing's searchable text is logged by a trigger (search_terms_log, migrations 0011 and 0012)
// with the text it had before. The last 10 000 entries are kept. The typo vocabulary and remembered search
// rankings both follow the log from the position they last saw.

// The id of the last logged change of searchable text: where a vocabulary or a result made now starts watching.
// Read once per database signature (memo.ts databaseSignature) and shared by every request that finds the same one:
// each check of a remembered text search asks for it, and under writes elsewhere the signature moves in most turns,
// so on PostgreSQL it was a round trip for about every other search (2,000 a second with the bench's writers). Shared,
// it is as fresh as a remembered answer: a text change commits with its listing's bump of the change log, which
// moves the signature, and the position is read after the signature it is kept under.
export async function searchLogPosition(db: Db): Promise<number> {
  const signature = await databaseSignature(db);
  if (signature === null) return await readSearchLogPosition(db);
  const s = state(db);
  let read = s.logPosition;
  if (read?.signature !== signature) {
    const made = { signature, position: readSearchLogPosition(db) };
    made.position.catch(() => { if (s.logPosition === made) s.logPosition = undefined; });
    s.logPosition = read = made;
  }
  return await read.position;
}
const readSearchLogPosition = async (db: Db): Promise<number> =>
  (await stmt(db, 'SELECT coalesce(max(id), 0) AS id FROM search_terms_log').get() as { id: number }).id;

// The changes logged after `since` up to `last`, in order: the listing, its text before the change (null for a
// listing added) and its text now (null once deleted). null when the log no longer reaches back that far (entries
// were pruned).
type LoggedText = { listingId: number; before: string | null; now: string | null };
async function loggedTextsSince(db: Db, since: number, last: number): Promise<LoggedText[] | null> {
  const first = (await stmt(db, 'SELECT coalesce(min(id), 0) AS id FROM search_terms_log').get() as { id: number }).id;
  if (first > since + 1) return null;
  const rows = await stmt(db, `SELECT g.listing_id, g.old_text, l.id AS present, l.name, l.tagline, l.description, l.keywords
    FROM search_terms_log g LEFT JOIN listings l ON l.id = g.listing_id WHERE g.id > ? AND g.id <= ? ORDER BY g.id`).all(since, last) as Array<Record<string, string | number | null>>;
  return rows.map((r) => ({
    listingId: Number(r.listing_id),
    before: r.old_text as string | null,
    now: r.present === null ? null : [r.name, r.tagline, r.description, r.keywords].map((t) => t ?? '').join(' '),
  }));
}

// The distinct terms of each change logged after `since` up to `last`, old text and the listing's text now (gone
// with a deleted listing); null when the log no longer reaches back that far.
async function termsChangedSince(db: Db, since: number, last: number): Promise<Set<string>[] | null> {
  const logged = await loggedTextsSince(db, since, last);
  return logged && logged.map((t) => new Set([...textTerms(t.before ?? ''), ...textTerms(t.now ?? '')]));
}

// --- Vocabulary for typo tolerance ---------------------------------------------------------------------
// Built once from FTS5's vocabulary (~0.3 s for 100 000 listings), then kept current: before each use the changes
// logged since are applied, each listing's terms before them against its terms after, so that every term's count of
// listings is what a build now would read (domain/fuzzy.ts VocabIndex.adjust). A new word is thus typo-tolerant at the
// very next search, in every process, and a word gone from every listing is gone from the vocabulary, without
// reading the vocabulary again. A process far behind the log, or behind what it still holds, builds afresh. A caller
// that read the log's end before the vocabulary's last catch-up (which reads the end again, in its own snapshot) finds
// the vocabulary ahead of it, holding its words already, and uses it as it is.
async function vocabulary(db: Db): Promise<Vocabulary> {
  const s = state(db);
  const last = await searchLogPosition(db);
  const v = s.vocab;
  if (!v || last - v.logSeen > LOG_CATCH_UP) {
    s.vocab = await buildVocabulary(db, last);
  } else if (last > v.logSeen) {
    const changes = await termCountChangesSince(db, v.logSeen);
    if (!changes) s.vocab = await buildVocabulary(db, last);
    else {
      for (const [term, delta] of changes.deltas) v.index.adjust(term, delta);
      // Candidates are ranked by their counts too: any change may reorder a typo's nearest terms.
      if (changes.deltas.size) v.nearest.clear();
      v.logSeen = changes.last;
    }
  }
  return vocabularyOver(s.vocab!.index, s.vocab!.nearest);
}

// How the count of listings holding each term moved with the changes logged after `since`, read in one snapshot with
// the log's end: per listing changed, its text before the first of them against its text now. null when the log no
// longer reaches back that far.
async function termCountChangesSince(db: Db, since: number): Promise<{ last: number; deltas: Map<string, number> } | null> {
  return await readSnapshot(db, async () => {
    const last = await readSearchLogPosition(db);
    const logged = await loggedTextsSince(db, since, last);
    if (!logged) return null;
    const texts = new Map<number, { before: string; after: string }>();
    for (const t of logged) if (!texts.has(t.listingId)) texts.set(t.listingId, { before: t.before ?? '', after: t.now ?? '' });
    return { last, deltas: termCountChanges(texts.values()) };
  });
}
const LOG_CATCH_UP = 5000;

async function buildVocabulary(db: Db, logSeen: number): Promise<NonNullable<PerDb['vocab']>> {
  const entries = await stmt(db, 'SELECT term, doc FROM listings_fts_vocab').all() as VocabEntry[];
  return { index: new VocabIndex(entries), logSeen, nearest: new Lru(2000) };
}

// Whether the changes of searchable text logged after `since` leave a ranking alone: none gained or lost a word that
// could match the query's words (a browse has none, and is never re-ranked by text). The new position when they do,
// null when the ranking must be made again (also when the log no longer reaches back that far).
export async function textChangesSpare(db: Db, since: number, words: string[]): Promise<number | null> {
  const last = await searchLogPosition(db);
  if (last === since || words.length === 0) return last;
  const changes = await termsChangedSince(db, since, last);
  if (!changes || changes.some((terms) => textChangeCanAffect(words, terms))) return null;
  return last;
}

// Whether the typo vocabulary in memory holds every word written so far. A search made with one that does not
// is answered but not remembered: a cached read never outlives what it read.
export async function vocabularyIsCurrent(db: Db): Promise<boolean> {
  if (db.kind === 'pg') return pgVocabularyIsCurrent(pgPoolOf(db), pgOf(db));
  const v = state(db).vocab;
  if (!v) return true; // no typo search has needed it yet
  return v.logSeen >= await searchLogPosition(db);
}

// Typed text → MATCH expression over the current vocabulary (null when nothing searchable was typed). On
// PostgreSQL, a tsquery over PostgreSQL's own vocabulary, whose terms are folded as its index folds them
// (storage/pg/search.ts): the same words, typo candidates and prefix, by the same domain rules.
// Outside every transaction it reads in one of its own: callers wait in turn for the vocabulary's refresh, each
// made on the connection of the caller that asked for it, and one made through the pool would take a connection only
// once its turn came, while callers behind it inside transactions held theirs (storage/queries/memo.ts outsideCallerTransaction).
export async function matchExpression(db: Db, q: string | undefined): Promise<string | null> {
  if (!q) return null;
  if (db.kind === 'sqlite') return matchExpressionFor(q, await vocabulary(db));
  if (!db.engine.inTransaction()) return await readSnapshot(db, () => tsQueryFor(pgPoolOf(db), pgOf(db), q));
  return await tsQueryFor(pgPoolOf(db), pgOf(db), q);
}

// Builds the typo vocabulary ahead of the first typo search, which would otherwise wait for it (on PostgreSQL, ~4 s
// of ts_stat at 100,000 listings; on SQLite ~0.3 s). A web node calls it once it listens.
export async function warmTypoVocabulary(db: Db): Promise<void> {
  await matchExpression(db, 'warm');
}

// --- Filters and order ---------------------------------------------------------------------------------
type Built = { where: string; params: Record<string, unknown> };
// A search's remembered count of what matches its filters (searchListingIds); `count`, a cheaper way to the number.
type Totals = (from: string, f: Built, count?: () => Promise<number>) => Promise<number>;

function filters(q: SearchQuery, matchInline: boolean): Built {
  const where: string[] = [];
  const params: Record<string, unknown> = {};
  if (q.status === 'live') where.push(`l.status = 'live'`);
  else {
    where.push(`l.status = 'scheduled'`, 'l.launch_week >= @thisMonday');
    params.thisMonday = q.thisMonday;
  }
  if (q.match) {
    params.match = q.match;
    where.push(matchInline ? 'listings_fts MATCH @match' : 'l.id IN (SELECT rowid FROM listings_fts WHERE listings_fts MATCH @match)');
  }
  if (q.categoryIds) {
    // Any of the listing's categories (primary or paid extra) counts as being in the category.
    where.push('l.id IN (SELECT listing_id FROM listing_categories WHERE category_id IN (SELECT value FROM json_each(@categoryIds)))');
    params.categoryIds = JSON.stringify(q.categoryIds);
  }
  if (q.stage) { where.push('l.stage = @stage COLLATE NOCASE'); params.stage = q.stage; }
  if (q.country) {
    // Four case variants keep the lookup on the plain country index (COLLATE NOCASE could not use it).
    where.push('l.country IN (@c0, @c1, @c2, @c3)');
    caseVariants(q.country).forEach((c, i) => (params[`c${i}`] = c));
  }
  if (q.pricingModel) { where.push('l.pricing_model = @pricingModel COLLATE NOCASE'); params.pricingModel = q.pricingModel; }
  if (q.domain) { where.push('l.domain = @domain'); params.domain = q.domain; }
  return { where: where.join(' AND '), params };
}

function orderBy(q: SearchQuery): string {
  switch (q.sort) {
    case 'relevance': return BY_VOTES; // without q; ranked text search orders by bm25 in plainPage
    case 'votes': return BY_VOTES;
    case 'newest': return q.status === 'live' ? 'l.launched_at DESC, l.id DESC' : 'l.created_at DESC, l.id DESC';
    case 'most_viewed': return 'l.views_count DESC, l.votes_count DESC, l.id DESC';
    case 'most_followed': return 'l.follows_count DESC, l.votes_count DESC, l.id DESC';
    case 'trending': return BY_VOTES; // never used: see trendingPage
  }
}

// CROSS JOIN pins the FTS table as the outer loop: the planner must not walk 100 000 listings and probe the index.
// Each match is looked up in listings_rank_lookup (migration 0015), which holds every column these queries read of
// a listing, rather than in the table, whose rows carry the texts (the query 25 → 15 ms for 10,000 matches).
const FROM_FTS = 'listings_fts CROSS JOIN listings l INDEXED BY listings_rank_lookup ON l.id = listings_fts.rowid';

// With no selective filter, a browse reads its sort index in order and stops after one page. The four status
// indexes look alike to the planner, which then may pick the wrong one and sort 100 000 rows: pin the right one.
const SORT_INDEX: Record<Exclude<SearchSort, 'trending'>, string> = {
  relevance: 'listings_status_votes', votes: 'listings_status_votes', newest: 'listings_status_launched',
  most_viewed: 'listings_status_views', most_followed: 'listings_status_follows',
};
// Where a count or a read the planner may plan freely starts: its choice (a covering index, the sort index), but for a
// domain, the domain's index. A domain names one listing: its index is always the way in. Without statistics (a
// database never analysed) the planner took the sort index instead, whose status and order it also matches, and
// read 100,000 rows (730 ms).
const filteredFrom = (q: SearchQuery) => (q.domain ? 'listings l INDEXED BY listings_domain' : 'listings l');
// Where a count of a filter starts. Without statistics the planner counted a stage, a pricing model or a country by
// walking a status index and reading each live listing's row (226–340 ms at 100,000 listings, for each such filter
// until a listing's lists change). A country is counted through its own index (its listings' rows only: ~21 ms for a
// country of 16,000, nothing for one without listings); a stage or a pricing model, which have no index, from
// listings_rank_lookup, which holds every column such a filter reads, scanned whole without a row (15–21 ms). Words, a
// category, a domain and the upcoming launches' weeks lead the count their own way.
function countFrom(q: SearchQuery): string {
  if (q.status !== 'live' || q.match !== null || q.categoryIds !== null || q.domain) return filteredFrom(q);
  if (q.country) return 'listings l INDEXED BY listings_country';
  return q.stage || q.pricingModel ? 'listings l INDEXED BY listings_rank_lookup' : filteredFrom(q);
}
function browseFrom(q: SearchQuery): string {
  if (q.domain) return filteredFrom(q);
  const selective = q.match !== null || q.categoryIds !== null || !!q.country || q.sort === 'trending';
  return selective ? 'listings l' : `listings l INDEXED BY ${SORT_INDEX[q.sort as Exclude<SearchSort, 'trending'>]}`;
}

type Row = { id: number; n?: number };
const idsOf = (rows: unknown[]) => (rows as Row[]).map((r) => r.id);

async function total(db: Db, from: string, f: Built): Promise<number> {
  return (await stmt(db, `SELECT count(*) AS n FROM ${from} WHERE ${f.where}`).get(f.params) as { n: number }).n;
}

// Ranked text search in two steps where it can: every match scored from the FTS table alone (bm25 needs no listing
// row), then the rows of only the best of them, for the status filter and the votes tie-break. Joining every match to
// its listing cost more than scoring it: for a typo query matching 10,000 of 100,000 listings, bm25 took 5–8 ms and
// the one ranked query below 17–30 ms. The cut is the score of the page's last place among all matches: every match
// scoring as well or better is read, so listings tied on the cut's score (the same text scores the same) are all
// there for votes and ids to order. The page stands when the cut let through as many live listings as it needs, or
// when there was no cut (fewer matches than that): then nothing unread can come before them. Otherwise (listings
// not live among the best, a filter that may leave few: category, country…, upcoming; a deep page) the one query
// ranks every match. tests/search-two-step.test.ts holds both to one answer.
// Before, the first step read only a fixed number of best matches and fell back to the one query whenever a tie
// crossed its cut: a cold typo search matching 10,000 listings of the benchmark's directory (ten texts, each shared
// by thousands) cost 45–90 ms, one matching every listing ~490 ms.
export async function rankedFromIndex(db: Db, q: SearchQuery, totals: Totals): Promise<IdPage | null> {
  const need = q.offset + q.limit;
  if (!takesTwoSteps(q)) return null;
  const f = filters({ ...q, match: null }, false);
  // MATERIALIZED: the scores are taken once, in a table of their own (bm25 may only be read where the FTS table is);
  // the best matches then drive, each looked up by its key (CROSS JOIN pins that order: written as a filter on the
  // listings, SQLite walked the status index over every live listing, 12 ms at 100,000 listings).
  const rows = await stmt(db, `WITH scored AS MATERIALIZED (SELECT rowid AS id, ${BM25} AS score FROM listings_fts WHERE listings_fts MATCH @match),
      cut AS (SELECT score FROM scored ORDER BY score LIMIT 1 OFFSET CAST(@last AS INTEGER))
    SELECT l.id, (SELECT count(*) FROM cut) AS cut FROM scored s CROSS JOIN listings l INDEXED BY listings_rank_lookup ON l.id = s.id
    WHERE s.score <= coalesce((SELECT score FROM cut), 1e308) AND ${f.where}
    ORDER BY s.score, l.votes_count DESC, l.id DESC LIMIT CAST(@need AS INTEGER)`)
    .all({ ...f.params, match: q.match, last: need - 1, need }) as Array<{ id: number; cut: number }>;
  // No cut: fewer matches than the page's last place, every one of them read. Without a row to say so, they are
  // counted (up to that many).
  const complete = rows.length ? rows[0].cut === 0
    : (await stmt(db, 'SELECT count(*) AS n FROM (SELECT 1 FROM listings_fts WHERE listings_fts MATCH @match LIMIT CAST(@need AS INTEGER))').get({ match: q.match, need }) as { n: number }).n < need;
  if (!complete && rows.length < need) return null;
  return { ids: idsOf(rows.slice(q.offset)), total: complete ? rows.length : await totals(FROM_FTS, filters(q, true), () => liveMatches(db, q.match!)) };
}

// How many live listings match: every match, less the matches that are not live (found through a status index,
// rather than joining every match to its listing). The index is pinned: planned from row counts alone (sqlite_stat1,
// which says only that a status is shared by many listings), SQLite looked every match up instead, 29 ms against
// 0.02–0.04 ms at 100,000 listings.
async function liveMatches(db: Db, match: string): Promise<number> {
  const all = (await stmt(db, 'SELECT count(*) AS n FROM listings_fts WHERE listings_fts MATCH @match').get({ match }) as { n: number }).n;
  const notLive = (await stmt(db, `SELECT count(*) AS n FROM listings l INDEXED BY listings_status_votes WHERE l.status IN (${NOT_LIVE_SQL})
    AND l.id IN (SELECT rowid FROM listings_fts WHERE listings_fts MATCH @match)`).get({ match }) as { n: number }).n;
  return all - notLive;
}

// Ranked text search scores every match anyway, so the window count costs little there; a browse stops after
// one page of its index, so its total is a separate count (remembered apart from the sort and page).
async function plainPage(db: Db, q: SearchQuery, totals: Totals): Promise<IdPage> {
  const page = { limit: q.limit, offset: q.offset };
  if (q.sort === 'relevance' && q.match !== null) {
    const twoStep = await rankedFromIndex(db, q, totals);
    if (twoStep) return twoStep;
    const f = filters(q, true);
    // bm25() is only allowed in the query that reads the FTS table, not under a window function: score inside.
    const rows = await stmt(db, `SELECT id, count(*) OVER () AS n FROM (SELECT l.id, ${BM25} AS score, l.votes_count AS votes
      FROM ${FROM_FTS} WHERE ${f.where}) ORDER BY score, votes DESC, id DESC LIMIT CAST(@limit AS INTEGER) OFFSET CAST(@offset AS INTEGER)`)
      .all({ ...f.params, ...page }) as Row[];
    return { ids: idsOf(rows), total: rows.length ? rows[0].n! : await totals(FROM_FTS, f) };
  }
  const f = filters(q, false);
  const rows = await stmt(db, `SELECT l.id FROM ${browseFrom(q)} WHERE ${f.where} ORDER BY ${orderBy(q)} LIMIT CAST(@limit AS INTEGER) OFFSET CAST(@offset AS INTEGER)`)
    .all({ ...f.params, ...page });
  return { ids: idsOf(rows), total: await totals(countFrom(q), f) };
}

// Trending: Σ 0.5^(age_hours / half_life) over the votes of the window (see domain/ranking.ts). Listings with
// such votes come first by score; the rest follow by all-time votes, read in index order.
//
// Every trending query of a minute asks for the same scores, whatever it filters by, so they are kept in a temporary
// table of this connection and brought up to each minute by what changed (storage/queries/trending-scores.ts); each
// query reads them from there. Made inside each query, a trending search filtered by category or country cost a
// scan of the window's votes per filter and minute (113 ms cold; 32 readers of varied categories got no answer
// within 2 s); made afresh each minute, 93–177 ms a minute at 100,000 listings.

// How a trending query reads the scores with its filters. Broad filters (live listings, a stage, a country, a pricing
// model) walk the scores in order and stop after the page (0.2 ms for page 1, 5–30 ms a hundred pages in), each
// listing checked in the index that holds every column the filters and tie-breaks read. A category, a domain or the
// upcoming launches leave few listings: those drive, and their scores are looked up (a category 5–19 ms).
function scoredFrom(q: SearchQuery, where: string): string {
  const scores = 'temp.trending_scores sc';
  if (q.categoryIds) return `${scores} JOIN listings l INDEXED BY listings_rank_lookup ON l.id = sc.listing_id WHERE ${where}`;
  if (q.domain) return `${scores} JOIN listings l INDEXED BY listings_domain ON l.id = sc.listing_id WHERE ${where}`;
  if (q.status !== 'live') return `${scores} JOIN listings l INDEXED BY listings_week ON l.id = sc.listing_id WHERE ${where}`;
  return `${scores} INDEXED BY trending_order CROSS JOIN listings l INDEXED BY listings_rank_lookup ON l.id = sc.listing_id WHERE ${where}`;
}

async function trendingPage(db: Db, q: SearchQuery, totals: Totals): Promise<IdPage> {
  const f = filters(q, false);
  await keepTrendingScores(db, { nowSec: Date.parse(q.trending.now) / 1000, since: q.trending.since, halfLife: q.trending.halfLifeHours });
  const from = scoredFrom(q, f.where);
  const scored = await stmt(db, `SELECT l.id FROM ${from} ORDER BY sc.score DESC, ${BY_VOTES} LIMIT CAST(@limit AS INTEGER) OFFSET CAST(@offset AS INTEGER)`)
    .all({ ...f.params, limit: q.limit, offset: q.offset }) as Row[];
  const out = idsOf(scored);
  if (out.length < q.limit) {
    const scoredTotal = (await stmt(db, `SELECT count(*) AS n FROM ${from}`).get(f.params) as { n: number }).n;
    const rest = await stmt(db, `SELECT l.id FROM ${filteredFrom(q)} WHERE ${f.where}
      AND NOT EXISTS (SELECT 1 FROM temp.trending_scores sc WHERE sc.listing_id = l.id)
      ORDER BY ${BY_VOTES} LIMIT CAST(@limit AS INTEGER) OFFSET CAST(@offset AS INTEGER)`)
      .all({ ...f.params, limit: q.limit - out.length, offset: Math.max(0, q.offset - scoredTotal) });
    out.push(...idsOf(rest));
  }
  return { ids: out, total: await totals(countFrom(q), f) };
}

// Totals are remembered apart from sort and page until a listing or a membership changes (memo.ts topics), on both
// engines: paging through a browse, switching its sort, or the votes and views that move meanwhile do not count
// 100 000 rows again. The versions are read in the caller's snapshot, as the rows are, so a count is remembered under
// the versions of the rows it counted. Inside a write transaction nothing is remembered: its versions may be rolled
// back and then reached again by other writes, with other rows behind them.
// Which fields of a search narrow what it matches, besides its category and status. Every field of SearchQuery is named
// here, so a filter added to it must say whether it narrows: a search it narrows is not a category's own count.
const NARROWS: Record<Exclude<keyof SearchQuery, 'categoryIds' | 'categoryRoot' | 'status'>, boolean> = {
  match: true, stage: true, country: true, pricingModel: true, domain: true,
  thisMonday: false, sort: false, trending: false, limit: false, offset: false,
};
const narrowedBeyondCategory = (q: SearchQuery): boolean =>
  (Object.keys(NARROWS) as (keyof typeof NARROWS)[]).some((field) => NARROWS[field] && q[field] !== null && q[field] !== undefined && q[field] !== '');

export async function searchListingIds(db: Db, q: SearchQuery): Promise<IdPage> {
  const s = state(db);
  const writing = db.engine.transactionMode() === 'immediate';
  // A text query's count also moves with any text change (it is only needed past the last page: not worth finer).
  const signature = writing ? ''
    : `${await topicVersions(db, ['listing_lists', 'listing_status', 'listing_categories'])}|${q.match ? await searchLogPosition(db) : ''}`;
  // Filtered by a category alone (its subtree, named by its root): the live listings of the subtree, each once, which
  // the category counts keep up by what changed (category-counts.ts). Counting them cost PostgreSQL 13–19 ms alone
  // and ~116 ms under load at 100,000 listings, for each category whenever any listing's lists moved (an owner's edit).
  const root = q.categoryRoot;
  const categoryOnly = root !== undefined && q.categoryIds !== null && q.status === 'live' && !narrowedBeyondCategory(q);
  const remembered: RememberedCount = categoryOnly ? async () => (await liveCountsByCategory(db)).get(root) ?? 0 : async (key, count) => {
    if (writing) return await count();
    const known = s.totals.get(key);
    if (known && known.signature === signature) return known.total;
    const n = await count();
    s.totals.set(key, { signature, total: n });
    return n;
  };
  if (db.kind === 'pg') return searchListingIdsPg(pgOf(db), q, remembered, db.engine.transactionMode() !== null);
  const totals: Totals = (from, f, count) =>
    remembered(`${from}|${f.where}|${JSON.stringify(f.params)}`, count ?? (() => total(db, from, f)));
  return q.sort === 'trending' ? await trendingPage(db, q, totals) : await plainPage(db, q, totals);
}
