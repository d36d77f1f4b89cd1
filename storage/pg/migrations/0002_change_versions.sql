-- Versions of what cached reads depend on (storage/queries/memo.ts), as in SQLite migrations 0011 and 0012: triggers
-- bump a topic on every write to the rows behind it, so a cached answer is thrown away only when something it shows
-- changed, and every process on the same database sees the bump. Topics: a table's name (any row of it changed),
-- 'listing:<id>' (that listing's profile: its row or a row of a table hanging off it), 'votes' / 'views' / 'follows'
-- (the listing counters), 'listing_status' (which listings are public and since when), 'listing_lists' (what lists
-- of listings filter, order and show, apart from the searchable text, which search_terms_log follows).
--
-- The triggers have SQLite's names, tables, events and UPDATE OF column lists, and fire on the same writes:
-- PostgreSQL's UPDATE OF fires when a listed column is a target of the UPDATE, changed or not, exactly like SQLite's;
-- WHEN (... IS DISTINCT FROM ...) is SQLite's WHEN (... IS NOT ...). Each bump is the same upsert, so the versions
-- move by the same amounts as on SQLite (tests/pg-schema.pg.test.ts compares them write by write).
--
-- Unlike SQLite, writers run at the same time here: an upsert holds its change_versions row until commit, so two
-- transactions bumping the same topic take turns (SQLite lets one writer in at a time anyway), and two multi-statement
-- transactions bumping two topics in opposite orders can deadlock; PostgreSQL then aborts one (SQLSTATE 40P01),
-- which the caller retries.
-- version is bigint: 'views' moves on every page view, and SQLite's integers are 64-bit.
CREATE TABLE change_versions (
  topic text COLLATE "C" PRIMARY KEY,
  version bigint NOT NULL DEFAULT 0
);

CREATE FUNCTION cv_bump(p_topic text) RETURNS void
  LANGUAGE sql
  BEGIN ATOMIC
    INSERT INTO change_versions AS cv (topic, version) VALUES (p_topic, 1)
      ON CONFLICT (topic) DO UPDATE SET version = cv.version + 1;
  END;

-- A table whose rows no single listing owns: its own topic.
CREATE FUNCTION cv_table() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM cv_bump(TG_TABLE_NAME);
  RETURN NULL;
END $$;

-- A table hanging off a listing: its own topic, then the listing's; an update bumps the listing it left and the one
-- it joined (the same one twice when listing_id did not change, as SQLite does).
CREATE FUNCTION cv_listing_child() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM cv_bump(TG_TABLE_NAME);
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM cv_bump('listing:' || OLD.listing_id); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM cv_bump('listing:' || NEW.listing_id); END IF;
  RETURN NULL;
END $$;

-- A listings row: bumps the topics given as trigger arguments, in order; the argument 'listing:' stands for this
-- listing's own topic.
CREATE FUNCTION cv_listings_bump() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  topic text;
  listing_id integer;
BEGIN
  IF TG_OP = 'DELETE' THEN listing_id := OLD.id; ELSE listing_id := NEW.id; END IF;
  FOREACH topic IN ARRAY TG_ARGV LOOP
    IF topic = 'listing:' THEN topic := topic || listing_id; END IF;
    PERFORM cv_bump(topic);
  END LOOP;
  RETURN NULL;
END $$;

CREATE TRIGGER cv_listings_ai AFTER INSERT ON listings FOR EACH ROW EXECUTE FUNCTION cv_listings_bump('listing_status', 'listings', 'listing:');
CREATE TRIGGER cv_listings_ad AFTER DELETE ON listings FOR EACH ROW EXECUTE FUNCTION cv_listings_bump('listing_status', 'listings', 'listing:');
-- Every column but the id and the three counters.
CREATE TRIGGER cv_listings_au AFTER UPDATE OF slug, name, url, domain, tagline, short_description, description, headline, summary, logo_url, stage, pricing_model, pricing_summary, pricing_plans, country, city, founded_year, contact_email, demo_video_url, features, usps, keywords, tags, faqs, socials, not_found_on_website, story, media, unlocked_sections, seo_title, seo_description, status, plan, launch_week, launched_at, featured, verified, primary_category_id, owner_user_id, is_demo, created_at, updated_at ON listings
  FOR EACH ROW EXECUTE FUNCTION cv_listings_bump('listings', 'listing:');
-- The counters, kept apart from the listing's content so a page view or a vote does not invalidate search results.
CREATE TRIGGER cv_listings_votes_count AFTER UPDATE OF votes_count ON listings FOR EACH ROW EXECUTE FUNCTION cv_listings_bump('votes', 'listing:');
CREATE TRIGGER cv_listings_views_count AFTER UPDATE OF views_count ON listings FOR EACH ROW EXECUTE FUNCTION cv_listings_bump('views');
CREATE TRIGGER cv_listings_follows_count AFTER UPDATE OF follows_count ON listings FOR EACH ROW EXECUTE FUNCTION cv_listings_bump('follows', 'listing:');
-- Which listings are public and since when: what rankings filter and break ties on.
CREATE TRIGGER cv_listings_status AFTER UPDATE OF status, launched_at, launch_week, is_demo ON listings FOR EACH ROW EXECUTE FUNCTION cv_listings_bump('listing_status');
-- What lists filter, order and show about a listing apart from its searchable text; only when a value really changed
-- (an owner's edit writes every editable column, changed or not). SQLite migration 0012.
CREATE TRIGGER cv_listing_lists_ai AFTER INSERT ON listings FOR EACH ROW EXECUTE FUNCTION cv_listings_bump('listing_lists');
CREATE TRIGGER cv_listing_lists_ad AFTER DELETE ON listings FOR EACH ROW EXECUTE FUNCTION cv_listings_bump('listing_lists');
CREATE TRIGGER cv_listing_lists_au AFTER UPDATE OF slug, url, domain, logo_url, stage, pricing_model, country, primary_category_id, status, launch_week, launched_at, featured, verified, is_demo, created_at ON listings
  FOR EACH ROW
  WHEN (OLD.slug IS DISTINCT FROM NEW.slug OR OLD.url IS DISTINCT FROM NEW.url OR OLD.domain IS DISTINCT FROM NEW.domain
    OR OLD.logo_url IS DISTINCT FROM NEW.logo_url OR OLD.stage IS DISTINCT FROM NEW.stage
    OR OLD.pricing_model IS DISTINCT FROM NEW.pricing_model OR OLD.country IS DISTINCT FROM NEW.country
    OR OLD.primary_category_id IS DISTINCT FROM NEW.primary_category_id OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.launch_week IS DISTINCT FROM NEW.launch_week OR OLD.launched_at IS DISTINCT FROM NEW.launched_at
    OR OLD.featured IS DISTINCT FROM NEW.featured OR OLD.verified IS DISTINCT FROM NEW.verified
    OR OLD.is_demo IS DISTINCT FROM NEW.is_demo OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION cv_listings_bump('listing_lists');

-- Tables hanging off a listing.
CREATE TRIGGER cv_listing_alternatives_ai AFTER INSERT ON listing_alternatives FOR EACH ROW EXECUTE FUNCTION cv_listing_child();
CREATE TRIGGER cv_listing_alternatives_au AFTER UPDATE ON listing_alternatives FOR EACH ROW EXECUTE FUNCTION cv_listing_child();
CREATE TRIGGER cv_listing_alternatives_ad AFTER DELETE ON listing_alternatives FOR EACH ROW EXECUTE FUNCTION cv_listing_child();
CREATE TRIGGER cv_listing_categories_ai AFTER INSERT ON listing_categories FOR EACH ROW EXECUTE FUNCTION cv_listing_child();
CREATE TRIGGER cv_listing_categories_au AFTER UPDATE ON listing_categories FOR EACH ROW EXECUTE FUNCTION cv_listing_child();
CREATE TRIGGER cv_listing_categories_ad AFTER DELETE ON listing_categories FOR EACH ROW EXECUTE FUNCTION cv_listing_child();
CREATE TRIGGER cv_listing_founders_ai AFTER INSERT ON listing_founders FOR EACH ROW EXECUTE FUNCTION cv_listing_child();
CREATE TRIGGER cv_listing_founders_au AFTER UPDATE ON listing_founders FOR EACH ROW EXECUTE FUNCTION cv_listing_child();
CREATE TRIGGER cv_listing_founders_ad AFTER DELETE ON listing_founders FOR EACH ROW EXECUTE FUNCTION cv_listing_child();
CREATE TRIGGER cv_listing_updates_ai AFTER INSERT ON listing_updates FOR EACH ROW EXECUTE FUNCTION cv_listing_child();
CREATE TRIGGER cv_listing_updates_au AFTER UPDATE ON listing_updates FOR EACH ROW EXECUTE FUNCTION cv_listing_child();
CREATE TRIGGER cv_listing_updates_ad AFTER DELETE ON listing_updates FOR EACH ROW EXECUTE FUNCTION cv_listing_child();
CREATE TRIGGER cv_milestones_ai AFTER INSERT ON milestones FOR EACH ROW EXECUTE FUNCTION cv_listing_child();
CREATE TRIGGER cv_milestones_au AFTER UPDATE ON milestones FOR EACH ROW EXECUTE FUNCTION cv_listing_child();
CREATE TRIGGER cv_milestones_ad AFTER DELETE ON milestones FOR EACH ROW EXECUTE FUNCTION cv_listing_child();
CREATE TRIGGER cv_awards_ai AFTER INSERT ON awards FOR EACH ROW EXECUTE FUNCTION cv_listing_child();
CREATE TRIGGER cv_awards_au AFTER UPDATE ON awards FOR EACH ROW EXECUTE FUNCTION cv_listing_child();
CREATE TRIGGER cv_awards_ad AFTER DELETE ON awards FOR EACH ROW EXECUTE FUNCTION cv_listing_child();
CREATE TRIGGER cv_follows_ai AFTER INSERT ON follows FOR EACH ROW EXECUTE FUNCTION cv_listing_child();
CREATE TRIGGER cv_follows_au AFTER UPDATE ON follows FOR EACH ROW EXECUTE FUNCTION cv_listing_child();
CREATE TRIGGER cv_follows_ad AFTER DELETE ON follows FOR EACH ROW EXECUTE FUNCTION cv_listing_child();
CREATE TRIGGER cv_reviews_ai AFTER INSERT ON reviews FOR EACH ROW EXECUTE FUNCTION cv_listing_child();
CREATE TRIGGER cv_reviews_au AFTER UPDATE ON reviews FOR EACH ROW EXECUTE FUNCTION cv_listing_child();
CREATE TRIGGER cv_reviews_ad AFTER DELETE ON reviews FOR EACH ROW EXECUTE FUNCTION cv_listing_child();
CREATE TRIGGER cv_votes_ai AFTER INSERT ON votes FOR EACH ROW EXECUTE FUNCTION cv_listing_child();
CREATE TRIGGER cv_votes_au AFTER UPDATE ON votes FOR EACH ROW EXECUTE FUNCTION cv_listing_child();
CREATE TRIGGER cv_votes_ad AFTER DELETE ON votes FOR EACH ROW EXECUTE FUNCTION cv_listing_child();
CREATE TRIGGER cv_billboard_contributions_ai AFTER INSERT ON billboard_contributions FOR EACH ROW EXECUTE FUNCTION cv_listing_child();
CREATE TRIGGER cv_billboard_contributions_au AFTER UPDATE ON billboard_contributions FOR EACH ROW EXECUTE FUNCTION cv_listing_child();
CREATE TRIGGER cv_billboard_contributions_ad AFTER DELETE ON billboard_contributions FOR EACH ROW EXECUTE FUNCTION cv_listing_child();
CREATE TRIGGER cv_domain_ratings_ai AFTER INSERT ON domain_ratings FOR EACH ROW EXECUTE FUNCTION cv_listing_child();
CREATE TRIGGER cv_domain_ratings_au AFTER UPDATE ON domain_ratings FOR EACH ROW EXECUTE FUNCTION cv_listing_child();
CREATE TRIGGER cv_domain_ratings_ad AFTER DELETE ON domain_ratings FOR EACH ROW EXECUTE FUNCTION cv_listing_child();
CREATE TRIGGER cv_revenue_reports_ai AFTER INSERT ON revenue_reports FOR EACH ROW EXECUTE FUNCTION cv_listing_child();
CREATE TRIGGER cv_revenue_reports_au AFTER UPDATE ON revenue_reports FOR EACH ROW EXECUTE FUNCTION cv_listing_child();
CREATE TRIGGER cv_revenue_reports_ad AFTER DELETE ON revenue_reports FOR EACH ROW EXECUTE FUNCTION cv_listing_child();
CREATE TRIGGER cv_listing_owners_ai AFTER INSERT ON listing_owners FOR EACH ROW EXECUTE FUNCTION cv_listing_child();
CREATE TRIGGER cv_listing_owners_au AFTER UPDATE ON listing_owners FOR EACH ROW EXECUTE FUNCTION cv_listing_child();
CREATE TRIGGER cv_listing_owners_ad AFTER DELETE ON listing_owners FOR EACH ROW EXECUTE FUNCTION cv_listing_child();

-- Tables no single listing owns.
CREATE TRIGGER cv_categories_ai AFTER INSERT ON categories FOR EACH ROW EXECUTE FUNCTION cv_table();
CREATE TRIGGER cv_categories_au AFTER UPDATE ON categories FOR EACH ROW EXECUTE FUNCTION cv_table();
CREATE TRIGGER cv_categories_ad AFTER DELETE ON categories FOR EACH ROW EXECUTE FUNCTION cv_table();
CREATE TRIGGER cv_founders_ai AFTER INSERT ON founders FOR EACH ROW EXECUTE FUNCTION cv_table();
CREATE TRIGGER cv_founders_au AFTER UPDATE ON founders FOR EACH ROW EXECUTE FUNCTION cv_table();
CREATE TRIGGER cv_founders_ad AFTER DELETE ON founders FOR EACH ROW EXECUTE FUNCTION cv_table();
CREATE TRIGGER cv_users_ai AFTER INSERT ON users FOR EACH ROW EXECUTE FUNCTION cv_table();
CREATE TRIGGER cv_users_au AFTER UPDATE ON users FOR EACH ROW EXECUTE FUNCTION cv_table();
CREATE TRIGGER cv_users_ad AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION cv_table();
CREATE TRIGGER cv_blog_posts_ai AFTER INSERT ON blog_posts FOR EACH ROW EXECUTE FUNCTION cv_table();
CREATE TRIGGER cv_blog_posts_au AFTER UPDATE ON blog_posts FOR EACH ROW EXECUTE FUNCTION cv_table();
CREATE TRIGGER cv_blog_posts_ad AFTER DELETE ON blog_posts FOR EACH ROW EXECUTE FUNCTION cv_table();
CREATE TRIGGER cv_products_ai AFTER INSERT ON products FOR EACH ROW EXECUTE FUNCTION cv_table();
CREATE TRIGGER cv_products_au AFTER UPDATE ON products FOR EACH ROW EXECUTE FUNCTION cv_table();
CREATE TRIGGER cv_products_ad AFTER DELETE ON products FOR EACH ROW EXECUTE FUNCTION cv_table();
CREATE TRIGGER cv_settings_ai AFTER INSERT ON settings FOR EACH ROW EXECUTE FUNCTION cv_table();
CREATE TRIGGER cv_settings_au AFTER UPDATE ON settings FOR EACH ROW EXECUTE FUNCTION cv_table();
CREATE TRIGGER cv_settings_ad AFTER DELETE ON settings FOR EACH ROW EXECUTE FUNCTION cv_table();
CREATE TRIGGER cv_interview_questions_ai AFTER INSERT ON interview_questions FOR EACH ROW EXECUTE FUNCTION cv_table();
CREATE TRIGGER cv_interview_questions_au AFTER UPDATE ON interview_questions FOR EACH ROW EXECUTE FUNCTION cv_table();
CREATE TRIGGER cv_interview_questions_ad AFTER DELETE ON interview_questions FOR EACH ROW EXECUTE FUNCTION cv_table();
CREATE TRIGGER cv_interview_answers_ai AFTER INSERT ON interview_answers FOR EACH ROW EXECUTE FUNCTION cv_table();
CREATE TRIGGER cv_interview_answers_au AFTER UPDATE ON interview_answers FOR EACH ROW EXECUTE FUNCTION cv_table();
CREATE TRIGGER cv_interview_answers_ad AFTER DELETE ON interview_answers FOR EACH ROW EXECUTE FUNCTION cv_table();

-- Votes per listing per launch week (Monday, UTC), kept by triggers as votes come and go, so the weekly board is read
-- from a ranked table instead of grouping the week's votes on every request.
CREATE TABLE weekly_votes (
  week text COLLATE "C" NOT NULL,
  listing_id integer NOT NULL,
  votes integer NOT NULL,
  PRIMARY KEY (week, listing_id)
);
CREATE INDEX weekly_votes_rank ON weekly_votes (week, votes DESC);

-- SQLite's date(ts, '-6 days', 'weekday 1'): the Monday (UTC) on or before an ISO-8601 time. A time without an offset
-- is UTC there, so it is read in UTC here too, whatever the session's TimeZone.
CREATE FUNCTION week_of(ts text) RETURNS text
  LANGUAGE sql STABLE PARALLEL SAFE
  SET "TimeZone" = 'UTC'
  RETURN to_char(date_trunc('week', ts::timestamptz AT TIME ZONE 'UTC'), 'YYYY-MM-DD');

CREATE FUNCTION weekly_votes_ai() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO weekly_votes AS w (week, listing_id, votes) VALUES (week_of(NEW.created_at), NEW.listing_id, 1)
    ON CONFLICT (week, listing_id) DO UPDATE SET votes = w.votes + 1;
  RETURN NULL;
END $$;

CREATE FUNCTION weekly_votes_ad() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE weekly_votes SET votes = votes - 1 WHERE week = week_of(OLD.created_at) AND listing_id = OLD.listing_id;
  RETURN NULL;
END $$;

CREATE TRIGGER weekly_votes_ai AFTER INSERT ON votes FOR EACH ROW EXECUTE FUNCTION weekly_votes_ai();
CREATE TRIGGER weekly_votes_ad AFTER DELETE ON votes FOR EACH ROW EXECUTE FUNCTION weekly_votes_ad();
