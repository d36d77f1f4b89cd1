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

-- SQLite's JSON functions over JSON stored as text (every JSON column here is text on both engines).
-- json_each(doc) and json_each(doc, path) as a table of the array's (or object's) values, as text: what the
-- statements read is `value`, compared with text (slugs, weeks, kinds) or cast (CAST(value AS INTEGER) for ids).
CREATE FUNCTION json_each(doc text) RETURNS TABLE (value text)
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT e FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(doc::jsonb) = 'array' THEN doc::jsonb ELSE '[]'::jsonb END) AS e
    UNION ALL
    SELECT v FROM jsonb_each_text(CASE WHEN jsonb_typeof(doc::jsonb) = 'object' THEN doc::jsonb ELSE '{}'::jsonb END) AS o(k, v) $$;

-- The path is SQLite's simple form, '$.a.b'.
CREATE FUNCTION json_path_keys(path text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT CASE WHEN path = '$' THEN '{}'::text[] ELSE string_to_array(substr(path, 3), '.') END $$;

CREATE FUNCTION json_each(doc text, path text) RETURNS TABLE (value text)
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT value FROM json_each((doc::jsonb #> json_path_keys(path))::text) $$;

-- json_extract(doc, '$.a.b'): the value there as text (SQLite answers numbers as numbers; every use here compares
-- or shows text).
CREATE FUNCTION json_extract(doc text, path text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT doc::jsonb #>> json_path_keys(path) $$;

-- json_group_array(x): the values of a group as a JSON array, as text, in the order they came.
CREATE FUNCTION json_group_array_final(a anycompatiblearray) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT coalesce(array_to_json(a)::text, '[]') $$;
CREATE AGGREGATE json_group_array(anycompatible) (
  SFUNC = array_append, STYPE = anycompatiblearray, FINALFUNC = json_group_array_final, INITCOND = '{}'
);
