import { serve } from '@hono/node-server';
import { openDb } from '../storage/db';
import { seedDatabase } from '../storage/seed';
import { flushListingViews } from '../storage/queries/views';
import { systemClock } from '../tools/clock';
import { startJobs } from '../jobs/index';
import { createApp } from './app';
import { loadConfig } from './config';
import { answerClientErrors } from './client-errors';

// Node entry for `npm start`: open (and migrate) the database, seed a new one, serve everything on one port,
// and run the background jobs (draft builds, e-mail, go-live…) in the same process.
const config = loadConfig();
const db = openDb(config.databasePath);
const seeded = seedDatabase(db, { demo: config.seedDemo, clock: systemClock });
if (seeded) console.log(`Seeded a new database at ${config.databasePath}${config.seedDemo ? ' with the demo directory' : ''}.`);
const { app, close } = createApp({ db, config, clock: systemClock });
const jobs = startJobs({ db, clock: systemClock, config });

const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  console.log(`${config.siteName} on ${config.siteUrl} (listening on ${info.address}:${info.port})`);
  console.log(`  REST ${config.siteUrl}/api/v1  ·  OpenAPI ${config.siteUrl}/api/v1/openapi.json  ·  MCP ${config.siteUrl}/mcp`);
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
