import { serve } from '@hono/node-server';
import { openDb } from '../storage/db';
import { seedDatabase } from '../storage/seed';
import { systemClock } from '../tools/clock';
import { createApp } from './app';
import { loadConfig } from './config';

// Node entry for `npm start`: open (and migrate) the database, seed a new one, serve everything on one port.
const config = loadConfig();
const db = openDb(config.databasePath);
const seeded = seedDatabase(db, { demo: config.seedDemo, clock: systemClock });
if (seeded) console.log(`Seeded a new database at ${config.databasePath}${config.seedDemo ? ' with the demo directory' : ''}.`);
const { app } = createApp({ db, config, clock: systemClock });

serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  console.log(`${config.siteName} on ${config.siteUrl} (listening on ${info.address}:${info.port})`);
  console.log(`  REST ${config.siteUrl}/api/v1  ·  OpenAPI ${config.siteUrl}/api/v1/openapi.json  ·  MCP ${config.siteUrl}/mcp`);
});
