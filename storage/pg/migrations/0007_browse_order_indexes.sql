-- SQLite's migration 0016: each browse order's tie-breaks in its index, so a deep page is read in order, not sorted.
DROP INDEX listings_status_launched;
CREATE INDEX listings_status_launched ON listings (status, launched_at, id);
DROP INDEX listings_status_votes;
CREATE INDEX listings_status_votes ON listings (status, votes_count, launched_at, id);
DROP INDEX listings_status_views;
CREATE INDEX listings_status_views ON listings (status, views_count, votes_count, id);
DROP INDEX listings_status_follows;
CREATE INDEX listings_status_follows ON listings (status, follows_count, votes_count, id);
-- And launched_at in listings_rank_lookup, as SQLite's (the trending search's last tie-break).
DROP INDEX listings_rank_lookup;
CREATE INDEX listings_rank_lookup ON listings (id, status, votes_count, launch_week, stage, country, pricing_model, domain, launched_at);
