import { serve } from '@hono/node-server';
import { loadConfig } from './config';

// Node entry for `npm start`: open (and migrate) the database, seed a new one, serve everything on one port,
// and run the background jobs (draft builds, e-mail, go-live…) in the same process.
const config = loadConfig();
// Where it serves and which database it uses come first, before any library has a chance to print (the OAuth
// library warns about Node 20 when it loads, so the app is loaded after this line).
console.log(`${config.siteName}: serving ${config.siteUrl} on ${config.host}:${config.port}, database ${config.databasePath} (SQLite)`);

const [{ openDb }, { seedDatabase }, { flushListingViews }, { systemClock }, { startJobs }, { createApp }, { answerClientErrors }, { createLogger }, { createMetrics }] = await Promise.all([
  import('../storage/db'), import('../storage/seed'), import('../storage/queries/views'), import('../tools/clock'),
  import('../jobs/index'), import('./app'), import('./client-errors'), import('./ops/logger'), import('./ops/metrics'),
]);

const db = openDb(config.databasePath);
const seeded = seedDatabase(db, { demo: config.seedDemo, clock: systemClock });
if (seeded) console.log(`Seeded a new database at ${config.databasePath}${config.seedDemo ? ' with the demo directory' : ''}.`);
const logger = createLogger();
const metrics = createMetrics({ db, clock: systemClock });
const { app, close } = createApp({ db, config, clock: systemClock, logger, metrics });
const jobLog = logger.child({ component: 'jobs' });
const jobs = startJobs({
  db, clock: systemClock, config,
  log: (line) => jobLog.warn(line),
  observe: (e) => {
    if (e.phase === 'start') jobLog.info({ kind: e.kind, job_id: e.id, attempt: e.attempt }, 'job started');
    else {
      metrics.jobRuns.inc({ kind: e.kind, outcome: e.phase });
      metrics.jobDuration.observe({ kind: e.kind, outcome: e.phase }, e.seconds ?? 0);
      const fields = { kind: e.kind, job_id: e.id, attempt: e.attempt, outcome: e.phase, ms: Math.round((e.seconds ?? 0) * 1000) };
      if (e.phase === 'done') jobLog.info(fields, 'job finished');
      else jobLog.warn({ ...fields, error: e.error }, e.phase === 'retry' ? 'job attempt failed, will retry' : 'job failed');
    }
  },
});

const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  console.log(`${config.siteName} on ${config.siteUrl} (listening on ${info.address}:${info.port})`);
  console.log(`  REST ${config.siteUrl}/api/v1  ·  OpenAPI ${config.siteUrl}/api/v1/openapi.json  ·  MCP ${config.siteUrl}/mcp  ·  health /health  ·  metrics /metrics`);
});
answerClientErrors(server, config.siteUrl);

// Stop taking requests, let running jobs finish (an unfinished one is picked up again after restart),
// write the buffered page views, close the database.
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: shutting down…`);
  server.close();
  await jobs.stop({ graceMs: 10_000 });
  await close();
  flushListingViews(db);
  db.sqlite.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
