import { describe, expect, it } from 'vitest';
import { loadConfig } from '../transport/config';

// Where limits are counted when LIMITS_STORE is not set: per process on SQLite; in the database with DATABASE_URL,
// since nodes sharing a PostgreSQL are usually several machines, and limits counted per node would multiply.
const URL = 'postgres://app@db.example:5432/directory';

describe('LIMITS_STORE', () => {
  it.each([
    [{}, 'memory'],
    [{ DATABASE_URL: URL }, 'postgres'],
    [{ DATABASE_URL: URL, LIMITS_STORE: 'memory' }, 'memory'],
    [{ DATABASE_URL: URL, LIMITS_STORE: '' }, 'postgres'],
    [{ LIMITS_STORE: 'sqlite' }, 'sqlite'],
    [{ LIMITS_STORE: 'postgres', DATABASE_URL: URL }, 'postgres'],
  ] as const)('%o → %s', (env, store) => {
    expect(loadConfig(env).limitsStore).toBe(store);
  });

  it('names the setting and what it allows when the value is unknown', () => {
    expect(() => loadConfig({ LIMITS_STORE: 'redis' })).toThrow(/LIMITS_STORE: expected one of memory, sqlite, postgres/);
  });
});
