import type Database from 'better-sqlite3';
import type pg from 'pg';

// The shape of a schema as both engines can report it, so the SQLite schema and the PostgreSQL one can be compared
// part by part: tables and columns, primary keys, indexes, foreign keys and triggers.

export type Column = { type: string; notNull: boolean; default: string | null; collation?: string | null; identity?: boolean };
export type Table = { columns: Map<string, Column>; primaryKey: string[] };
// A key part is a column name, or null for an expression.
export type Index = { table: string; unique: boolean; keys: (string | null)[]; descending: boolean[] };
export type Trigger = { table: string; event: string; columns: string[] | null; when: boolean };
export type SchemaShape = { tables: Map<string, Table>; indexes: Map<string, Index>; foreignKeys: string[]; triggers: Map<string, Trigger> };

const fk = (table: string, from: string[], ref: string, to: string[], onDelete: string) =>
  `${table}(${from.join(', ')}) -> ${ref}(${to.join(', ')}) on delete ${onDelete.toLowerCase()}`;

// "CREATE TRIGGER name AFTER UPDATE OF a, b ON [schema.]table ... WHEN ..." — both engines print triggers this way.
function parseTrigger(sql: string): Trigger {
  const m = /AFTER (INSERT|UPDATE|DELETE)(?: OF ([^]*?))? ON (?:\w+\.)?(\w+)/i.exec(sql);
  if (!m) throw new Error(`unexpected trigger definition: ${sql}`);
  const head = sql.split(/\bBEGIN\b|\bEXECUTE FUNCTION\b/i)[0];
  return { table: m[3], event: m[1].toUpperCase(), columns: m[2] ? m[2].split(',').map((c) => c.trim()).sort() : null, when: /\bWHEN\b/i.test(head) };
}

// SQLite's own bookkeeping and the FTS5 table with its shadow tables (PostgreSQL indexes expressions instead).
const SQLITE_INTERNAL = /^(sqlite_|__drizzle_migrations$|listings_fts)/;

export function sqliteShape(db: Database.Database): SchemaShape {
  const names = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[])
    .map((r) => r.name)
    .filter((n) => !SQLITE_INTERNAL.test(n));
  const tables = new Map<string, Table>();
  const foreignKeys: string[] = [];
  for (const name of names) {
    const info = db.prepare(`PRAGMA table_info("${name}")`).all() as { name: string; type: string; notnull: number; dflt_value: string | null; pk: number }[];
    tables.set(name, {
      // A primary key column cannot hold NULL in PostgreSQL; nor, in practice, in SQLite (an INTEGER PRIMARY KEY is the rowid).
      columns: new Map(info.map((c) => [c.name, { type: c.type.toLowerCase(), notNull: c.notnull === 1 || c.pk > 0, default: c.dflt_value }])),
      primaryKey: info.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => c.name),
    });
    const fks = db.prepare(`PRAGMA foreign_key_list("${name}")`).all() as { id: number; seq: number; table: string; from: string; to: string; on_delete: string }[];
    for (const id of new Set(fks.map((f) => f.id))) {
      const parts = fks.filter((f) => f.id === id).sort((a, b) => a.seq - b.seq);
      foreignKeys.push(fk(name, parts.map((p) => p.from), parts[0].table, parts.map((p) => p.to), parts[0].on_delete));
    }
  }
  const indexes = new Map<string, Index>();
  const indexRows = db.prepare("SELECT name, tbl_name AS tbl FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL").all() as { name: string; tbl: string }[];
  for (const { name, tbl } of indexRows.filter((r) => !SQLITE_INTERNAL.test(r.tbl))) {
    const unique = (db.prepare(`PRAGMA index_list("${tbl}")`).all() as { name: string; unique: number }[]).find((i) => i.name === name)!.unique === 1;
    const keys = (db.prepare(`PRAGMA index_xinfo("${name}")`).all() as { seqno: number; name: string | null; desc: number; key: number }[])
      .filter((k) => k.key === 1)
      .sort((a, b) => a.seqno - b.seqno);
    indexes.set(name, { table: tbl, unique, keys: keys.map((k) => k.name), descending: keys.map((k) => k.desc === 1) });
  }
  const triggers = new Map<string, Trigger>();
  for (const t of db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'").all() as { name: string; sql: string }[]) {
    triggers.set(t.name, parseTrigger(t.sql));
  }
  return { tables, indexes, foreignKeys: foreignKeys.sort(), triggers };
}

const PG_DELETE_ACTION: Record<string, string> = { a: 'NO ACTION', r: 'RESTRICT', c: 'CASCADE', n: 'SET NULL', d: 'SET DEFAULT' };
// The migrations' own table, and listings_fts: the kept search vectors that stand for SQLite's FTS5 table of that name.
const PG_INTERNAL = new Set(['__migrations', 'listings_fts']);

export async function pgShape(db: Pick<pg.ClientBase, 'query'>): Promise<SchemaShape> {
  const columns = await db.query<{ table: string; name: string; type: string; nullable: string; default: string | null; collation: string | null; identity: string }>(`
    SELECT c.table_name AS table, c.column_name AS name, c.data_type AS type, c.is_nullable AS nullable,
      c.column_default AS default, c.collation_name AS collation, c.is_identity AS identity
    FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
    WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
    ORDER BY c.table_name, c.ordinal_position`);
  const tables = new Map<string, Table>();
  for (const c of columns.rows.filter((r) => !PG_INTERNAL.has(r.table))) {
    if (!tables.has(c.table)) tables.set(c.table, { columns: new Map(), primaryKey: [] });
    tables.get(c.table)!.columns.set(c.name, {
      type: c.type, notNull: c.nullable === 'NO', default: c.default, collation: c.collation, identity: c.identity === 'YES',
    });
  }
  const indexRows = await db.query<{ name: string; table: string; unique: boolean; primary: boolean; keys: string[]; descending: boolean[] }>(`
    SELECT i.relname AS name, t.relname AS table, x.indisunique AS unique, x.indisprimary AS primary,
      array(SELECT pg_get_indexdef(x.indexrelid, k, true) FROM generate_series(1, x.indnkeyatts) k ORDER BY k) AS keys,
      array(SELECT (x.indoption[k - 1] & 1) = 1 FROM generate_series(1, x.indnkeyatts) k ORDER BY k) AS descending
    FROM pg_index x
      JOIN pg_class i ON i.oid = x.indexrelid
      JOIN pg_class t ON t.oid = x.indrelid
    WHERE t.relnamespace = current_schema()::regnamespace`);
  const indexes = new Map<string, Index>();
  for (const r of indexRows.rows.filter((r) => !PG_INTERNAL.has(r.table))) {
    // pg_get_indexdef prints a column as its (quoted when needed) name, an expression as the expression.
    const keys = r.keys.map((k) => (/^"?[a-z_][a-z0-9_]*"?$/.test(k) ? k.replace(/"/g, '') : null));
    if (r.primary) tables.get(r.table)!.primaryKey = keys as string[];
    else indexes.set(r.name, { table: r.table, unique: r.unique, keys, descending: r.descending });
  }
  const fks = await db.query<{ table: string; ref: string; cols: string[]; refcols: string[]; on_delete: string }>(`
    SELECT c.conrelid::regclass::text AS table, c.confrelid::regclass::text AS ref, c.confdeltype AS on_delete,
      array(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY k(n, i)
        JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n ORDER BY k.i) AS cols,
      array(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY k(n, i)
        JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n ORDER BY k.i) AS refcols
    FROM pg_constraint c WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace`);
  const foreignKeys = fks.rows.map((r) => fk(r.table, r.cols, r.ref, r.refcols, PG_DELETE_ACTION[r.on_delete])).sort();
  const triggerRows = await db.query<{ name: string; def: string }>(`
    SELECT t.tgname AS name, pg_get_triggerdef(t.oid) AS def FROM pg_trigger t
    WHERE NOT t.tgisinternal AND t.tgrelid::regclass::text NOT LIKE 'pg_%'`);
  const triggers = new Map(triggerRows.rows.map((t) => [t.name, parseTrigger(t.def)] as const));
  return { tables, indexes, foreignKeys, triggers };
}

// SQLite prints a default as written in the migration (DEFAULT false, '[]'); PostgreSQL with its type ('[]'::text).
export const normaliseDefault = (d: string | null): string | null =>
  d === null ? null : d.replace(/::[a-z ]+$/, '').replace(/^false$/, '0').replace(/^true$/, '1');
