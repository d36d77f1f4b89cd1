-- Full-text index over the searchable listing text (name, tagline, description, keywords).
-- External-content FTS5 kept in step by triggers; the vocabulary view feeds typo-tolerant matching.
CREATE VIRTUAL TABLE listings_fts USING fts5(
  name, tagline, description, keywords,
  content='listings', content_rowid='id',
  tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE VIRTUAL TABLE listings_fts_vocab USING fts5vocab(listings_fts, 'row');
--> statement-breakpoint
CREATE TRIGGER listings_fts_ai AFTER INSERT ON listings BEGIN
  INSERT INTO listings_fts(rowid, name, tagline, description, keywords)
  VALUES (new.id, new.name, coalesce(new.tagline, ''), coalesce(new.description, ''), coalesce(new.keywords, ''));
END;
--> statement-breakpoint
CREATE TRIGGER listings_fts_ad AFTER DELETE ON listings BEGIN
  INSERT INTO listings_fts(listings_fts, rowid, name, tagline, description, keywords)
  VALUES ('delete', old.id, old.name, coalesce(old.tagline, ''), coalesce(old.description, ''), coalesce(old.keywords, ''));
END;
--> statement-breakpoint
CREATE TRIGGER listings_fts_au AFTER UPDATE OF name, tagline, description, keywords ON listings BEGIN
  INSERT INTO listings_fts(listings_fts, rowid, name, tagline, description, keywords)
  VALUES ('delete', old.id, old.name, coalesce(old.tagline, ''), coalesce(old.description, ''), coalesce(old.keywords, ''));
  INSERT INTO listings_fts(rowid, name, tagline, description, keywords)
  VALUES (new.id, new.name, coalesce(new.tagline, ''), coalesce(new.description, ''), coalesce(new.keywords, ''));
END;
