-- SQLite's migration 0018: the first launch week read from two indexes in order rather than from every public listing.
CREATE INDEX listings_unbooked_launched ON listings (launched_at) WHERE launch_week IS NULL AND status IN ('live', 'scheduled');
