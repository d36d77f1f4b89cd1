import type { Db } from '../db';

export type SqlValue = string | number | boolean | null | undefined | object;

// One prepared INSERT per table for bulk seeding; JSON columns are stringified and booleans stored as 0/1,
// the same encoding drizzle uses for `mode: 'json'` and `mode: 'boolean'` columns.
export function inserter(db: Db, table: string, columns: readonly string[]): (row: Record<string, SqlValue>) => Promise<number> {
  const stmt = db.engine.prepare(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
  );
  return async (row) => {
    const values = columns.map((c) => encode(row[c]));
    return Number((await stmt.run(...values)).lastInsertRowid);
  };
}

function encode(v: SqlValue): string | number | null {
  if (v === undefined || v === null) return null;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'object') return JSON.stringify(v);
  return v;
}
