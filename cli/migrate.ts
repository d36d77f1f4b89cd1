import { loadConfig } from '../transport/config';
import { bootDatabase } from '../storage/boot';
import { databaseLabel } from '../storage/database-label';
import { systemClock } from '../tools/clock';

// `npm run migrate`: bring the database (DATABASE_URL, or the SQLite file at DATABASE_PATH) up to date (migrations, then the base data, and the demo
// directory when SEED_DEMO allows, if it is new) and exit. Run it once before starting several processes; `npm
// start` does the same on its own and is safe to start many times at once, so this is for deploy scripts that
// want the schema ready (and any failure seen) before traffic moves.
try {
  const config = loadConfig();
  const where = databaseLabel(config);
  const { db, migrations, seeded, statisticsDropped } = await bootDatabase(config, { demo: config.seedDemo, clock: systemClock });
  if (statisticsDropped) console.log('Dropped the SQLite planner statistics an ANALYZE had written: the app plans without them (README › Operating it › SQLite statistics).');
  console.log(migrations.length
    ? `Applied ${migrations.length} migration(s) to ${where}: ${migrations.join(', ')}`
    : `${where}: schema up to date, no migration applied.`);
  console.log(seeded
    ? `Seeded ${where} with the base data${config.seedDemo ? ' and the demo directory' : ''}.`
    : `${where}: already has data, nothing seeded.`);
  await db.engine.close();
} catch (e) {
  console.error(`migrate failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
