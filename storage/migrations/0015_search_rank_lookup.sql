-- A ranked text search joins every listing the words match to the listing, for the status and filters and the
-- votes tie-break (storage/queries/search.ts FROM_FTS): by rowid that reads each listing's whole row, texts included,
-- from the table's pages. This index holds just what those queries read of a listing, so each lookup reads a few
-- small index pages instead. For queries matching 10,000–20,000 of 100,000 listings the ranked query itself took
-- 25–44 ms by rowid and 15–29 ms with it (bm25 alone, 5–10 ms of that); a whole cold search (bench/uncached.ts, which
-- also ranks from the FTS table first and counts) 21–29 ms before, 21–23 ms after. The search names the index
-- (INDEXED BY): the planner keeps the rowid lookup otherwise.
CREATE INDEX listings_rank_lookup ON listings (id, status, votes_count, launch_week, stage, country, pricing_model, domain);
