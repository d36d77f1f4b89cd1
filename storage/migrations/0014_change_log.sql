-- Which topics changed, in order: one row for every bump of change_versions (0011), whichever trigger made it. A
-- reader (storage/queries/memo.ts) keeps the versions it has read in memory and, whenever the database moved, asks
-- only for the topics changed since the last row it saw, instead of re-reading a version per cached answer checked.
-- Any process on the database reads the same log. The last 100,000 changes are kept; a reader further behind than
-- that forgets every version it knew and reads them again.
CREATE TABLE change_log (seq INTEGER PRIMARY KEY AUTOINCREMENT, topic TEXT NOT NULL);
--> statement-breakpoint
CREATE TRIGGER change_log_versions_ai AFTER INSERT ON change_versions BEGIN
  INSERT INTO change_log (topic) VALUES (new.topic);
END;
--> statement-breakpoint
CREATE TRIGGER change_log_versions_au AFTER UPDATE ON change_versions BEGIN
  INSERT INTO change_log (topic) VALUES (new.topic);
END;
--> statement-breakpoint
CREATE TRIGGER change_log_keep AFTER INSERT ON change_log BEGIN
  DELETE FROM change_log WHERE seq <= new.seq - 100000;
END;
