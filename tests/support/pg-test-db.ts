import pg from 'pg';
import { inject } from 'vitest';
import { openPgDb } from '../../storage/pg/open';
import { seedDatabase } from '../../storage/seed';
import { fixedClock } from '../../tools/clock';
import type { Db } from '../../storage/db';

// The whole suite on PostgreSQL (`npm run test:pg`): tests/support/pg-global-setup.ts starts one throwaway cluster
// for the run, and every app a test starts gets a database of its own, copied from a template that was migrated
// and seeded once per seed variant (demo or not, and the seed's clock): CREATE DATABASE … TEMPLATE copies files,
// where migrating and seeding each time would cost seconds per app.

export const testEngine = (): 'sqlite' | 'postgres' => (process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite');

// The run's cluster, as its superuser (a URL naming its maintenance database).
export const adminUrl = (): string => {
  const url = inject('pgAdminUrl' as never) as string | undefined;
  if (!url) throw new Error('TEST_DATABASE=postgres needs the cluster of tests/support/pg-global-setup.ts (npm run test:pg)');
  return url;
};

export const withName = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

async function admin<T>(work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: adminUrl() });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

const TEMPLATE_LOCK = 7346119001;

// The template for a seed variant, made by the first test process that needs it (the others wait on a lock).
async function templateFor(seed: { demo: boolean; now: string }): Promise<string> {
  const name = `tpl_${seed.demo ? 'demo' : 'base'}_${seed.now.replace(/[^0-9]/g, '').slice(0, 14)}`;
  return admin(async (c) => {
    await c.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const exists = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (exists.rowCount) return name;
      await c.query(`CREATE DATABASE ${name}_wip`);
      const db = await openPgDb(withName(adminUrl(), `${name}_wip`), { poolSize: 2 });
      try {
        await seedDatabase(db, { demo: seed.demo, clock: fixedClock(seed.now) });
      } finally {
        await db.engine.close();
      }
      await c.query(`ALTER DATABASE ${name}_wip RENAME TO ${name}`);
      return name;
    } finally {
      await c.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
}

let counter = 0;
// A database name no other test process of the run uses.
export const uniqueDbName = () => `t_${process.pid}_${++counter}_${Math.random().toString(36).slice(2, 8)}`;

// A new database for one app, seeded as asked; `drop` closes it and removes it.
export async function freshPgDb(seed: { demo: boolean; now: string }, poolSize = 5): Promise<{ db: Db; url: string; drop(): Promise<void> }> {
  const template = await templateFor(seed);
  const name = uniqueDbName();
  await admin((c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  const url = withName(adminUrl(), name);
  const db = await openPgDb(url, { poolSize });
  return {
    db, url,
    async drop() {
      await db.engine.close();
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
