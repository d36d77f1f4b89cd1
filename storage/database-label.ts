// How start-up lines and the CLI name the database: PostgreSQL's URL without its password, or SQLite's file.
// A module of its own, importing nothing, so the first line a process prints does not wait for the storage code.

export type DatabaseTarget = { databasePath: string; databaseUrl?: string | null; databasePoolSize?: number; pgNamedStatements?: boolean };

export function redacted(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://…';
  }
}

export const databaseLabel = (t: DatabaseTarget): string =>
  (t.databaseUrl ? `${redacted(t.databaseUrl)} (PostgreSQL)` : `${t.databasePath} (SQLite)`);
