// The SQLite schema (storage/schema) in drizzle's PostgreSQL dialect: the same exports, table names, column names and
// property names, so one query reads the same on both engines. The tables are made by storage/pg/migrations (the SQL
// there is the truth; tests/pg-schema.pg.test.ts checks that this file and those tables agree). Types, enums and JSON
// shapes are imported from the SQLite schema, not repeated.
export * from './directory';
export * from './users';
export * from './community';
export * from './metrics';
export * from './content';
export * from './commerce';
export * from './auth';
export * from './jobs';
export * from './drafts';
export * from './orders';
export * from './idempotency';
export * from './ownership';
export * from './claims';
export * from './listing-history';
export * from './logos';
export * from './topics';
