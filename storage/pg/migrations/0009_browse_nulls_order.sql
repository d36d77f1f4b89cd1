-- The browse orders name launched_at DESC NULLS LAST, as SQLite sorts (NULL is the smallest value there, so last
-- when descending). Read backwards, 0007's ascending indexes give NULLS FIRST, which PostgreSQL cannot use for that
-- order: it sorted every live listing instead (150 ms of its CPU for a deep page of the votes order at 100,000
-- listings, 180 ms for the newest launches of a country). With launched_at NULLS FIRST, read backwards gives
-- launched_at DESC NULLS LAST: the order the queries ask for.
DROP INDEX listings_status_launched;
CREATE INDEX listings_status_launched ON listings (status, launched_at NULLS FIRST, id);
DROP INDEX listings_status_votes;
CREATE INDEX listings_status_votes ON listings (status, votes_count, launched_at NULLS FIRST, id);
