import { customType } from 'drizzle-orm/pg-core';

// Column kinds that keep what drizzle returns identical to the SQLite schema (storage/schema) while the stored values
// stay what SQLite stores: JSON as text, booleans as integer 0/1, bytes as bytes.

// SQLite's text({ mode: 'json' }): JSON text in the database, the parsed value in the application.
export const jsonText = customType<{ data: unknown; driverData: string }>({
  dataType: () => 'text',
  toDriver: (value) => JSON.stringify(value),
  fromDriver: (value) => JSON.parse(value),
});

// SQLite's integer({ mode: 'boolean' }): 0/1 in the database (so raw SQL reads the same numbers on both engines),
// true/false in the application.
export const intBool = customType<{ data: boolean; driverData: number }>({
  dataType: () => 'integer',
  toDriver: (value) => (value ? 1 : 0),
  fromDriver: (value) => value !== 0,
});

// SQLite's blob({ mode: 'buffer' }).
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});
