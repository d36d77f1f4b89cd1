-- Counters shared by every node (LIMITS_STORE=postgres): API rate limits and failed sign-ins (the table
-- rate-limiter-flexible's RateLimiterPostgres reads and writes, created here so the first request never finds it
-- missing), and which page views were already counted today (the day's salt and each visitor's digest, deleted
-- with the day). No change_versions trigger watches them: a counter written on every request must not make the
-- read caches look again.
CREATE TABLE rate_limits (
  key varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
CREATE INDEX rate_limits_expire ON rate_limits (expire);

CREATE TABLE view_salts (
  day text COLLATE "C" PRIMARY KEY,
  salt text NOT NULL
);

CREATE TABLE view_digests (
  digest text COLLATE "C" PRIMARY KEY,
  day text COLLATE "C" NOT NULL
);
CREATE INDEX view_digests_day ON view_digests (day);
