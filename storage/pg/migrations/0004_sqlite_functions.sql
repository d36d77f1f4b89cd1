-- SQLite's scalar functions that the repository's statements use, with SQLite's meaning, so one statement text
-- serves both engines (storage/engine/pg-text.ts rewrites only syntax). Stored times are ISO-8601 text in UTC.

-- instr(haystack, needle): 1-based position of needle, 0 when absent.
CREATE FUNCTION instr(haystack text, needle text) RETURNS integer
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT strpos(haystack, needle) $$;

-- julianday(time): days since noon UTC, 24 November 4714 BC, fractional.
CREATE FUNCTION julianday(t text) RETURNS double precision
  LANGUAGE sql STABLE STRICT PARALLEL SAFE AS $$ SELECT extract(epoch FROM t::timestamptz)::double precision / 86400.0 + 2440587.5 $$;

-- unixepoch(time): whole seconds since 1970-01-01 UTC.
CREATE FUNCTION unixepoch(t text) RETURNS bigint
  LANGUAGE sql STABLE STRICT PARALLEL SAFE AS $$ SELECT floor(extract(epoch FROM t::timestamptz))::bigint $$;

-- The trending decay of domain/ranking.ts (decayWeight), which SQLite calls as a JavaScript function: a vote's
-- weight halves every half-life and is 0 past four half-lives (TRENDING_WINDOW_HALF_LIVES) or with no half-life.
-- tests/sqlite-functions.pg.test.ts checks it against the JavaScript one.
CREATE FUNCTION ranking_decay_weight(age double precision, half_life double precision) RETURNS double precision
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT CASE
      WHEN NOT (half_life > 0) THEN 0::double precision
      WHEN greatest(0, age) > half_life * 4 THEN 0::double precision
      ELSE power(0.5::double precision, greatest(0, age) / half_life)
    END $$;
