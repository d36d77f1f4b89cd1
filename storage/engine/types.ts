// The storage engine every repository module talks to: SQLite (better-sqlite3, the default) or PostgreSQL (pg).
// Statements and transactions are asynchronous on both, so one repository module serves both engines; a statement
// whose SQL differs between the dialects names its PostgreSQL text beside the SQLite one.

export type EngineKind = 'sqlite' | 'pg';

export type RunResult = { changes: number; lastInsertRowid: number };

// Parameters as better-sqlite3 takes them: positional values for `?`, or one object for `@name` placeholders.
export type Params = unknown[];

export interface Stmt<Row = any> {
  get(...params: Params): Promise<Row | undefined>;
  all(...params: Params): Promise<Row[]>;
  run(...params: Params): Promise<RunResult>;
  // The same statement answering its first column only (`SELECT count(*) …` → a number).
  pluck(): Stmt<any>;
  // The same statement answering each row as an array of its columns, in order.
  raw(): Stmt<unknown[]>;
}

// A statement's text per dialect. Placeholders are SQLite's (`?` or `@name`) in both; the PostgreSQL text is
// turned into `$n` form once, when the statement is first prepared.
export type Dialects = { pg?: string };

export type TxMode = 'immediate' | 'deferred';

export interface Engine {
  readonly kind: EngineKind;
  prepare(sql: string, dialects?: Dialects): Stmt;
  // Runs statements without results (DDL, several separated by `;`).
  exec(sql: string): Promise<void>;
  // Runs fn inside one transaction, committed when fn resolves and rolled back when it throws. Nested calls are
  // savepoints of the outer one. 'immediate' takes the write lock first (SQLite); 'deferred' is a read snapshot.
  // On PostgreSQL a serialization failure or deadlock runs fn again (it must be safe to repeat: database work only).
  transaction<T>(fn: () => Promise<T> | T, mode?: TxMode): Promise<T>;
  // Whether the caller runs inside a transaction of this engine's.
  inTransaction(): boolean;
  // The mode of the outermost transaction the caller runs inside, or null outside every one.
  transactionMode(): TxMode | null;
  // How many writes this engine has made (statements that changed rows, and commits): a process's own writes are
  // seen by its read caches at once, before the change log says so.
  writes(): number;
  isOpen(): boolean;
  close(): Promise<void>;
}
