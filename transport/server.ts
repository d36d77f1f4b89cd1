import { serve } from '@hono/node-server';
import { loadConfig } from './config';
import { databaseLabel } from '../storage/database-label';
import { limitHeapGrowth } from './heap';

// Node entry for `npm start`: open (and migrate) the database, seed a new one, then by ROLE (transport/config.ts):
//   web     serve the site, REST, MCP and OAuth on one port;
//   worker  run the background jobs (draft builds, e-mail, go-live…) and their recurring schedules, and serve
//           only /health and /metrics on the port (liveness and the job metrics of this process);
//   all     both, in one process (the default).
// Any number of processes of each role may share one SQLite file (README, "Run on several processes").
// A reader of the output that goes away (a closed terminal, a log shipper that died, `npm start | head`) must not take
// the server down: writes to a closed stdout or stderr fail with EPIPE, an 'error' event that would otherwise be
// thrown, and a shutdown would stop at its first line before the buffered page views were written. They are dropped.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') throw err;
  });
}
const config = loadConfig();
limitHeapGrowth();
const role = config.role ?? 'all';
// Where it serves and which database it uses come first, before any library has a chance to print (the OAuth
// library warns about Node 20 when it loads, so the app is loaded after this line).
console.log(`${config.siteName}: ${role === 'worker' ? 'job worker' : `serving ${config.siteUrl}`} on ${config.host}:${config.port}, database ${databaseLabel(config)}, role ${role}`);

const [{ bootDatabase }, { flushListingViews }, { systemClock }, { createLogger }, { createMetrics }] = await Promise.all([
  import('../storage/boot'), import('../storage/queries/views'), import('../tools/clock'), import('./ops/logger'), import('./ops/metrics'),
]);

const { db, migrations, seeded, statisticsDropped } = await bootDatabase(config, { demo: config.seedDemo, clock: systemClock });
if (migrations.length) console.log(`Applied ${migrations.length} migration(s): ${migrations.join(', ')}`);
if (statisticsDropped) console.log('Dropped the SQLite planner statistics an ANALYZE had written: the app plans without them (README › Operating it › SQLite statistics).');
if (seeded) console.log(`Seeded a new database at ${databaseLabel(config)}${config.seedDemo ? ' with the demo directory' : ''}.`);
const logger = createLogger();
const metrics = createMetrics({ db, clock: systemClock });

const web = role === 'worker' ? null : await startWeb();
const jobs = role === 'web' ? null : await startWorkerRole();

async function startWeb() {
  const [{ createApp }, { answerClientErrors }, { listen }] = await Promise.all([import('./app'), import('./client-errors'), import('./node-front')]);
  const { app, listener, close } = createApp({ db, config, clock: systemClock, logger, metrics });
  const { server, address, port } = await listen(listener, config.port, config.host);
  console.log(`${config.siteName} on ${config.siteUrl} (listening on ${address}:${port})`);
  console.log(`  REST ${config.siteUrl}/api/v1  ·  OpenAPI ${config.siteUrl}/api/v1/openapi.json  ·  MCP ${config.siteUrl}/mcp  ·  health /health  ·  metrics /metrics`);
  answerClientErrors(server, config.siteUrl);
  // What most visitors open first is made now, not by the first of them (transport/warm-up.ts).
  const { warmUp } = await import('./warm-up');
  warmUp(db, app.fetch, config.siteUrl).then(
    ({ ms, read, failed }) => (failed.length
      ? logger.warn({ ms, read, failed }, 'warm-up left some answers to be made when first asked for')
      : logger.info({ ms, read }, 'warmed up')),
    (err: Error) => logger.warn({ error: err.message }, 'warm-up stopped; answers are made when first asked for'));
  return { server, close };
}

async function startWorkerRole() {
  const [{ startJobs }, { Hono }, { registerOps }] = await Promise.all([import('../jobs/index'), import('hono'), import('./ops/routes')]);
  const jobLog = logger.child({ component: 'jobs' });
  const worker = await startJobs({
    db, clock: systemClock, config, requeueOnStart: role === 'all',
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
  // A worker alone still answers /health and /metrics, so operators can watch it like a web node.
  let server: ReturnType<typeof serve> | null = null;
  if (role === 'worker') {
    const ops = new Hono();
    registerOps(ops, { db, config, logger, metrics });
    server = serve({ fetch: ops.fetch, port: config.port, hostname: config.host }, (info) => {
      console.log(`${config.siteName} job worker (listening on ${info.address}:${info.port}: /health and /metrics only)`);
    });
  }
  console.log('Job worker started.');
  return { worker, server };
}

// Stop taking requests, let running jobs finish (an unfinished one is picked up again once its lease runs out),
// write the buffered page views, close the database.
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: shutting down…`);
  web?.server.close();
  jobs?.server?.close();
  await jobs?.worker.stop({ graceMs: 10_000 });
  await web?.close();
  await flushListingViews(db);
  await db.engine.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
