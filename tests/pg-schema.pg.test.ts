import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { is, getTableColumns, getTableName } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type pg from 'pg';
import { openDb, type Db } from '../storage/db';
import * as sqliteSchema from '../storage/schema';
import * as pgSchema from '../storage/pg/schema';
import { applyPgMigrations, MIGRATION_LOCK, PG_MIGRATIONS, readPgMigrations } from '../storage/pg/migrate';
import { createPgClient, createPgPool, endPgPool } from '../storage/pg/pool';
import { createDatabase, findPgBin, startPgCluster, type DatabaseOptions, type PgCluster } from './support/pg-cluster';
import { normaliseDefault, pgShape, sqliteShape, type SchemaShape } from './support/schema-shape';

// The PostgreSQL groundwork (issue 15) against a real, throwaway PostgreSQL: the migrations apply once and only once,
// also with three processes at the same moment; the schema is the SQLite one, table for table, column for column,
// index for index; the triggers bump the same change_versions topics as SQLite's on the same writes; and search finds
// listings by their words and through a typo. Run with `npm run test:pg` (needs initdb and pg_ctl; see .ci/run).

let cluster: PgCluster;
const pools: pg.Pool[] = [];
const sqliteDbs: Db[] = [];

beforeAll(async () => {
  cluster = await startPgCluster();
});

afterAll(async () => {
  await Promise.all(pools.map((p) => endPgPool(p)));
  for (const db of sqliteDbs) db.sqlite.close();
  await cluster?.stop();
});

async function freshPool(name: string, opts: DatabaseOptions = {}): Promise<pg.Pool> {
  const pool = createPgPool(await createDatabase(cluster.url, name, opts));
  pools.push(pool);
  return pool;
}

async function migratedPool(name: string, opts: DatabaseOptions = {}): Promise<pg.Pool> {
  const pool = await freshPool(name, opts);
  await applyPgMigrations(pool);
  return pool;
}

function freshSqlite(): Db {
  const db = openDb(':memory:');
  sqliteDbs.push(db);
  return db;
}

const ALL_TAGS = readPgMigrations().map((m) => m.tag);

describe('the test cluster', () => {
  it("finds initdb in Debian's versioned folder, the newest version first, when the PATH lacks it", () => {
    const root = mkdtempSync(join(tmpdir(), 'pg-bin-'));
    try {
      for (const v of ['9', '15', '16']) {
        mkdirSync(join(root, v, 'bin'), { recursive: true });
        for (const tool of ['initdb', 'pg_ctl']) writeFileSync(join(root, v, 'bin', tool), '#!/bin/sh\n', { mode: 0o755 });
      }
      expect(findPgBin({ path: '/nonexistent', debianRoot: root })).toBe(join(root, '16', 'bin'));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('says what is missing when initdb is nowhere to be found', async () => {
    await expect(startPgCluster({ path: '/nonexistent', debianRoot: '/nonexistent' })).rejects.toThrow(/need initdb and pg_ctl.*apt-get install postgresql/s);
  });

  it('listens on 127.0.0.1 only, with fsync off', async () => {
    const client = createPgClient(cluster.url);
    await client.connect();
    try {
      const { rows } = await client.query("SELECT current_setting('listen_addresses') AS listen, current_setting('fsync') AS fsync");
      expect(rows[0]).toEqual({ listen: '127.0.0.1', fsync: 'off' });
    } finally {
      await client.end();
    }
  });
});

describe('migrations', () => {
  it('apply to a fresh database in order, and a second run applies nothing', async () => {
    const pool = await freshPool('migrate_twice');
    expect(ALL_TAGS).toEqual(['0000_base', '0001_search', '0002_change_versions', '0003_change_log', '0004_sqlite_functions', '0005_limits', '0006_search_rank_lookup', '0007_browse_order_indexes', '0008_category_members_index', '0009_browse_nulls_order', '0010_search_vectors', '0011_first_launch_index']);
    expect(await applyPgMigrations(pool)).toEqual(ALL_TAGS);
    expect(await applyPgMigrations(pool)).toEqual([]);
    const { rows } = await pool.query('SELECT tag FROM __migrations ORDER BY tag');
    expect(rows.map((r) => r.tag)).toEqual(ALL_TAGS);
  });

  it('three migrators starting at the same moment all succeed, and each migration is applied once', async () => {
    const url = await createDatabase(cluster.url, 'migrate_race');
    // A fourth connection holds the migration lock until all three migrators are queued behind it, so they really
    // do contend for it, whatever the scheduling.
    const holder = createPgClient(url);
    const migrators = [createPgClient(url), createPgClient(url), createPgClient(url)];
    await Promise.all([holder, ...migrators].map((c) => c.connect()));
    try {
      await holder.query('BEGIN');
      await holder.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
      const runs = migrators.map((c) => applyPgMigrations(c));
      const waiting = async () =>
        (await holder.query(`SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`)).rows[0].n as number;
      for (let i = 0; i < 600 && (await waiting()) < 3; i++) await new Promise((r) => setTimeout(r, 50));
      expect(await waiting()).toBe(3);
      await holder.query('COMMIT');

      const applied = await Promise.all(runs);
      expect(applied.filter((a) => a.length > 0)).toEqual([ALL_TAGS]);
      expect(applied.filter((a) => a.length === 0)).toHaveLength(2);
      const { rows } = await holder.query('SELECT tag, count(*) AS n FROM __migrations GROUP BY tag ORDER BY tag');
      expect(rows).toEqual(ALL_TAGS.map((tag) => ({ tag, n: 1 })));
      expect((await holder.query("SELECT count(*) AS n FROM pg_trigger WHERE tgname = 'cv_listings_ai'")).rows[0].n).toBe(1);
    } finally {
      await Promise.all([holder, ...migrators].map((c) => c.end()));
    }
  });

  it('a migration added later is applied alone; one edited after it was applied is refused', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'pg-migrations-'));
    try {
      cpSync(PG_MIGRATIONS, folder, { recursive: true });
      const pool = await freshPool('migrate_later');
      expect(await applyPgMigrations(pool, folder)).toEqual(ALL_TAGS);
      writeFileSync(join(folder, '0099_later.sql'), 'CREATE TABLE later (id integer PRIMARY KEY);');
      expect(await applyPgMigrations(pool, folder)).toEqual(['0099_later']);
      expect(await applyPgMigrations(pool, folder)).toEqual([]);
      writeFileSync(join(folder, '0099_later.sql'), 'CREATE TABLE later (id bigint PRIMARY KEY);');
      await expect(applyPgMigrations(pool, folder)).rejects.toThrow(/0099_later was changed after it was applied/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('a failing migration leaves nothing of itself behind', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'pg-migrations-'));
    try {
      cpSync(PG_MIGRATIONS, folder, { recursive: true });
      writeFileSync(join(folder, '0099_broken.sql'), 'CREATE TABLE half (id integer); SELECT no_such_function();');
      const pool = await freshPool('migrate_broken');
      await expect(applyPgMigrations(pool, folder)).rejects.toThrow(/0099_broken failed/);
      expect((await pool.query("SELECT to_regclass('half') AS t, to_regclass('listings') AS l")).rows[0]).toEqual({ t: null, l: null });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('schema parity with SQLite', () => {
  let lite: SchemaShape;
  let pgs: SchemaShape;

  beforeAll(async () => {
    lite = sqliteShape(freshSqlite().sqlite);
    pgs = await pgShape(await migratedPool('parity_shape'));
  });

  // Beyond them only the shared limits' tables (LIMITS_STORE=postgres), which SQLite keeps in a file of its own
  // (storage/limits-db.ts) so that a count per request never moves the main database.
  const LIMITS_TABLES = ['rate_limits', 'view_digests', 'view_salts'];
  it('has every SQLite table and no other but the shared limits\' ones', () => {
    expect(lite.tables.size).toBeGreaterThan(40);
    expect([...pgs.tables.keys()].filter((t) => !LIMITS_TABLES.includes(t)).sort()).toEqual([...lite.tables.keys()].sort());
    expect([...pgs.tables.keys()].filter((t) => LIMITS_TABLES.includes(t)).sort()).toEqual(LIMITS_TABLES);
  });

  it('has every column of every table, with a compatible type, the same nullability and the same default', () => {
    const compatible: Record<string, string[]> = { integer: ['integer', 'bigint'], text: ['text'], blob: ['bytea'] };
    const differences: string[] = [];
    for (const [table, t] of lite.tables) {
      const p = pgs.tables.get(table)!;
      expect([...p.columns.keys()], table).toEqual([...t.columns.keys()]);
      for (const [name, c] of t.columns) {
        const pc = p.columns.get(name)!;
        const where = `${table}.${name}`;
        if (!compatible[c.type]?.includes(pc.type)) differences.push(`${where}: ${c.type} vs ${pc.type}`);
        if (pc.notNull !== c.notNull) differences.push(`${where}: not null ${c.notNull} vs ${pc.notNull}`);
        if (normaliseDefault(pc.default) !== normaliseDefault(c.default)) differences.push(`${where}: default ${c.default} vs ${pc.default}`);
        // Text compares and sorts byte by byte, as in SQLite, whatever the database's locale.
        if (pc.type === 'text' && pc.collation !== 'C') differences.push(`${where}: collation ${pc.collation}`);
      }
    }
    expect(differences).toEqual([]);
  });

  it('has the same primary keys, and an identity column where SQLite has an INTEGER PRIMARY KEY', () => {
    for (const [table, t] of lite.tables) {
      const p = pgs.tables.get(table)!;
      expect(p.primaryKey, table).toEqual(t.primaryKey);
      const rowid = t.primaryKey.length === 1 && t.columns.get(t.primaryKey[0])!.type === 'integer';
      const identities = [...p.columns].filter(([, c]) => c.identity).map(([name]) => name);
      expect(identities, table).toEqual(rowid ? t.primaryKey : []);
    }
  });

  it('has every SQLite index by name, on the same columns, in the same order and direction, as unique', () => {
    expect(lite.indexes.size).toBeGreaterThan(70);
    for (const [name, i] of lite.indexes) {
      expect(pgs.indexes.get(name), name).toEqual(i);
    }
    // Beyond them only the trigram search index, which stands for SQLite's FTS5 table with listings_fts, and the
    // shared limits' sweeps.
    const extra = [...pgs.indexes.keys()].filter((n) => !lite.indexes.has(n)).sort();
    expect(extra).toEqual(['listings_search_trgm', 'rate_limits_expire', 'view_digests_day']);
  });

  it('has the same foreign keys with the same ON DELETE', () => {
    expect(lite.foreignKeys.length).toBeGreaterThan(40);
    expect(pgs.foreignKeys).toEqual(lite.foreignKeys);
  });

  it('has every SQLite trigger, on the same table, event and UPDATE OF columns, with a WHEN where SQLite has one', () => {
    expect(lite.triggers.size).toBeGreaterThan(70);
    expect([...pgs.triggers.keys()].sort()).toEqual([...lite.triggers.keys()].sort());
    // The FTS5 table's triggers keep listings_fts's vectors in step on PostgreSQL, on the same events.
    for (const [name, t] of lite.triggers) expect(pgs.triggers.get(name), name).toEqual(t);
  });
});

describe('the drizzle PostgreSQL schema', () => {
  const pgTables = Object.entries(pgSchema as Record<string, unknown>).filter((e): e is [string, PgTable] => is(e[1], PgTable));
  const sqliteTables = Object.entries(sqliteSchema as Record<string, unknown>).filter((e): e is [string, SQLiteTable] => is(e[1], SQLiteTable));

  it('exports every SQLite table under the same name, with the same property and column names', () => {
    expect(sqliteTables.length).toBeGreaterThan(35);
    const pgByKey = new Map(pgTables);
    for (const [key, table] of sqliteTables) {
      const pt = pgByKey.get(key);
      expect(pt, key).toBeDefined();
      expect(getTableName(pt!)).toBe(getTableName(table));
      const shape = (cols: Record<string, { name: string; notNull: boolean; hasDefault: boolean; primary: boolean }>) =>
        Object.fromEntries(Object.entries(cols).map(([k, c]) => [k, { name: c.name, notNull: c.notNull, hasDefault: c.hasDefault, primary: c.primary }]));
      expect(shape(getTableColumns(pt!)), key).toEqual(shape(getTableColumns(table)));
    }
    // Beyond them only the tables SQLite's triggers keep, which its schema leaves to the migrations.
    const sqliteKeys = new Set(sqliteTables.map(([k]) => k));
    expect(pgTables.map(([k]) => k).filter((k) => !sqliteKeys.has(k)).sort()).toEqual(['changeVersions', 'searchTermsLog', 'weeklyVotes']);
  });

  it('describes the tables the migrations make: types, nullability, defaults, keys and indexes', async () => {
    const shape = await pgShape(await migratedPool('drizzle_shape'));
    const differences: string[] = [];
    for (const [, table] of pgTables) {
      const config = getTableConfig(table);
      const db = shape.tables.get(config.name);
      if (!db) {
        differences.push(`${config.name}: no such table`);
        continue;
      }
      expect(config.columns.map((c) => c.name).sort(), config.name).toEqual([...db.columns.keys()].sort());
      for (const c of config.columns) {
        const dc = db.columns.get(c.name)!;
        const where = `${config.name}.${c.name}`;
        if (c.getSQLType() !== dc.type) differences.push(`${where}: ${c.getSQLType()} vs ${dc.type}`);
        if (c.notNull !== dc.notNull) differences.push(`${where}: not null ${c.notNull} vs ${dc.notNull}`);
        if (c.hasDefault !== (dc.default !== null || !!dc.identity)) differences.push(`${where}: default ${c.hasDefault} vs ${dc.default}`);
        if (!!c.generatedIdentity !== !!dc.identity) differences.push(`${where}: identity`);
        if (c.isUnique && !shape.indexes.get(c.uniqueName!)?.unique) differences.push(`${where}: unique ${c.uniqueName} missing`);
      }
      const pk = config.primaryKeys[0]?.columns.map((c) => c.name) ?? config.columns.filter((c) => c.primary).map((c) => c.name);
      if (pk.join() !== db.primaryKey.join()) differences.push(`${config.name}: primary key ${pk} vs ${db.primaryKey}`);
      for (const i of config.indexes) {
        const di = shape.indexes.get(i.config.name!);
        if (!di || di.table !== config.name || di.unique !== !!i.config.unique) differences.push(`${config.name}: index ${i.config.name}`);
      }
      for (const f of config.foreignKeys) {
        const r = f.reference();
        const action = (f.onDelete ?? 'no action').toUpperCase();
        const line = `${config.name}(${r.columns.map((c) => c.name).join(', ')}) -> ${getTableName(r.foreignTable)}(${r.foreignColumns.map((c) => c.name).join(', ')}) on delete ${action.toLowerCase()}`;
        if (!shape.foreignKeys.includes(line)) differences.push(`foreign key ${line}`);
      }
    }
    expect(differences).toEqual([]);
  });
  it('reads and writes rows as the SQLite schema does: booleans, JSON, big integers and bytes', async () => {
    const pool = await migratedPool('drizzle_rows');
    const pgOrm = drizzlePg(pool, { schema: pgSchema });
    const liteDb = freshSqlite();
    const lite = liteDb.orm;
    const at = '2025-01-06T09:00:00.000Z';
    const user = { email: 'ann@example.com', isDemo: true, createdAt: at };
    const listing = {
      slug: 'rocketship', name: 'Rocketship', url: 'https://rocketship.example', domain: 'rocketship.example', ownerUserId: 1,
      features: ['Dashboards', 'Alerts'], socials: { x: 'https://x.example/rocketship' }, story: { title: 'Why', story: 'Because' },
      pricingPlans: [{ name: 'Pro', price: '$9', period: 'month', features: ['all'] }], featured: true, createdAt: at, updatedAt: at,
    };
    const report = { listingId: 1, mrrCents: 3_000_000_000, period: '2025-01-01', verifiedBy: 'stripe', recordedOn: '2025-02-01' };
    const logo = { id: 'abc', contentType: 'image/png', bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 255]), width: 1, height: 1, sourceUrl: 'https://rocketship.example/logo.png', createdAt: at };
    lite.insert(sqliteSchema.users).values(user).run();
    lite.insert(sqliteSchema.listings).values(listing).run();
    lite.insert(sqliteSchema.revenueReports).values(report).run();
    lite.insert(sqliteSchema.logos).values(logo).run();
    await pgOrm.insert(pgSchema.users).values(user);
    await pgOrm.insert(pgSchema.listings).values(listing);
    await pgOrm.insert(pgSchema.revenueReports).values(report);
    await pgOrm.insert(pgSchema.logos).values(logo);

    const pgListing = await pgOrm.select().from(pgSchema.listings);
    expect(pgListing).toEqual(lite.select().from(sqliteSchema.listings).all());
    expect(pgListing[0]).toMatchObject({ featured: true, verified: false, features: ['Dashboards', 'Alerts'], faqs: [], tags: [], id: 1 });
    expect(await pgOrm.select().from(pgSchema.users)).toEqual(lite.select().from(sqliteSchema.users).all());
    expect(await pgOrm.select().from(pgSchema.revenueReports)).toEqual(lite.select().from(sqliteSchema.revenueReports).all());
    expect(await pgOrm.select().from(pgSchema.logos)).toEqual(lite.select().from(sqliteSchema.logos).all());
    // And in raw SQL, what is stored is what SQLite stores: 0/1 and JSON text.
    const raw = 'SELECT featured, verified, features, socials, mrr_cents FROM listings JOIN revenue_reports ON listing_id = listings.id';
    expect((await pool.query(raw)).rows).toEqual(liteDb.sqlite.prepare(raw).all());
  });
});

// One statement list per write, run as it stands on both engines.
type Write = { what: string; sql: string[] };
const WRITES: Write[] = [
  { what: 'a user signs up', sql: ["INSERT INTO users (email, created_at) VALUES ('ann@example.com', '2025-01-06T09:00:00.000Z')"] },
  { what: 'a second user', sql: ["INSERT INTO users (email, created_at) VALUES ('bob@example.com', '2025-01-06T09:00:00.000Z')"] },
  { what: 'a category', sql: ["INSERT INTO categories (slug, name) VALUES ('analytics', 'Analytics')"] },
  {
    what: 'a listing is submitted',
    sql: [`INSERT INTO listings (slug, name, url, domain, tagline, description, keywords, primary_category_id, owner_user_id, created_at, updated_at)
      VALUES ('rocketship', 'Rocketship', 'https://rocketship.example', 'rocketship.example', 'Dashboards for startups', 'Track growth', '["seo"]', 1, 1,
        '2025-01-06T09:00:00.000Z', '2025-01-06T09:00:00.000Z')`],
  },
  { what: 'its category', sql: ['INSERT INTO listing_categories (listing_id, category_id, is_primary) VALUES (1, 1, 1)'] },
  { what: 'the same tagline written again', sql: ["UPDATE listings SET tagline = 'Dashboards for startups' WHERE id = 1"] },
  { what: 'a new tagline', sql: ["UPDATE listings SET tagline = 'Privacy first dashboards', updated_at = '2025-01-07T09:00:00.000Z' WHERE id = 1"] },
  {
    what: "an owner's edit that writes every editable column and changes none",
    sql: [`UPDATE listings SET name = 'Rocketship', tagline = 'Privacy first dashboards', description = 'Track growth', keywords = '["seo"]', slug = slug, url = url, domain = domain,
      logo_url = logo_url, stage = stage, pricing_model = pricing_model, country = country, primary_category_id = primary_category_id,
      status = status, launch_week = launch_week, launched_at = launched_at, featured = featured, verified = verified WHERE id = 1`],
  },
  { what: 'it goes live', sql: ["UPDATE listings SET status = 'live', launch_week = '2025-01-06', launched_at = '2025-01-06T10:00:00.000Z' WHERE id = 1"] },
  {
    what: 'a vote late on Sunday in UTC-2, which is Monday in UTC',
    sql: [
      "INSERT INTO votes (listing_id, user_id, created_at) VALUES (1, 1, '2025-01-12T23:30:00.000-02:00')",
      'UPDATE listings SET votes_count = (SELECT count(*) FROM votes WHERE listing_id = 1) WHERE id = 1',
    ],
  },
  {
    what: 'a vote with a time without offset',
    sql: [
      "INSERT INTO votes (listing_id, user_id, created_at) VALUES (1, 2, '2025-01-12 23:30:00')",
      'UPDATE listings SET votes_count = (SELECT count(*) FROM votes WHERE listing_id = 1) WHERE id = 1',
    ],
  },
  { what: 'a page view', sql: ['UPDATE listings SET views_count = views_count + 1 WHERE id = 1'] },
  {
    what: 'a follow',
    sql: [
      "INSERT INTO follows (listing_id, user_id, created_at) VALUES (1, 2, '2025-01-13T08:00:00.000Z')",
      'UPDATE listings SET follows_count = (SELECT count(*) FROM follows WHERE listing_id = 1) WHERE id = 1',
    ],
  },
  {
    what: 'a vote withdrawn',
    sql: ['DELETE FROM votes WHERE listing_id = 1 AND user_id = 1', 'UPDATE listings SET votes_count = (SELECT count(*) FROM votes WHERE listing_id = 1) WHERE id = 1'],
  },
  {
    what: 'a setting written, then overwritten through an upsert',
    sql: [
      "INSERT INTO settings (key, value) VALUES ('motd', 'hello') ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      "INSERT INTO settings (key, value) VALUES ('motd', 'hi') ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    ],
  },
  { what: 'the listing deleted, with its votes, follows and categories', sql: ['DELETE FROM listings WHERE id = 1'] },
];

type Versions = Map<string, number>;
const delta = (before: Versions, after: Versions) => {
  const d: Record<string, number> = {};
  for (const [topic, v] of after) if (v !== (before.get(topic) ?? 0)) d[topic] = v - (before.get(topic) ?? 0);
  return d;
};

describe('triggers: the same writes bump the same topics as on SQLite', () => {
  it.each([
    ['a byte-order database in UTC', 'triggers_c', {}],
    ['a database with a language collation (ICU en-US) and sessions in UTC-3', 'triggers_icu', { icuLocale: 'en-US', timeZone: 'America/Sao_Paulo' }],
  ] as const)('on %s', async (_, name, opts: DatabaseOptions) => {
    const pool = await migratedPool(name, opts);
    const lite = freshSqlite().sqlite;
    const liteVersions = (): Versions => new Map((lite.prepare('SELECT topic, version FROM change_versions').all() as { topic: string; version: number }[]).map((r) => [r.topic, r.version]));
    const pgVersions = async (): Promise<Versions> => new Map((await pool.query('SELECT topic, version FROM change_versions')).rows.map((r) => [r.topic, r.version]));
    const liteRows = (sql: string) => lite.prepare(sql).all();
    const pgRows = async (sql: string) => (await pool.query(sql)).rows;
    const LOG = 'SELECT listing_id, old_text FROM search_terms_log ORDER BY id';
    const WEEKLY = 'SELECT week, listing_id, votes FROM weekly_votes ORDER BY week, listing_id';

    const seen: Record<string, Record<string, number>> = {};
    for (const write of WRITES) {
      const [liteBefore, pgBefore] = [liteVersions(), await pgVersions()];
      for (const statement of write.sql) {
        lite.exec(statement);
        await pool.query(statement);
      }
      const liteDelta = delta(liteBefore, liteVersions());
      expect(delta(pgBefore, await pgVersions()), write.what).toEqual(liteDelta);
      expect(await pgRows(LOG), write.what).toEqual(liteRows(LOG));
      expect(await pgRows(WEEKLY), write.what).toEqual(liteRows(WEEKLY));
      seen[write.what] = liteDelta;
    }

    // What the comparison covered, so it cannot pass on two engines that both bump nothing.
    expect(seen['a listing is submitted']).toEqual({ listing_status: 1, listings: 1, 'listing:1': 1, listing_lists: 1 });
    expect(seen['the same tagline written again']).toEqual({ listings: 1, 'listing:1': 1 });
    expect(seen["an owner's edit that writes every editable column and changes none"]).not.toHaveProperty('listing_lists');
    expect(seen['it goes live']).toMatchObject({ listing_lists: 1, listing_status: 1 });
    expect(seen['a vote late on Sunday in UTC-2, which is Monday in UTC']).toEqual({ votes: 2, 'listing:1': 2 });
    expect(seen['a page view']).toEqual({ views: 1 });
    expect(seen['a setting written, then overwritten through an upsert']).toEqual({ settings: 2 });
    expect(seen['the listing deleted, with its votes, follows and categories']).toMatchObject({ listing_lists: 1, follows: 1, votes: 1, listing_categories: 1 });
    expect(await pgRows(LOG)).toEqual([
      { listing_id: 1, old_text: null },
      { listing_id: 1, old_text: 'Rocketship Dashboards for startups Track growth ["seo"]' },
      { listing_id: 1, old_text: 'Rocketship Privacy first dashboards Track growth ["seo"]' },
    ]);
    expect(await pgRows(WEEKLY)).toEqual([{ week: '2025-01-06', listing_id: 1, votes: 0 }, { week: '2025-01-13', listing_id: 1, votes: 0 }]);
  });
});

describe('text', () => {
  it('sorts and compares byte by byte as SQLite does, also in a database with a language collation', async () => {
    const pool = await migratedPool('collation_icu', { icuLocale: 'en-US' });
    const lite = freshSqlite().sqlite;
    expect((await pool.query('SELECT datlocprovider FROM pg_database WHERE datname = current_database()')).rows[0].datlocprovider).toBe('i');
    const names = ['beta', 'Beta', 'alpha', 'Zulu', '_under', 'émile', 'Émile', '10', '9'];
    for (const [i, n] of names.entries()) {
      const sql = `INSERT INTO categories (slug, name) VALUES ('c${i}', '${n}')`;
      lite.exec(sql);
      await pool.query(sql);
    }
    const order = 'SELECT name FROM categories ORDER BY name';
    const liteOrder = (lite.prepare(order).all() as { name: string }[]).map((r) => r.name);
    expect((await pool.query(order)).rows.map((r) => r.name)).toEqual(liteOrder);
    expect(liteOrder.slice(0, 4)).toEqual(['10', '9', 'Beta', 'Zulu']); // upper case before lower case, as bytes go
    const cmp = "SELECT count(*) AS n FROM categories WHERE name > 'Zulu' AND upper(name) = 'BETA'";
    expect((await pool.query(cmp)).rows[0].n).toBe((lite.prepare(cmp).get() as { n: number }).n);
    expect((lite.prepare(cmp).get() as { n: number }).n).toBe(1); // 'beta' sorts after 'Zulu'
    // upper() and lower() change ASCII letters only, in both.
    const cases = "SELECT upper(name) AS u, lower(name) AS l FROM categories WHERE slug IN ('c5', 'c6') ORDER BY slug";
    expect((await pool.query(cases)).rows).toEqual(lite.prepare(cases).all());
  });
});

describe('search', () => {
  let pool: pg.Pool;
  let lite: Db['sqlite'];
  const LISTINGS = [
    { slug: 'rocketship', name: 'Rocketship Analytics', tagline: 'Café dashboards for startups', description: 'Track growth metrics every week', keywords: '["seo","crm"]' },
    { slug: 'invoice-pilot', name: 'Invoice Pilot', tagline: 'Billing on autopilot', description: 'Send invoices and chase payments', keywords: '["billing"]' },
    { slug: 'notebook', name: 'Notebook', tagline: 'Notes for teams', description: 'Shared notes with analytics built in', keywords: '[]' },
  ];
  const ids = async (sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows.map((r) => r.slug);
  const VECTOR = 'listing_search_vector(l.name, l.tagline, l.description, l.keywords)';
  const WORDS = 'listing_search_words(l.name, l.tagline, l.description, l.keywords)';

  beforeAll(async () => {
    pool = await migratedPool('search');
    lite = freshSqlite().sqlite;
    for (const l of LISTINGS) {
      const sql = `INSERT INTO listings (slug, name, url, domain, tagline, description, keywords, created_at, updated_at)
        VALUES ('${l.slug}', '${l.name}', 'https://${l.slug}.example', '${l.slug}.example', '${l.tagline}', '${l.description}', '${l.keywords}', 't', 't')`;
      await pool.query(sql);
      lite.exec(sql);
    }
  });

  it('finds a listing by the words of its name, tagline, description and keywords, without diacritics or case', async () => {
    const find = (q: string) => ids(`SELECT l.slug FROM listings l WHERE ${VECTOR} @@ plainto_tsquery('listing_search', $1) ORDER BY l.id`, [q]);
    expect(await find('dashboards startups')).toEqual(['rocketship']);
    expect(await find('CAFE')).toEqual(['rocketship']);
    expect(await find('café')).toEqual(['rocketship']);
    expect(await find('billing')).toEqual(['invoice-pilot']);
    expect(await find('crm')).toEqual(['rocketship']); // a keyword, from the JSON list
    expect(await find('analytics')).toEqual(['rocketship', 'notebook']);
    expect(await find('spreadsheets')).toEqual([]);
  });

  it('ranks a hit in the name above a hit in the description', async () => {
    const ranked = await ids(`SELECT l.slug FROM listings l, plainto_tsquery('listing_search', 'analytics') q
      WHERE ${VECTOR} @@ q ORDER BY ts_rank(${VECTOR}, q) DESC`);
    expect(ranked).toEqual(['rocketship', 'notebook']);
  });

  it('finds a listing through a misspelt word by trigram similarity', async () => {
    const typo = (word: string) => ids(`SELECT l.slug FROM listings l WHERE $1 <% ${WORDS} ORDER BY word_similarity($1, ${WORDS}) DESC, l.id`, [word]);
    expect(await typo('invoise')).toEqual(['invoice-pilot']);
    expect(await typo('analytcs')).toEqual(['rocketship', 'notebook']);
    expect(await typo('rocketsihp')).toEqual(['rocketship']);
    expect(await typo('zzzqqq')).toEqual([]);
  });

  it('answers both searches from their GIN indexes', async () => {
    const client = await pool.connect();
    try {
      await client.query('SET enable_seqscan = off');
      const plan = async (sql: string) => (await client.query(`EXPLAIN ${sql}`)).rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(await plan(`SELECT listing_id FROM listings_fts WHERE vector @@ plainto_tsquery('listing_search', 'cafe')`)).toMatch(/Index Scan on listings_fts_vector\b/);
      expect(await plan(`SELECT l.id FROM listings l WHERE 'invoise' <% ${WORDS}`)).toMatch(/Index Scan on listings_search_trgm\b/);
    } finally {
      await client.query('RESET enable_seqscan');
      client.release();
    }
  });

  it('reads the same typo vocabulary as SQLite from listings_fts_vocab (term, doc) for plain words', async () => {
    const vocab = 'SELECT term, doc FROM listings_fts_vocab ORDER BY term';
    const pgVocab = (await pool.query(vocab)).rows;
    expect(pgVocab.length).toBeGreaterThan(20);
    expect(pgVocab).toEqual(lite.prepare(vocab).all());
  });

  it('keeps each listing\'s search vector in listings_fts in step with its text, through inserts, edits and deletions', async () => {
    const inStep = async () => {
      const kept = (await pool.query('SELECT listing_id AS id, vector::text AS v FROM listings_fts ORDER BY listing_id')).rows;
      const made = (await pool.query(`SELECT id, ${VECTOR}::text AS v FROM listings l ORDER BY id`)).rows;
      expect(kept).toEqual(made);
      return kept.length;
    };
    expect(await inStep()).toBe(LISTINGS.length);
    await pool.query(`INSERT INTO listings (slug, name, url, domain, tagline, created_at, updated_at)
      VALUES ('ledgerly', 'Ledgerly', 'https://ledgerly.example', 'ledgerly.example', 'Bücher für Cafés', 't', 't')`);
    expect(await inStep()).toBe(LISTINGS.length + 1);
    await pool.query("UPDATE listings SET name = 'Ledgerly Books', keywords = '[\"bookkeeping\"]' WHERE slug = 'ledgerly'");
    await pool.query("UPDATE listings SET views_count = 9 WHERE slug = 'ledgerly'");
    await inStep();
    const found = (q: string) => ids(`SELECT l.slug FROM listings_fts s JOIN listings l ON l.id = s.listing_id
      WHERE s.vector @@ plainto_tsquery('listing_search', $1)`, [q]);
    expect(await found('bookkeeping books')).toEqual(['ledgerly']);
    expect(await found('cafes')).toEqual(['ledgerly']);
    await pool.query("DELETE FROM listings WHERE slug = 'ledgerly'");
    expect(await inStep()).toBe(LISTINGS.length);
    expect(await found('bookkeeping')).toEqual([]);
  });

  it('logs the text a listing had before a change, and a deletion', async () => {
    const before = Number((await pool.query('SELECT max(id) AS n FROM search_terms_log')).rows[0].n);
    await pool.query("UPDATE listings SET tagline = 'Billing that runs itself' WHERE slug = 'invoice-pilot'");
    await pool.query("UPDATE listings SET tagline = 'Billing that runs itself', views_count = 5 WHERE slug = 'invoice-pilot'");
    await pool.query("DELETE FROM listings WHERE slug = 'notebook'");
    const { rows } = await pool.query('SELECT listing_id, old_text FROM search_terms_log WHERE id > $1 ORDER BY id', [before]);
    expect(rows).toEqual([
      { listing_id: 2, old_text: 'Invoice Pilot Billing on autopilot Send invoices and chase payments ["billing"]' },
      { listing_id: 3, old_text: 'Notebook Notes for teams Shared notes with analytics built in []' },
    ]);
  });
});
