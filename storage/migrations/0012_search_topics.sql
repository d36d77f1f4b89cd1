-- Narrower invalidation for lists of listings (search, browse). Before, any change to any listing's content threw
-- away every cached search (topic 'listings'); an owner editing a tagline every few seconds kept them all cold.
-- Now a list depends on:
--   'listing_lists': what lists filter, order and show about a listing, apart from its searchable text (a listing
--     added or removed; slug, url, domain, logo, stage, pricing model, country, primary category, status, launch
--     week and time, featured, verified, demo, creation time);
--   the searchable text (name, tagline, description, keywords) through search_terms_log, which now keeps each
--     listing's text from before the change: a cached list is re-made only when the changed listing is one it
--     shows, or when a word of the old or new text could match a word of its query (storage/queries/search.ts).
-- Both fire only when a value really changed: an owner's edit writes every editable column, changed or not.
CREATE TRIGGER cv_listing_lists_ai AFTER INSERT ON listings BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('listing_lists', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_listing_lists_ad AFTER DELETE ON listings BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('listing_lists', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_listing_lists_au AFTER UPDATE OF slug, url, domain, logo_url, stage, pricing_model, country, primary_category_id, status, launch_week, launched_at, featured, verified, is_demo, created_at ON listings
  WHEN old.slug IS NOT new.slug OR old.url IS NOT new.url OR old.domain IS NOT new.domain OR old.logo_url IS NOT new.logo_url OR old.stage IS NOT new.stage OR old.pricing_model IS NOT new.pricing_model OR old.country IS NOT new.country OR old.primary_category_id IS NOT new.primary_category_id OR old.status IS NOT new.status OR old.launch_week IS NOT new.launch_week OR old.launched_at IS NOT new.launched_at OR old.featured IS NOT new.featured OR old.verified IS NOT new.verified OR old.is_demo IS NOT new.is_demo OR old.created_at IS NOT new.created_at
BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('listing_lists', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
ALTER TABLE search_terms_log ADD COLUMN old_text TEXT;
--> statement-breakpoint
DROP TRIGGER search_terms_log_au;
--> statement-breakpoint
CREATE TRIGGER search_terms_log_au AFTER UPDATE OF name, tagline, description, keywords ON listings
  WHEN old.name IS NOT new.name OR old.tagline IS NOT new.tagline OR old.description IS NOT new.description OR old.keywords IS NOT new.keywords
BEGIN
  INSERT INTO search_terms_log (listing_id, old_text)
    VALUES (new.id, coalesce(old.name, '') || ' ' || coalesce(old.tagline, '') || ' ' || coalesce(old.description, '') || ' ' || coalesce(old.keywords, ''));
  DELETE FROM search_terms_log WHERE id <= (SELECT max(id) FROM search_terms_log) - 10000;
END;
--> statement-breakpoint
-- A deleted listing's words leave the index: logged like a change, with the text it had.
CREATE TRIGGER search_terms_log_ad AFTER DELETE ON listings BEGIN
  INSERT INTO search_terms_log (listing_id, old_text)
    VALUES (old.id, coalesce(old.name, '') || ' ' || coalesce(old.tagline, '') || ' ' || coalesce(old.description, '') || ' ' || coalesce(old.keywords, ''));
  DELETE FROM search_terms_log WHERE id <= (SELECT max(id) FROM search_terms_log) - 10000;
END;
