-- A browse (search_listings without q, the launch lists, the all-time board) reads one of these indexes in order and
-- stops after its page. They held only (status, counter), so every tie on the counter was sorted in a temporary
-- B-tree: cheap for page 1, but page 220 of 100 (offset 22,000) sorted 22,100 rows, 90–360 ms a request at 100,000
-- listings. With each order's tie-breaks in the index (storage/queries/search.ts orderBy) the walk needs no sort:
-- 1.6–3 ms for that page. `id` is the rowid, named for parity with PostgreSQL's index (tests/pg-schema.pg.test.ts).
DROP INDEX `listings_status_launched`;--> statement-breakpoint
CREATE INDEX `listings_status_launched` ON `listings` (`status`,`launched_at`,`id`);--> statement-breakpoint
DROP INDEX `listings_status_votes`;--> statement-breakpoint
CREATE INDEX `listings_status_votes` ON `listings` (`status`,`votes_count`,`launched_at`,`id`);--> statement-breakpoint
DROP INDEX `listings_status_views`;--> statement-breakpoint
CREATE INDEX `listings_status_views` ON `listings` (`status`,`views_count`,`votes_count`,`id`);--> statement-breakpoint
DROP INDEX `listings_status_follows`;--> statement-breakpoint
CREATE INDEX `listings_status_follows` ON `listings` (`status`,`follows_count`,`votes_count`,`id`);
--> statement-breakpoint
-- A trending search checks each scored listing's filters and tie-breaks in listings_rank_lookup alone
-- (storage/queries/search.ts scoredFrom): the last tie-break, launched_at, joins the columns it holds.
DROP INDEX `listings_rank_lookup`;--> statement-breakpoint
CREATE INDEX listings_rank_lookup ON listings (id, status, votes_count, launch_week, stage, country, pricing_model, domain, launched_at);
