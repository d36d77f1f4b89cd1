import type Database from 'better-sqlite3';
import type { Engine, Params, RunResult, Stmt, TxMode } from './types';
import { frameOf, txContext } from './tx-context';

// better-sqlite3 is synchronous and has one connection: a transaction is open on it for everything this process
// runs until it commits. So while one request's transaction is open (it may await between its statements), any
// other request's statement or transaction waits for it to end instead of landing inside it. A statement outside
// every transaction runs at once, as it always did; the wrapping promise is already settled.
export class SqliteEngine implements Engine {
  readonly kind = 'sqlite' as const;
  private held = false;
  private waiting: Array<() => void> = [];

  constructor(readonly connection: Database.Database) {}

  prepare(sql: string): Stmt {
    return new SqliteStmt(this, this.connection.prepare(sql), sql);
  }

  async exec(sql: string): Promise<void> {
    await this.gate();
    this.connection.exec(sql);
  }

  inTransaction(): boolean {
    return frameOf(this) !== undefined;
  }

  transactionMode(): TxMode | null {
    return frameOf(this)?.mode ?? null;
  }

  // memo.ts reads total_changes() on SQLite instead.
  writes(): number {
    return this.connection.prepare('SELECT total_changes()').pluck().get() as number;
  }

  // Resolves when no other request's transaction is open; undefined (nothing to wait for) in the common case.
  gate(): Promise<void> | undefined {
    if (!this.held || frameOf(this)) return undefined;
    return new Promise<void>((resolve) => this.waiting.push(resolve)).then(async () => await this.gate());
  }

  async transaction<T>(fn: () => Promise<T> | T, mode: TxMode = 'immediate'): Promise<T> {
    const frame = frameOf(this);
    if (frame) return mode === 'deferred' ? await fn() : await this.savepoint(frame, fn);
    while (this.held) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.held = true;
    try {
      this.connection.exec(mode === 'immediate' ? 'BEGIN IMMEDIATE' : 'BEGIN');
      try {
        const value = await txContext.run({ owner: this, depth: 0, mode }, fn);
        this.connection.exec('COMMIT');
        return value;
      } catch (e) {
        if (this.connection.inTransaction) this.connection.exec('ROLLBACK');
        throw e;
      }
    } finally {
      this.held = false;
      const next = this.waiting;
      this.waiting = [];
      for (const wake of next) wake();
    }
  }

  private async savepoint<T>(frame: { depth: number }, fn: () => Promise<T> | T): Promise<T> {
    const name = `sp${++frame.depth}`;
    this.connection.exec(`SAVEPOINT ${name}`);
    try {
      const value = await fn();
      this.connection.exec(`RELEASE ${name}`);
      return value;
    } catch (e) {
      this.connection.exec(`ROLLBACK TO ${name}; RELEASE ${name}`);
      throw e;
    } finally {
      frame.depth--;
    }
  }

  isOpen(): boolean {
    return this.connection.open;
  }

  async close(): Promise<void> {
    this.connection.close();
  }
}

class SqliteStmt implements Stmt {
  constructor(private readonly engine: SqliteEngine, private readonly st: Database.Statement, private readonly sql: string) {}

  async get(...params: Params): Promise<any> {
    const wait = await this.engine.gate();
    return wait ? wait.then(() => this.st.get(...params)) : await settled(() => this.st.get(...params));
  }

  async all(...params: Params): Promise<any[]> {
    const wait = await this.engine.gate();
    return wait ? wait.then(() => this.st.all(...params)) : await settled(() => this.st.all(...params));
  }

  async run(...params: Params): Promise<RunResult> {
    const wait = await this.engine.gate();
    const run = (): RunResult => {
      const r = this.st.run(...params);
      return { changes: r.changes, lastInsertRowid: Number(r.lastInsertRowid) };
    };
    return wait ? wait.then(run) : await settled(run);
  }

  pluck(): Stmt {
    return new SqliteStmt(this.engine, this.engine.connection.prepare(this.sql).pluck(), this.sql);
  }

  raw(): Stmt<unknown[]> {
    return new SqliteStmt(this.engine, this.engine.connection.prepare(this.sql).raw(), this.sql);
  }
}

// The statement's outcome as a settled promise: an error becomes a rejection, as it would on PostgreSQL.
function settled<T>(run: () => T): Promise<T> {
  try {
    return Promise.resolve(run());
  } catch (e) {
    return Promise.reject(e);
  }
}
