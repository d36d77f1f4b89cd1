import type pg from 'pg';
import type { Dialects, Engine, Params, RunResult, Stmt, TxMode } from './types';
import { frameOf, txContext, type TxFrame } from './tx-context';
import { toPgText, type PgText } from './pg-text';
import { StatementNames } from './pg-statement-names';
import { endPgPool, type PgQueryable } from '../pg/pool';

// PostgreSQL through a pg pool. A transaction holds one pooled connection; which one is carried across awaits by
// AsyncLocalStorage (tx-context.ts), so repository code is the same on both engines. Writes run READ COMMITTED;
// capacity rules take row or advisory locks inside (storage/pg/*), never check-then-act.
// A serialization failure (40001) or a deadlock (40P01) rolls the transaction back and runs it again.

const RETRYABLE = new Set(['40001', '40P01']);
const MAX_TRIES = 6;

// A write transaction takes the change log's advisory lock (storage/pg/migrations/0003_change_log.sql) as it begins,
// not at its first bump. Bumps come from triggers that run after a statement has locked its rows, so a transaction
// could hold a listing's row before the log's lock while another held the lock and wanted that row: a deadlock, which
// PostgreSQL finds only after deadlock_timeout (1 s), the lock held meanwhile and every other writer queued behind it,
// each holding a pooled connection that the reads then waited for. Seen in a bench run with visitors, voters and an
// owner editing: reads at 3–1,500 req/s with p99 ~1 s, writes at 1–9/s, two of them failed after their retries.
// Taken first, the lock orders every writer's locks the same way: writers run one at a time from BEGIN, as SQLite's
// BEGIN IMMEDIATE makes them (they already did from their first bump, most often their first statement).
// A write made outside a transaction to a table whose triggers bump runs in one of its own for the same reason
// (PgStmt.query): as a bare statement it would lock its rows before its trigger took the lock, and a deadlock would
// fail it, with no transaction around it to run again.
const WRITE_LOCK = 'SELECT pg_advisory_xact_lock(7346110216)';

// The tables with a trigger that bumps a topic (storage/pg/migrations/0002_change_versions.sql), read at connect.
const BUMPING_TABLES = `SELECT DISTINCT c.relname AS table_name FROM pg_trigger t
  JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
  WHERE NOT t.tgisinternal AND p.proname LIKE 'cv\\_%' AND c.relnamespace = current_schema()::regnamespace`;

type Conn = Pick<pg.ClientBase, 'query'>;

export class PgEngine implements Engine {
  readonly kind = 'pg' as const;
  private open = true;
  private writeCount = 0;

  // The names statement texts are sent under (pg-statement-names.ts).
  readonly names: StatementNames;

  // `withId`: the tables that have an `id` column, whose INSERTs report the new row's id as lastInsertRowid.
  // `bumping`: the tables whose writes bump topics, so take the change log's lock.
  constructor(readonly pool: pg.Pool, private readonly withId: ReadonlySet<string>, private readonly bumping: ReadonlySet<string>,
    namedStatements = true) {
    this.names = new StatementNames(namedStatements);
  }

  static async connect(pool: pg.Pool, opts: { namedStatements?: boolean } = {}): Promise<PgEngine> {
    const names = async (sql: string) => new Set((await pool.query<{ table_name: string }>(sql)).rows.map((x) => x.table_name));
    const withId = await names("SELECT table_name FROM information_schema.columns WHERE column_name = 'id' AND table_schema = current_schema()");
    return new PgEngine(pool, withId, await names(BUMPING_TABLES), opts.namedStatements ?? true);
  }

  prepare(sql: string, dialects?: Dialects): Stmt {
    return new PgStmt(this, sql, dialects?.pg, 'rows');
  }

  // The connection of the caller's transaction, or the pool.
  connection(): Conn {
    return (frameOf(this)?.connection as Conn | undefined) ?? this.pool;
  }

  // Runs a query on the caller's connection. Inside a transaction, queries started together (Promise.all over a
  // list) take turns on its one connection: pg would queue them itself, but that use is deprecated.
  run<R extends pg.QueryResultRow>(config: pg.QueryConfig | pg.QueryArrayConfig): Promise<pg.QueryResult<R>> {
    const frame = frameOf(this) as (TxFrame & { turn?: Promise<unknown> }) | undefined;
    if (!frame) return this.pool.query<R>(config as pg.QueryConfig);
    const conn = frame.connection as Conn;
    const next = (frame.turn ?? Promise.resolve()).then(() => conn.query<R>(config as pg.QueryConfig));
    frame.turn = next.catch(() => {});
    return next;
  }

  noteWrite(): void {
    this.writeCount++;
  }

  hasId(table: string): boolean {
    return this.withId.has(table);
  }

  // Whether a write to `table` may bump a topic; a write whose table is not known is taken to.
  bumps(table: string | null): boolean {
    return table === null || this.bumping.has(table);
  }

  async exec(sql: string): Promise<void> {
    await this.connection().query(sql);
  }

  inTransaction(): boolean {
    return frameOf(this) !== undefined;
  }

  transactionMode(): TxMode | null {
    return frameOf(this)?.mode ?? null;
  }

  writes(): number {
    return this.writeCount;
  }

  async transaction<T>(fn: () => Promise<T> | T, mode: TxMode = 'immediate'): Promise<T> {
    const frame = frameOf(this);
    if (frame) return mode === 'deferred' ? await fn() : await this.savepoint(frame, fn);
    for (let attempt = 1; ; attempt++) {
      const client = await this.pool.connect();
      let broken: Error | undefined;
      try {
        await client.query(mode === 'immediate' ? 'BEGIN' : 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
        if (mode === 'immediate') await client.query(WRITE_LOCK);
        try {
          const value = await txContext.run({ owner: this, depth: 0, mode, connection: client }, fn);
          await client.query('COMMIT');
          if (mode === 'immediate') this.writeCount++;
          return value;
        } catch (e) {
          await client.query('ROLLBACK').catch((r: Error) => { broken = r; });
          if (attempt < MAX_TRIES && RETRYABLE.has((e as { code?: string }).code ?? '')) {
            await new Promise((r) => setTimeout(r, Math.random() * 10 * attempt));
            continue;
          }
          throw e;
        }
      } finally {
        client.release(broken);
      }
    }
  }

  private async savepoint<T>(frame: { depth: number; connection?: unknown }, fn: () => Promise<T> | T): Promise<T> {
    const conn = frame.connection as Conn;
    const name = `sp${++frame.depth}`;
    await conn.query(`SAVEPOINT ${name}`);
    try {
      const value = await fn();
      await conn.query(`RELEASE SAVEPOINT ${name}`);
      return value;
    } catch (e) {
      await conn.query(`ROLLBACK TO SAVEPOINT ${name}`);
      await conn.query(`RELEASE SAVEPOINT ${name}`);
      throw e;
    } finally {
      frame.depth--;
    }
  }

  isOpen(): boolean {
    return this.open;
  }

  async close(): Promise<void> {
    if (!this.open) return;
    this.open = false;
    await endPgPool(this.pool);
  }
}

class PgStmt implements Stmt {
  private text: PgText | null = null;
  private name: string | undefined;

  constructor(private readonly engine: PgEngine, private readonly sql: string, private readonly pgSql: string | undefined,
    private readonly shape: 'rows' | 'pluck' | 'raw') {}

  private async query(params: Params): Promise<pg.QueryResult> {
    if (!this.text) this.text = toPgText(this.pgSql ?? this.sql, (t) => this.engine.hasId(t));
    if (this.text.writes && !this.engine.inTransaction() && this.engine.bumps(this.text.target)) {
      return await this.engine.transaction(() => this.query(params));
    }
    const values = this.text.values(params);
    this.name ??= this.engine.names.nameFor(this.text.text);
    const config: pg.QueryConfig = { text: this.text.text, values, name: this.name };
    const r: pg.QueryResult = await this.engine.run(this.shape === 'rows' ? config : { ...config, rowMode: 'array' } as pg.QueryArrayConfig);
    if (this.text.writes && (r.rowCount ?? 0) > 0) this.engine.noteWrite();
    return r;
  }

  private shaped(row: unknown): any {
    return this.shape === 'pluck' ? (row as unknown[])[0] : row;
  }

  async get(...params: Params): Promise<any> {
    const r = await this.query(params);
    return r.rows.length ? this.shaped(r.rows[0]) : undefined;
  }

  async all(...params: Params): Promise<any[]> {
    const r = await this.query(params);
    return this.shape === 'pluck' ? r.rows.map((row) => (row as unknown[])[0]) : r.rows;
  }

  async run(...params: Params): Promise<RunResult> {
    const r = await this.query(params);
    const first = r.rows[0] as Record<string, unknown> | unknown[] | undefined;
    const id = this.text!.returnsId && first ? Number(Array.isArray(first) ? first[0] : first.id) : 0;
    return { changes: r.rowCount ?? 0, lastInsertRowid: id };
  }

  pluck(): Stmt {
    return new PgStmt(this.engine, this.sql, this.pgSql, 'pluck');
  }

  raw(): Stmt<unknown[]> {
    return new PgStmt(this.engine, this.sql, this.pgSql, 'raw');
  }
}

// What the PostgreSQL-specific modules (storage/pg/*) query through: the caller's transaction's connection, or the
// pool. Through engine.run, so their queries take turns on a transaction's connection with the repository's own.
// Never the pool from inside a transaction: a request holding one connection while it waits for a second can, with
// enough such requests at once, take the whole pool and wait for ever.
export function pgOf(db: { engine: Engine }): PgQueryable {
  const engine = db.engine as PgEngine;
  if (!frameOf(engine)) return engine.pool;
  return {
    query: ((config: string | pg.QueryConfig, values?: unknown[]) =>
      engine.run(typeof config === 'string' ? { text: config, values } : config)) as PgQueryable['query'],
  };
}

// The pool itself, for what keeps its own connections (oidc-provider's adapter, the shared rate limits).
export const pgPoolOf = (db: { engine: Engine }): pg.Pool => (db.engine as PgEngine).pool;
