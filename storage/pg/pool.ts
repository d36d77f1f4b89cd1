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

// A pooled connection that fails while idle (the server restarted, or is shutting down, or an operator ended the
// session) is dropped by the pool, which then emits 'error': with no listener that would end the process. The next
// checkout opens a new connection, and a query on a dead one fails on its own, so there is nothing more to do here.
export function createPgPool(connectionString: string, config: Omit<pg.PoolConfig, 'connectionString' | 'types'> = {}): pg.Pool {
  const pool = new pg.Pool({ ...config, connectionString, types });
  pool.on('error', () => {});
  return pool;
}

// Ends a pool and waits until each of its connections has really closed. pg-pool's end() resolves as soon as it has
// asked its idle connections to close, not when they have: a server stopped or a database dropped right after would
// still meet them (and end them with an error).
export async function endPgPool(pool: pg.Pool): Promise<void> {
  if (pool.ended || pool.ending) return;
  let open = pool.totalCount;
  const closed = new Promise<void>((resolve) => {
    if (open === 0) return resolve();
    const onRemove = () => {
      if (--open > 0) return;
      pool.off('remove', onRemove);
      resolve();
    };
    pool.on('remove', onRemove);
  });
  await pool.end();
  await closed;
}

// What runs a query: a pool, a client, or a transaction's connection (storage/engine/pg.ts pgOf).
export type PgQueryable = Pick<pg.ClientBase, 'query'>;

export function createPgClient(connectionString: string): pg.Client {
  return new pg.Client({ connectionString, types });
}
