-- SQLite's migration 0015, for schema parity (tests/pg-schema.pg.test.ts): the columns a ranked text search reads of
-- each listing it matches. PostgreSQL's own search (storage/pg/search.ts) names no index; its planner may use this
-- one for an index-only lookup or leave it.
CREATE INDEX listings_rank_lookup ON listings (id, status, votes_count, launch_week, stage, country, pricing_model, domain);
