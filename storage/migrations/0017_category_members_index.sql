-- A category's page reads the listings of the category and its subcategories through this index. On category_id
-- alone, each membership found cost a read of its row for the listing's id: a parent category of 8,000 listings took
-- ~110 ms cold at 100,000 listings, once a minute (its order by votes is as of the minute). With the listing's id in
-- the index the memberships are read from it alone (with listings_rank_lookup for votes: ~19 ms).
DROP INDEX `listing_categories_category`;--> statement-breakpoint
CREATE INDEX `listing_categories_category` ON `listing_categories` (`category_id`,`listing_id`);
