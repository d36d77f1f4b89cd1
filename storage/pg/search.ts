import type { PgQueryable } from './pool';
import { keepPgTrendingScores, trendingScoreSql } from './trending-scores';
import { VocabIndex, type VocabEntry } from '../../domain/fuzzy';
import { Lru } from '../../domain/lru';
import { NOT_LIVE_SQL } from '../queries/statuses';
import { caseVariants, planWords, tokenise, vocabularyOver, type Vocabulary, type WordPlan } from '../../domain/search-query';
import { takesTwoSteps, type IdPage, type RememberedCount, type SearchQuery } from '../records/search';

// Listing search on PostgreSQL, the counterpart of storage/queries/search.ts with the same inputs, results and
// totals. The text side uses PostgreSQL's own tools (migration 0001_search.sql): the typo vocabulary is read from the
// listings_fts_vocab view (ts_stat), typed words become candidates through the same domain code (planWords), and the
// candidates a tsquery matched against each listing's search vector, kept in listings_fts (migration 0010, GIN-indexed),
// ranked by ts_rank.
//
// SearchQuery.match holds, here, the tsquery text tsQueryFor gives (SQLite's holds an FTS5 MATCH expression): both
// are made from the same WordPlan, so the words, typo candidates and prefix are the same on both engines.
//
// What still differs from SQLite's bm25 ranking (tests/search.pg.test.ts): see `rank` below.

type Queryable = PgQueryable;

// ts_rank's weights in the order {D, C, B, A}: description 1, keywords 3, tagline 5, name 10 (the migration's A–D
// letters and bm25's column weights in storage/queries/search.ts), scaled to ts_rank's 0..1.
//
// Normalisation 1 divides by 1 + log2(the listing's word count), standing in for bm25's length normalisation, so
// that listings bm25 scores equal (same column lengths and word counts) score equal here too and fall to votes, id.
// Remaining differences from bm25(listings_fts, 10, 5, 1, 3):
// - no inverse document frequency: bm25 ranks a match of a rare word (or rare typo candidate) above one of a common
//   word; ts_rank weighs every query term alike;
// - length: bm25 normalises each column by that column's average length, ts_rank the whole listing by its word count;
// - repeats: bm25 saturates term frequency (k1 = 1.2), ts_rank adds 1/n² for the n-th occurrence;
// - several words (an & query): ts_rank (calc_rank_and) also rewards the words standing close together, which bm25
//   ignores, so listings bm25 ties on a two-word query may be ordered by proximity here rather than by votes.
// So the same listings match, and a name match still ranks above a description-only one, but the order among matches
// bm25 scores differently may differ.
const rank = (tsquery: string) => `ts_rank('{0.1, 0.3, 0.5, 1.0}', s.vector, to_tsquery('listing_search', ${tsquery}), 1)`;
// A ranked text search reads each match's kept vector beside its listing (`s`, for rank and the filter on it).
const RANKED_FROM = 'listings_fts s JOIN listings l ON l.id = s.listing_id';

const BY_VOTES = 'l.votes_count DESC, l.launched_at DESC NULLS LAST, l.id DESC';

// --- Vocabulary for typo tolerance ---------------------------------------------------------------------
// Built once per pool from listings_fts_vocab (ts_stat reads every listing), then kept current by following
// search_terms_log, as the SQLite side does: before each use, each listing written since moves the counts of the terms
// it gained or lost, so the vocabulary is what a build now would read (domain/fuzzy.ts VocabIndex.adjust). Its terms
// now are taken from listings_fts and those before from its logged text through the same configuration, so they are
// folded exactly as the index folds them (unaccent, not JavaScript's NFKD). A pool far behind the log, or whose log
// was pruned past it, builds afresh. A caller whose snapshot began before the vocabulary's last look sees the log end
// earlier than the vocabulary has read: the vocabulary already holds its words (and some newer ones), so it is used as
// it is; requests run in overlapping snapshots, and building afresh there would rebuild (seconds at 100,000 listings)
// whenever they came out of order.
// The vocabulary is kept per pool (`pool`), and read through the caller's connection (`conn`): inside a transaction,
// that transaction's. Reading through the pool from inside one would need a second connection per request, and
// requests that each hold one while waiting for another can take the whole pool and wait for ever.
type VocabState = { index: VocabIndex; logSeen: number; nearest: Lru<string, string[]> };
type PerPool = { vocab?: VocabState; refreshing: Promise<void> };
const perPool = new WeakMap<object, PerPool>();
const LOG_CATCH_UP = 5000;

function state(pool: object): PerPool {
  let s = perPool.get(pool);
  if (!s) perPool.set(pool, (s = { refreshing: Promise.resolve() }));
  return s;
}

async function logBounds(pool: Queryable): Promise<{ first: number; last: number }> {
  const { rows } = await pool.query<{ first: number; last: number }>(
    'SELECT coalesce(min(id), 0) AS first, coalesce(max(id), 0) AS last FROM search_terms_log');
  return rows[0];
}

async function buildVocabulary(pool: Queryable, logSeen: number): Promise<VocabState> {
  const { rows } = await pool.query<VocabEntry>('SELECT term, doc FROM listings_fts_vocab');
  return { index: new VocabIndex(rows), logSeen, nearest: new Lru(2000) };
}

async function refresh(conn: Queryable, s: PerPool): Promise<void> {
  const { first, last } = await logBounds(conn);
  const v = s.vocab;
  if (!v || last - v.logSeen > LOG_CATCH_UP || first > v.logSeen + 1) {
    // The log position is read before the vocabulary: a change in between is read again next time, never missed.
    s.vocab = await buildVocabulary(conn, last);
    return;
  }
  if (last <= v.logSeen) return;
  // One statement, so the log's end and the listings' terms are read in one snapshot whatever transaction the caller
  // is in. Per listing changed: its terms before the first change after logSeen against its terms now.
  const { rows } = await conn.query<{ first: number; last: number; term: string | null; delta: number | null }>(`WITH
    bounds AS (SELECT coalesce(min(id), 0) AS first, coalesce(max(id), 0) AS last FROM search_terms_log),
    changed AS (SELECT DISTINCT ON (g.listing_id) g.listing_id, g.old_text FROM search_terms_log g, bounds
      WHERE g.id > $1 AND g.id <= bounds.last ORDER BY g.listing_id, g.id),
    was AS (SELECT c.listing_id, t AS term FROM changed c, unnest(tsvector_to_array(to_tsvector('listing_search', coalesce(c.old_text, '')))) t),
    now_ AS (SELECT c.listing_id, t AS term FROM changed c JOIN listings_fts s ON s.listing_id = c.listing_id, unnest(tsvector_to_array(s.vector)) t),
    moved AS (SELECT term, -1 AS delta FROM (SELECT * FROM was EXCEPT SELECT * FROM now_) gone
      UNION ALL SELECT term, 1 FROM (SELECT * FROM now_ EXCEPT SELECT * FROM was) came)
    SELECT bounds.first, bounds.last, moved.term, sum(moved.delta)::int AS delta
    FROM bounds LEFT JOIN moved ON true GROUP BY bounds.first, bounds.last, moved.term`, [v.logSeen]);
  if (rows[0].first > v.logSeen + 1) {
    s.vocab = await buildVocabulary(conn, rows[0].last);
    return;
  }
  let changed = false;
  for (const { term, delta } of rows) if (term !== null && delta) { v.index.adjust(term, delta); changed = true; }
  // Candidates are ranked by their counts too: any change may reorder a typo's nearest terms.
  if (changed) v.nearest.clear();
  v.logSeen = Number(rows[0].last);
}

// Whether the vocabulary in memory holds every term written so far (see storage/queries/search.ts vocabularyIsCurrent).
export async function pgVocabularyIsCurrent(pool: object, conn: Queryable): Promise<boolean> {
  const v = state(pool).vocab;
  return !v || v.logSeen === (await logBounds(conn)).last;
}

// One refresh at a time per pool: searches made meanwhile wait for it rather than each reading the vocabulary.
async function vocabulary(pool: object, conn: Queryable): Promise<Vocabulary> {
  const s = state(pool);
  s.refreshing = s.refreshing.catch(() => {}).then(() => refresh(conn, s));
  await s.refreshing;
  return vocabularyOver(s.vocab!.index, s.vocab!.nearest);
}

// --- Typed text → tsquery --------------------------------------------------------------------------------
// Every term is a quoted tsquery lexeme, so nothing a user types is read as query syntax (&, |, !, <->, :*).
const quoteLexeme = (term: string): string => `'${term.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

// `|` between a word's candidates, `:*` on the last word's prefix, `&` between words: the shape of
// domain/search-query.ts's buildMatchExpression. The text goes through to_tsquery('listing_search', …), which folds
// each term as the index folds text (a typed "søren" matches the indexed "soren").
export function buildTsQuery(plans: WordPlan[]): string | null {
  if (plans.length === 0) return null;
  return plans
    .map((p) => {
      const alts = p.terms.map(quoteLexeme);
      if (p.prefix) alts.push(`${quoteLexeme(p.word)}:*`);
      return alts.length === 1 ? alts[0] : `(${alts.join(' | ')})`;
    })
    .join(' & ');
}

// Typed text → tsquery text over the current vocabulary (null when nothing searchable was typed): what
// matchExpression is for SQLite; its result goes in SearchQuery.match.
export async function tsQueryFor(pool: object, conn: Queryable, q: string | undefined): Promise<string | null> {
  if (!q) return null;
  const words = tokenise(q);
  if (words.length === 0) return null;
  return buildTsQuery(planWords(words, await vocabulary(pool, conn)));
}

// --- Filters and order -----------------------------------------------------------------------------------
// The SQL of storage/queries/search.ts: COLLATE NOCASE becomes lower() on both sides, json_each an int[] parameter.
// `tsquery` is the placeholder of the tsquery text, for the rank to name it too.
type Built = { where: string; params: unknown[]; tsquery: string | null };

// `ranked`: the statement reads RANKED_FROM, and the text is matched on its `s`; otherwise through listings_fts alone.
function filters(q: SearchQuery, ranked = false): Built {
  const params: unknown[] = [];
  const p = (value: unknown) => `$${params.push(value)}`;
  const where: string[] = [];
  if (q.status === 'live') where.push(`l.status = 'live'`);
  else where.push(`l.status = 'scheduled'`, `l.launch_week >= ${p(q.thisMonday)}`);
  const tsquery = q.match ? p(q.match) : null;
  if (tsquery) {
    const matched = `vector @@ to_tsquery('listing_search', ${tsquery})`;
    where.push(ranked ? `s.${matched}` : `l.id IN (SELECT listing_id FROM listings_fts WHERE ${matched})`);
  }
  // Any of the listing's categories (primary or paid extra) counts as being in the category.
  if (q.categoryIds) where.push(`l.id IN (SELECT listing_id FROM listing_categories WHERE category_id = ANY(${p(q.categoryIds)}::int[]))`);
  if (q.stage) where.push(`lower(l.stage) = lower(${p(q.stage)})`);
  // The case variants keep the lookup on the plain country index, as on SQLite.
  if (q.country) where.push(`l.country = ANY(${p(caseVariants(q.country))}::text[])`);
  if (q.pricingModel) where.push(`lower(l.pricing_model) = lower(${p(q.pricingModel)})`);
  if (q.domain) where.push(`l.domain = ${p(q.domain)}`);
  return { where: where.join(' AND '), params, tsquery };
}

// SQLite sorts NULL first ascending, so last descending: NULLS LAST keeps that (PostgreSQL's default is the reverse).
function orderBy(q: SearchQuery): string {
  switch (q.sort) {
    case 'newest': return q.status === 'live' ? 'l.launched_at DESC NULLS LAST, l.id DESC' : 'l.created_at DESC, l.id DESC';
    case 'most_viewed': return 'l.views_count DESC, l.votes_count DESC, l.id DESC';
    case 'most_followed': return 'l.follows_count DESC, l.votes_count DESC, l.id DESC';
    default: return BY_VOTES; // relevance without text, votes (trending: see trendingPage)
  }
}

// The count of what the filters match, remembered apart from the sort and page (storage/queries/search.ts
// searchListingIds). Counted in the statement of the page, it cost 70–170 ms of PostgreSQL's CPU at 100,000 listings
// for a category, a stage, a pricing model or a country, each time the page was read in a new minute or another sort.
function totalOf(pool: Queryable, q: SearchQuery, remembered: RememberedCount): Promise<number> {
  const f = filters(q);
  return remembered(`pg|${f.where}|${JSON.stringify(f.params)}`, async () => {
    const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM listings l WHERE ${f.where}`, f.params);
    return rows[0].n;
  });
}

// Ranked text search in two steps, as SQLite's (storage/queries/search.ts rankedFromIndex): every match scored from
// listings_fts alone, then the listing rows of only those scoring as well as the page's last place or better (the
// cut: the score at that place among all matches), each looked up by its key. The page stands when the cut let
// through as many live listings as it needs, or when there was no cut (fewer matches than that): nothing unread can
// come before them. Null otherwise (listings not live among the best, a filter that may leave few, upcoming, a deep
// page), and the one statement below ranks every match. The total is every match less the matches not live, found
// through the status index. The one statement joined every match to its listing, and PostgreSQL did it by hashing
// all 100,000 live listings: a two-word search matching 15,666 of them took 53–100 ms against 24 ms in two steps, most
// of which is ts_rank itself (tests/search-two-step.pg.test.ts holds both to one answer).
// The lookup is a LATERAL subquery with OFFSET 0, which PostgreSQL does not flatten into a join it might hash.
export async function rankedFromVectors(pool: Queryable, q: SearchQuery): Promise<IdPage | null> {
  const need = q.offset + q.limit;
  if (!takesTwoSteps(q)) return null;
  const { rows } = await pool.query<{ matches: number; not_live: number; cut: number; ids: number[] }>(
    `WITH scored AS MATERIALIZED (SELECT s.listing_id AS id, ${rank('$1')} AS score FROM listings_fts s WHERE s.vector @@ to_tsquery('listing_search', $1)),
       cut AS (SELECT score FROM scored ORDER BY score DESC LIMIT 1 OFFSET $2)
     SELECT (SELECT count(*) FROM scored)::int AS matches,
       (SELECT count(*) FROM listings l WHERE l.status IN (${NOT_LIVE_SQL}) AND l.id IN (SELECT id FROM scored))::int AS not_live,
       (SELECT count(*) FROM cut)::int AS cut,
       array(SELECT sc.id FROM scored sc CROSS JOIN LATERAL (SELECT votes_count, status FROM listings WHERE id = sc.id OFFSET 0) l
         WHERE sc.score >= coalesce((SELECT score FROM cut), '-Infinity') AND l.status = 'live'
         ORDER BY sc.score DESC, l.votes_count DESC, sc.id DESC LIMIT $3) AS ids`, [q.match, need - 1, need]);
  const r = rows[0];
  if (r.cut > 0 && r.ids.length < need) return null;
  return { ids: r.ids.slice(q.offset), total: r.matches - r.not_live };
}

async function plainPage(pool: Queryable, q: SearchQuery, remembered: RememberedCount): Promise<IdPage> {
  const twoStep = await rankedFromVectors(pool, q);
  if (twoStep) return twoStep;
  const f = filters(q, q.sort === 'relevance');
  const limit = `$${f.params.push(q.limit)}`;
  const offset = `$${f.params.push(q.offset)}`;
  if (q.sort === 'relevance' && f.tsquery) {
    // Ranked text search scores every match anyway: score once, count and page the same rows in one statement. Ties
    // (equal rank) go to the most voted listing, then the newest id, as SQLite's `ORDER BY score, votes DESC, id DESC`.
    const { rows } = await pool.query<{ total: number; ids: number[] }>(
      `WITH m AS (SELECT l.id, l.votes_count AS votes, ${rank(f.tsquery)} AS score FROM ${RANKED_FROM} WHERE ${f.where})
       SELECT (SELECT count(*) FROM m)::int AS total,
         array(SELECT id FROM m ORDER BY score DESC, votes DESC, id DESC LIMIT ${limit} OFFSET ${offset}) AS ids`, f.params);
    return { ids: rows[0].ids, total: rows[0].total };
  }
  const { rows } = await pool.query<{ id: number }>(
    `SELECT l.id FROM listings l WHERE ${f.where} ORDER BY ${orderBy(q)} LIMIT ${limit} OFFSET ${offset}`, f.params);
  return { ids: rows.map((r) => r.id), total: await totalOf(pool, q, remembered) };
}

// Trending: Σ 0.5^(age_hours / half_life) over the votes of the window (domain/ranking.ts), as SQLite computes it.
// Listings with such votes come first by score; the rest follow by all-time votes. Inside a transaction the scores are
// the minute's, kept on the connection (storage/pg/trending-scores.ts); elsewhere, or on a connection without the
// tables, they are summed in each statement.
//
// The page is read from the scores alone first: in score order it stops after the page. Only a page that runs past
// the last scored listing counts the scored ones (a join over all of them: 20–160 ms at 100,000 listings) to know
// where the rest begin. Counting them in every statement, with the rest read beside, cost 400–800 ms of PostgreSQL's
// CPU per filter under load.
async function trendingPage(pool: Queryable, q: SearchQuery, remembered: RememberedCount, inTransaction: boolean): Promise<IdPage> {
  const t = { nowSec: Date.parse(q.trending.now) / 1000, since: q.trending.since, halfLife: q.trending.halfLifeHours };
  const kept = inTransaction && await trendingTablesReady(pool);
  if (kept) await keepPgTrendingScores(pool, t);
  // The statement's filters and parameters, with the scores as a table it reads (`sc`: listing_id, score).
  const statement = () => {
    const f = filters(q);
    const p = (value: unknown) => `$${f.params.push(value)}`;
    const scores = kept ? 'pg_temp.trending_scores'
      : `(SELECT listing_id, ${trendingScoreSql(p(t.nowSec), p(t.halfLife))} AS score FROM votes WHERE created_at >= ${p(t.since)} GROUP BY listing_id)`;
    return { ...f, p, scored: `${scores} sc JOIN listings l ON l.id = sc.listing_id WHERE ${f.where}`, scores };
  };
  const first = statement();
  const { rows } = await pool.query<{ id: number }>(`SELECT l.id FROM ${first.scored}
    ORDER BY sc.score DESC, ${BY_VOTES} LIMIT ${first.p(q.limit)} OFFSET ${first.p(q.offset)}`, first.params);
  const ids = rows.map((r) => r.id);
  if (ids.length < q.limit) {
    const rest = statement();
    const { rows: more } = await pool.query<{ id: number }>(`SELECT l.id FROM listings l WHERE ${rest.where}
      AND NOT EXISTS (SELECT 1 FROM ${rest.scores} sc WHERE sc.listing_id = l.id)
      ORDER BY ${BY_VOTES} LIMIT ${rest.p(q.limit - ids.length)}
      OFFSET greatest(0, ${rest.p(q.offset)} - (SELECT count(*) FROM ${rest.scored}))`, rest.params);
    ids.push(...more.map((r) => r.id));
  }
  return { ids, total: await totalOf(pool, q, remembered) };
}

// Whether this connection has the tables (made as it opened: trending-scores.ts createTrendingTables; one that could
// not make them sums in the query).
async function trendingTablesReady(conn: Queryable): Promise<boolean> {
  const { rows } = await conn.query<{ ready: boolean }>("SELECT to_regclass('pg_temp.trending_state') IS NOT NULL AS ready");
  return rows[0].ready;
}

// `inTransaction`: the caller's queries run on one connection (a remembered read's snapshot, or a write).
export function searchListingIdsPg(pool: Queryable, q: SearchQuery, remembered: RememberedCount, inTransaction = false): Promise<IdPage> {
  return q.sort === 'trending' ? trendingPage(pool, q, remembered, inTransaction) : plainPage(pool, q, remembered);
}
