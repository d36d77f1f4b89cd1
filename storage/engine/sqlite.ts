import type Database from 'better-sqlite3';
import type { Engine, Params, RunResult, Stmt, TxMode } from './types';

// better-sqlite3 is synchronous: every statement has run by the time its promise exists, so a transaction body that
// awaits only this engine runs from BEGIN to COMMIT within one turn of the event loop, and no other request's I/O
// callback can run in between. That is what keeps another request's statements out of an open transaction here,
// without tracking which request runs (AsyncLocalStorage would turn on async hooks for every promise of the process,
// which costs every API request ~12 % on Node 20 and 22; see site/viewer.ts). A body that waits for anything else
// (network, timers, a password hash) would let other requests in: such a transaction is rolled back and fails
// loudly, so the mistake shows in the first test that takes that path.
export class SqliteEngine implements Engine {
  readonly kind = 'sqlite' as const;
  private depth = 0;
  private mode: TxMode | null = null;
  private crossedTurn = false;
  private readonly totalChanges: Database.Statement;
  // Prepared once: exec() parses its text on every call, and every read of a request opens a transaction.
  private readonly control: Record<'BEGIN' | 'BEGIN IMMEDIATE' | 'COMMIT' | 'ROLLBACK', Database.Statement>;

  constructor(readonly connection: Database.Database) {
    this.totalChanges = connection.prepare('SELECT total_changes()').pluck();
    this.control = {
      BEGIN: connection.prepare('BEGIN'), 'BEGIN IMMEDIATE': connection.prepare('BEGIN IMMEDIATE'),
      COMMIT: connection.prepare('COMMIT'), ROLLBACK: connection.prepare('ROLLBACK'),
    };
  }

  // A statement's LIMIT and OFFSET are written `CAST(? AS INTEGER)`, never a bare parameter: SQLite reads a bare one
  // while planning and prepares the statement again each time it is bound (tests/sqlite-limit-params.test.ts).
  prepare(sql: string): Stmt {
    return new SqliteStmt(this.connection, this.connection.prepare(sql), sql);
  }

  async exec(sql: string): Promise<void> {
    this.connection.exec(sql);
  }

  inTransaction(): boolean {
    return this.depth > 0;
  }

  transactionMode(): TxMode | null {
    return this.mode;
  }

  writes(): number {
    return this.totalChanges.get() as number;
  }

  async transaction<T>(fn: () => Promise<T> | T, mode: TxMode = 'immediate'): Promise<T> {
    if (this.depth > 0) return mode === 'deferred' ? await fn() : await this.savepoint(fn);
    this.control[mode === 'immediate' ? 'BEGIN IMMEDIATE' : 'BEGIN'].run();
    this.depth = 1;
    this.mode = mode;
    this.crossedTurn = false;
    const watch = setImmediate(() => { this.crossedTurn = true; });
    try {
      const value = await fn();
      if (this.crossedTurn) throw new Error('A SQLite transaction body waited for something other than the database; it was rolled back (see storage/engine/sqlite.ts)');
      this.control.COMMIT.run();
      return value;
    } catch (e) {
      if (this.connection.inTransaction) this.control.ROLLBACK.run();
      throw e;
    } finally {
      clearImmediate(watch);
      this.depth = 0;
      this.mode = null;
    }
  }

  private async savepoint<T>(fn: () => Promise<T> | T): Promise<T> {
    const name = `sp${this.depth++}`;
    this.connection.exec(`SAVEPOINT ${name}`);
    try {
      const value = await fn();
      this.connection.exec(`RELEASE ${name}`);
      return value;
    } catch (e) {
      if (this.connection.inTransaction) this.connection.exec(`ROLLBACK TO ${name}; RELEASE ${name}`);
      throw e;
    } finally {
      this.depth--;
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
  constructor(private readonly connection: Database.Database, private readonly st: Database.Statement, private readonly sql: string) {}

  get(...params: Params): Promise<any> {
    try {
      return Promise.resolve(this.st.get(...params));
    } catch (e) {
      return Promise.reject(e);
    }
  }

  all(...params: Params): Promise<any[]> {
    try {
      return Promise.resolve(this.st.all(...params));
    } catch (e) {
      return Promise.reject(e);
    }
  }

  run(...params: Params): Promise<RunResult> {
    try {
      const r = this.st.run(...params);
      return Promise.resolve({ changes: r.changes, lastInsertRowid: Number(r.lastInsertRowid) });
    } catch (e) {
      return Promise.reject(e);
    }
  }

  pluck(): Stmt {
    return new SqliteStmt(this.connection, this.connection.prepare(this.sql).pluck(), this.sql);
  }

  raw(): Stmt<unknown[]> {
    return new SqliteStmt(this.connection, this.connection.prepare(this.sql).raw(), this.sql);
  }
}
