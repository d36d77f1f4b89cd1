-- The launch calendar starts at the first week any public listing launched or is booked in (get_launch_week). Asked as
-- one MIN over every public listing, each row's launch week or the Monday of its launch time, it read them all: ~170 ms
-- at 100,000 listings, paid by the first read of every launch week page. The booked weeks come from listings_week in
-- order; the listings launched without a booked week, from this index in order of launch time.
CREATE INDEX `listings_unbooked_launched` ON `listings` (`launched_at`) WHERE launch_week IS NULL AND status IN ('live', 'scheduled');
