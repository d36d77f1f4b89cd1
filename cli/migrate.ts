import { loadConfig } from '../transport/config';
import { bootDatabase } from '../storage/boot';
import { systemClock } from '../tools/clock';

// `npm run migrate`: bring the database at DATABASE_PATH up to date (migrations, then the base data, and the demo
// directory when SEED_DEMO allows, if it is new) and exit. Run it once before starting several processes; `npm
// start` does the same on its own and is safe to start many times at once, so this is for deploy scripts that
// want the schema ready (and any failure seen) before traffic moves.
try {
  const config = loadConfig();
  const { db, migrations, seeded } = await bootDatabase(config.databasePath, { demo: config.seedDemo, clock: systemClock });
  console.log(migrations.length
    ? `Applied ${migrations.length} migration(s) to ${config.databasePath}: ${migrations.join(', ')}`
    : `${config.databasePath}: schema up to date, no migration applied.`);
  console.log(seeded
    ? `Seeded ${config.databasePath} with the base data${config.seedDemo ? ' and the demo directory' : ''}.`
    : `${config.databasePath}: already has data, nothing seeded.`);
  db.sqlite.close();
} catch (e) {
  console.error(`migrate failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
