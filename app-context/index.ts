import type { Db } from '../storage/db';
import type { AppConfig } from '../domain/app-config';
import type { Clock } from '../domain/clock';
import type { JobPort } from '../tools/job-port';
import type { ViewDedupe } from '../domain/page-views';
import type { RequestLimiter } from '../domain/request-limiter';

// The application context: what the site's pages and the app's composition share (the database, the settings,
// the clock and the job port tools are called with). It has its own top-level folder, not a file in transport/ or
// site/, because both depend on it: transport/app.ts builds it and hands it to site/, and site/ must not import
// transport/. It only names types from the layers below both (domain, storage, tools' port), so neither arrow
// points upward. Transport's own extras (logger, metrics) stay in transport/app.ts.
// `views` decides which page views count (per process unless the processes share a limits store). `searches` charges
// the search pages the site makes against the caller's allowance for the API's operations (the same limiter, so the
// site's pages and REST and MCP draw on one allowance per address or user); without it, they are not limited.
export type AppDeps = { db: Db; config: AppConfig; clock: Clock; jobs: JobPort; views?: ViewDedupe; searches?: RequestLimiter };
