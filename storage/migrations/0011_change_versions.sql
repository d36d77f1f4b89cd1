-- Versions of what cached reads depend on (storage/queries/memo.ts). Triggers bump a topic on every write to
-- the rows behind it, so a cached answer is thrown away only when something it shows changed, and any process on
-- the same database sees the bump. Topics: a table's name (any row of it changed), 'listing:<id>' (that listing's
-- profile: its row or a row of a table hanging off it), 'votes' / 'views' / 'follows' (the listing counters, kept
-- apart from the listing's content so a page view or a vote does not invalidate search results or other listings),
-- 'listing_status' (which listings are public and since when: what rankings filter and break ties on).
CREATE TABLE change_versions (topic TEXT PRIMARY KEY NOT NULL, version INTEGER NOT NULL DEFAULT 0) WITHOUT ROWID;
--> statement-breakpoint
CREATE TRIGGER cv_listings_ai AFTER INSERT ON listings BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('listing_status', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listings', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || new.id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_listings_ad AFTER DELETE ON listings BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('listing_status', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listings', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || old.id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_listings_au AFTER UPDATE OF slug, name, url, domain, tagline, short_description, description, headline, summary, logo_url, stage, pricing_model, pricing_summary, pricing_plans, country, city, founded_year, contact_email, demo_video_url, features, usps, keywords, tags, faqs, socials, not_found_on_website, story, media, unlocked_sections, seo_title, seo_description, status, plan, launch_week, launched_at, featured, verified, primary_category_id, owner_user_id, is_demo, created_at, updated_at ON listings BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('listings', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || new.id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_listings_votes_count AFTER UPDATE OF votes_count ON listings BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('votes', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || new.id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_listings_views_count AFTER UPDATE OF views_count ON listings BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('views', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_listings_follows_count AFTER UPDATE OF follows_count ON listings BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('follows', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || new.id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_listing_alternatives_ai AFTER INSERT ON listing_alternatives BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('listing_alternatives', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || new.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_listing_alternatives_au AFTER UPDATE ON listing_alternatives BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('listing_alternatives', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || old.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || new.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_listing_alternatives_ad AFTER DELETE ON listing_alternatives BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('listing_alternatives', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || old.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_listing_categories_ai AFTER INSERT ON listing_categories BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('listing_categories', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || new.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_listing_categories_au AFTER UPDATE ON listing_categories BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('listing_categories', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || old.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || new.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_listing_categories_ad AFTER DELETE ON listing_categories BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('listing_categories', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || old.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_listing_founders_ai AFTER INSERT ON listing_founders BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('listing_founders', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || new.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_listing_founders_au AFTER UPDATE ON listing_founders BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('listing_founders', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || old.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || new.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_listing_founders_ad AFTER DELETE ON listing_founders BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('listing_founders', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || old.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_listing_updates_ai AFTER INSERT ON listing_updates BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('listing_updates', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || new.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_listing_updates_au AFTER UPDATE ON listing_updates BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('listing_updates', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || old.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || new.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_listing_updates_ad AFTER DELETE ON listing_updates BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('listing_updates', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || old.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_milestones_ai AFTER INSERT ON milestones BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('milestones', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || new.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_milestones_au AFTER UPDATE ON milestones BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('milestones', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || old.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || new.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_milestones_ad AFTER DELETE ON milestones BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('milestones', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || old.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_awards_ai AFTER INSERT ON awards BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('awards', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || new.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_awards_au AFTER UPDATE ON awards BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('awards', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || old.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || new.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_awards_ad AFTER DELETE ON awards BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('awards', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || old.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_follows_ai AFTER INSERT ON follows BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('follows', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || new.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_follows_au AFTER UPDATE ON follows BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('follows', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || old.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || new.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_follows_ad AFTER DELETE ON follows BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('follows', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || old.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_reviews_ai AFTER INSERT ON reviews BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('reviews', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || new.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_reviews_au AFTER UPDATE ON reviews BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('reviews', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || old.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || new.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_reviews_ad AFTER DELETE ON reviews BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('reviews', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || old.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_votes_ai AFTER INSERT ON votes BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('votes', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || new.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_votes_au AFTER UPDATE ON votes BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('votes', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || old.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || new.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_votes_ad AFTER DELETE ON votes BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('votes', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || old.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_billboard_contributions_ai AFTER INSERT ON billboard_contributions BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('billboard_contributions', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || new.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_billboard_contributions_au AFTER UPDATE ON billboard_contributions BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('billboard_contributions', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || old.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || new.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_billboard_contributions_ad AFTER DELETE ON billboard_contributions BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('billboard_contributions', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || old.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_domain_ratings_ai AFTER INSERT ON domain_ratings BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('domain_ratings', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || new.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_domain_ratings_au AFTER UPDATE ON domain_ratings BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('domain_ratings', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || old.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || new.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_domain_ratings_ad AFTER DELETE ON domain_ratings BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('domain_ratings', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || old.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_revenue_reports_ai AFTER INSERT ON revenue_reports BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('revenue_reports', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || new.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_revenue_reports_au AFTER UPDATE ON revenue_reports BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('revenue_reports', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || old.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || new.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_revenue_reports_ad AFTER DELETE ON revenue_reports BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('revenue_reports', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || old.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_listing_owners_ai AFTER INSERT ON listing_owners BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('listing_owners', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || new.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_listing_owners_au AFTER UPDATE ON listing_owners BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('listing_owners', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || old.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || new.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_listing_owners_ad AFTER DELETE ON listing_owners BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('listing_owners', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
  INSERT INTO change_versions (topic, version) VALUES ('listing:' || old.listing_id, 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_categories_ai AFTER INSERT ON categories BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('categories', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_categories_au AFTER UPDATE ON categories BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('categories', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_categories_ad AFTER DELETE ON categories BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('categories', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_founders_ai AFTER INSERT ON founders BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('founders', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_founders_au AFTER UPDATE ON founders BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('founders', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_founders_ad AFTER DELETE ON founders BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('founders', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_users_ai AFTER INSERT ON users BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('users', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_users_au AFTER UPDATE ON users BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('users', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_users_ad AFTER DELETE ON users BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('users', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_blog_posts_ai AFTER INSERT ON blog_posts BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('blog_posts', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_blog_posts_au AFTER UPDATE ON blog_posts BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('blog_posts', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_blog_posts_ad AFTER DELETE ON blog_posts BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('blog_posts', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_products_ai AFTER INSERT ON products BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('products', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_products_au AFTER UPDATE ON products BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('products', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_products_ad AFTER DELETE ON products BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('products', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_settings_ai AFTER INSERT ON settings BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('settings', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_settings_au AFTER UPDATE ON settings BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('settings', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_settings_ad AFTER DELETE ON settings BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('settings', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_interview_questions_ai AFTER INSERT ON interview_questions BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('interview_questions', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_interview_questions_au AFTER UPDATE ON interview_questions BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('interview_questions', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_interview_questions_ad AFTER DELETE ON interview_questions BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('interview_questions', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_interview_answers_ai AFTER INSERT ON interview_answers BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('interview_answers', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_interview_answers_au AFTER UPDATE ON interview_answers BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('interview_answers', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER cv_interview_answers_ad AFTER DELETE ON interview_answers BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('interview_answers', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
-- Votes per listing per launch week (Monday, UTC), kept by triggers as votes come and go, so the weekly board is
-- read from a ranked table instead of grouping the week's votes on every request.
CREATE TABLE weekly_votes (week TEXT NOT NULL, listing_id INTEGER NOT NULL, votes INTEGER NOT NULL, PRIMARY KEY (week, listing_id)) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX weekly_votes_rank ON weekly_votes (week, votes DESC);
--> statement-breakpoint
INSERT INTO weekly_votes (week, listing_id, votes)
  SELECT date(created_at, '-6 days', 'weekday 1'), listing_id, count(*) FROM votes GROUP BY 1, 2;
--> statement-breakpoint
CREATE TRIGGER weekly_votes_ai AFTER INSERT ON votes BEGIN
  INSERT INTO weekly_votes (week, listing_id, votes) VALUES (date(new.created_at, '-6 days', 'weekday 1'), new.listing_id, 1)
    ON CONFLICT (week, listing_id) DO UPDATE SET votes = votes + 1;
END;
--> statement-breakpoint
CREATE TRIGGER weekly_votes_ad AFTER DELETE ON votes BEGIN
  UPDATE weekly_votes SET votes = votes - 1 WHERE week = date(old.created_at, '-6 days', 'weekday 1') AND listing_id = old.listing_id;
END;
--> statement-breakpoint
CREATE TRIGGER cv_listings_status AFTER UPDATE OF status, launched_at, launch_week, is_demo ON listings BEGIN
  INSERT INTO change_versions (topic, version) VALUES ('listing_status', 1) ON CONFLICT (topic) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
-- The all-time board walks this index in order instead of sorting every live listing (compareByVotes: votes, then
-- earliest launch with unlaunched last, then id).
CREATE INDEX listings_live_votes_rank ON listings (status, votes_count DESC, coalesce(launched_at, '9999'), id);
--> statement-breakpoint
-- Listings whose searchable text was written, in order, so each process adds their new words to its typo vocabulary
-- (storage/queries/search.ts) instead of reading the whole vocabulary again. The last 10 000 entries are kept; a
-- process further behind rebuilds its vocabulary from the index.
CREATE TABLE search_terms_log (id INTEGER PRIMARY KEY AUTOINCREMENT, listing_id INTEGER NOT NULL);
--> statement-breakpoint
CREATE TRIGGER search_terms_log_ai AFTER INSERT ON listings BEGIN
  INSERT INTO search_terms_log (listing_id) VALUES (new.id);
  DELETE FROM search_terms_log WHERE id <= (SELECT max(id) FROM search_terms_log) - 10000;
END;
--> statement-breakpoint
CREATE TRIGGER search_terms_log_au AFTER UPDATE OF name, tagline, description, keywords ON listings BEGIN
  INSERT INTO search_terms_log (listing_id) VALUES (new.id);
  DELETE FROM search_terms_log WHERE id <= (SELECT max(id) FROM search_terms_log) - 10000;
END;
