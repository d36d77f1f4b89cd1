import pg from 'pg';

// node-postgres returns int8 (bigint columns, count(*), sum() of integers) as strings, because a JavaScript number
// cannot hold every 64-bit value. better-sqlite3 returns numbers, and the application compares and adds them as
// numbers, so this pool parses int8 to a number, and refuses (rather than rounds) one beyond 2^53.
const INT8 = 20;

function parseInt8(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value ${text} is beyond JavaScript's safe integers`);
  return n;
}

// numeric (sum() and avg() of integers, round()) arrives as text too; SQLite answers a number, so it is one here.
const NUMERIC = 1700;

const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (format === 'binary') return pg.types.getTypeParser(oid, format);
    if (oid === INT8) return parseInt8;
    if (oid === NUMERIC) return Number;
    return pg.types.getTypeParser(oid, format);
  }) as pg.CustomTypesConfig['getTypeParser'],
};

export function createPgPool(connectionString: string, config: Omit<pg.PoolConfig, 'connectionString' | 'types'> = {}): pg.Pool {
  return new pg.Pool({ ...config, connectionString, types });
}

export function createPgClient(connectionString: string): pg.Client {
  return new pg.Client({ connectionString, types });
}
