import { afterAll, beforeAll, beforeEach } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { openDb, type Db } from '../../storage/db';
import { applyPgMigrations } from '../../storage/pg/migrate';
import { createPgPool, endPgPool } from '../../storage/pg/pool';
import { createDatabase, startPgCluster, type PgCluster } from './pg-cluster';

// For a contract suite that runs the same cases on both engines: a migrated SQLite database on a temp file and a
// migrated PostgreSQL database on a throwaway cluster, each made into the suite's store once both are up, and
// removed after the file. `name` names the temp folder and the PostgreSQL database (lower case, digits, _).
export function bothEngines<S>(name: string, make: { sqlite: (db: Db) => S; postgres: (pool: pg.Pool) => S }, opts: { poolMax?: number } = {}) {
  const env = { stores: {} as Record<string, S>, sqlite: undefined as unknown as Db, pool: undefined as unknown as pg.Pool };
  let cluster: PgCluster | undefined;
  let dir: string | undefined;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), `${name}-`));
    env.sqlite = openDb(join(dir, `${name}.db`));
    env.stores.sqlite = make.sqlite(env.sqlite);
    cluster = await startPgCluster();
    env.pool = createPgPool(await createDatabase(cluster.url, name), { max: opts.poolMax ?? 20 });
    await applyPgMigrations(env.pool);
    env.stores.postgres = make.postgres(env.pool);
  });
  afterAll(async () => {
    if (env.pool) await endPgPool(env.pool);
    await cluster?.stop();
    env.sqlite?.sqlite.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return env;
}

// n clients of the pool, each its own connection, all connected before any starts work: for requests at the same time.
export async function withClients<T>(pool: pg.Pool, n: number, work: (client: pg.PoolClient, i: number) => Promise<T>): Promise<T[]> {
  const clients = await Promise.all(Array.from({ length: n }, () => pool.connect()));
  try {
    return await Promise.all(clients.map((c, i) => work(c, i)));
  } finally {
    for (const c of clients) c.release();
  }
}

// The store of one engine, inside a describe.each over the engines: reset before each test. The stores exist only
// once bothEngines' beforeAll has run, so this answers a stand-in that reaches the engine's store when used.
export function storeEachTest<S extends { reset(): Promise<void> }>(stores: Record<string, S>, engine: string): S {
  beforeEach(async () => {
    await stores[engine].reset();
  });
  return new Proxy({} as S, { get: (_, key) => (stores[engine] as Record<string | symbol, unknown>)[key] });
}
