import { beforeEach, describe, expect, it } from 'vitest';
import type pg from 'pg';
import type { Db } from '../storage/db';
import * as lite from '../storage/queries/idempotency';
import { IDEMPOTENCY_LEASE_MS, type Claim, type IdempotencyRow } from '../storage/queries/idempotency';
import * as pgIdem from '../storage/pg/idempotency';
import type { PgQueryable } from '../storage/pg/pool';
import { bothEngines, withClients, storeEachTest } from './support/both-engines';

// Idempotency keys, one contract for both engines: SQLite (storage/queries/idempotency.ts) and PostgreSQL
// (storage/pg/idempotency.ts) give the same results for the same calls. Then what only PostgreSQL has to prove, with
// requests on separate connections at the same time: one owner per key, and one taker of a dead claim.

const TTL = 24 * 60 * 60 * 1000;
const ACTOR = 'user:1';

type Store = {
  claim(key: string, hash: string, now: Date, o?: { operation?: string; actor?: string; ttl?: number }): Promise<Claim>;
  finish(key: string, token: string, status: number, body: string, actor?: string): Promise<boolean>;
  release(key: string, token: string, actor?: string): Promise<boolean>;
  purge(now: Date): Promise<number>;
  rows(): Promise<(IdempotencyRow & { actor: string; key: string })[]>;
  reset(): Promise<void>;
};

const ALL = 'SELECT actor, key, operation, request_hash, state, status, response, created_at, expires_at FROM idempotency_keys ORDER BY actor, key';

const sqliteStore = (db: Db): Store => ({
  claim: async (key, hash, now, o = {}) => lite.claimIdempotencyKey(db, o.actor ?? ACTOR, key, o.operation ?? 'create_checkout', hash, now, o.ttl ?? TTL),
  finish: async (key, token, status, body, actor = ACTOR) => lite.finishIdempotencyKey(db, actor, key, token, status, body),
  release: async (key, token, actor = ACTOR) => lite.releaseIdempotencyKey(db, actor, key, token),
  purge: async (now) => lite.purgeExpiredIdempotencyKeys(db, now),
  rows: async () => db.sqlite.prepare(ALL).all() as never,
  reset: async () => void db.sqlite.exec('DELETE FROM idempotency_keys'),
});

const pgStore = (db: PgQueryable): Store => ({
  claim: (key, hash, now, o = {}) => pgIdem.claimIdempotencyKey(db, o.actor ?? ACTOR, key, o.operation ?? 'create_checkout', hash, now, o.ttl ?? TTL),
  finish: (key, token, status, body, actor = ACTOR) => pgIdem.finishIdempotencyKey(db, actor, key, token, status, body),
  release: (key, token, actor = ACTOR) => pgIdem.releaseIdempotencyKey(db, actor, key, token),
  purge: (now) => pgIdem.purgeExpiredIdempotencyKeys(db, now),
  rows: async () => (await db.query(ALL)).rows,
  reset: async () => void (await db.query('TRUNCATE idempotency_keys')),
});

const env = bothEngines('idem_store', { sqlite: sqliteStore, postgres: pgStore }, { poolMax: 20 });
const stores = env.stores;

// Seconds after a fixed start.
const at = (seconds: number) => new Date(Date.UTC(2026, 10, 18, 12, 0, 0) + seconds * 1000);
const LEASE_S = IDEMPOTENCY_LEASE_MS / 1000;
// A claim that must be new, and its fencing token.
const tokenOf = (claim: Claim): string => {
  if (claim.kind !== 'new') throw new Error(`expected a new claim, got ${claim.kind}`);
  return claim.token;
};

describe.each(['sqlite', 'postgres'])('idempotency key contract: %s', (engine) => {
  const s = storeEachTest(stores, engine);

  it('claims a new key, says busy while it runs, then replays the stored outcome', async () => {
    expect(await s.claim('k1', 'h1', at(0))).toEqual({ kind: 'new', token: at(0).toISOString() });
    expect(await s.rows()).toEqual([{
      actor: ACTOR, key: 'k1', operation: 'create_checkout', request_hash: 'h1', state: 'in_progress', status: null, response: null,
      created_at: at(0).toISOString(), expires_at: new Date(at(0).getTime() + TTL).toISOString(),
    }]);
    expect(await s.claim('k1', 'h1', at(1))).toEqual({ kind: 'busy' });
    expect(await s.finish('k1', at(0).toISOString(), 201, '{"id":7}')).toBe(true);
    const replay = await s.claim('k1', 'h1', at(2));
    expect(replay).toEqual({
      kind: 'replay',
      row: { operation: 'create_checkout', request_hash: 'h1', state: 'done', status: 201, response: '{"id":7}',
        created_at: at(0).toISOString(), expires_at: new Date(at(0).getTime() + TTL).toISOString() },
    });
    // A finished request is replayed for as long as the TTL, long after the in-progress lease.
    expect((await s.claim('k1', 'h1', at(LEASE_S * 10))).kind).toBe('replay');
  });

  it('refuses the key reused with another request hash or another operation, running or done', async () => {
    const token = tokenOf(await s.claim('k1', 'h1', at(0)));
    expect(await s.claim('k1', 'h2', at(1))).toEqual({ kind: 'mismatch' });
    expect(await s.claim('k1', 'h1', at(1), { operation: 'other_tool' })).toEqual({ kind: 'mismatch' });
    await s.finish('k1', token, 201, '{}');
    expect(await s.claim('k1', 'h2', at(2))).toEqual({ kind: 'mismatch' });
    expect((await s.rows())[0]).toMatchObject({ request_hash: 'h1', state: 'done' });
  });

  it('keeps keys per actor', async () => {
    expect((await s.claim('k1', 'h1', at(0))).kind).toBe('new');
    expect((await s.claim('k1', 'h2', at(0), { actor: 'user:2' })).kind).toBe('new');
    expect((await s.rows()).map((r) => [r.actor, r.request_hash])).toEqual([['user:1', 'h1'], ['user:2', 'h2']]);
  });

  it('frees an expired key for a new request, even a different one', async () => {
    const token = tokenOf(await s.claim('k1', 'h1', at(0), { ttl: 10_000 }));
    await s.finish('k1', token, 201, '{"old":true}');
    expect((await s.claim('k1', 'h2', at(9.999))).kind).toBe('mismatch');
    expect(await s.claim('k1', 'h2', at(10))).toEqual({ kind: 'new', token: at(10).toISOString() }); // expires_at <= now
    expect((await s.rows())[0]).toMatchObject({ request_hash: 'h2', state: 'in_progress', status: null, response: null, created_at: at(10).toISOString() });
  });

  it('takes over a claim left in progress longer than the lease (its request died)', async () => {
    await s.claim('k1', 'h1', at(0));
    expect(await s.claim('k1', 'h1', at(LEASE_S - 0.001))).toEqual({ kind: 'busy' });
    expect(await s.claim('k1', 'h1', at(LEASE_S))).toEqual({ kind: 'new', token: at(LEASE_S).toISOString() });
    expect((await s.rows())[0]).toMatchObject({ state: 'in_progress', created_at: at(LEASE_S).toISOString() });
    expect(await s.claim('k1', 'h1', at(LEASE_S + 1))).toEqual({ kind: 'busy' }); // the new claim's lease
  });

  it('fences a claim taken over after its lease: the slow first owner can neither store nor free it', async () => {
    const first = tokenOf(await s.claim('k1', 'h1', at(0)));
    const second = tokenOf(await s.claim('k1', 'h1', at(LEASE_S))); // the first request presumed dead
    expect(second).not.toBe(first);
    const taken = await s.rows();
    // The first request was only slow: it ends while the new owner still runs. Nothing it does reaches the row.
    expect(await s.finish('k1', first, 201, '{"by":"first"}')).toBe(false);
    expect(await s.release('k1', first)).toBe(false);
    expect(await s.rows()).toEqual(taken);
    expect(await s.claim('k1', 'h1', at(LEASE_S + 1))).toEqual({ kind: 'busy' }); // not a replay of the first's outcome
    // The new owner's outcome is the one stored and replayed; the stale owner cannot free it afterwards either.
    expect(await s.finish('k1', second, 201, '{"by":"second"}')).toBe(true);
    expect(await s.release('k1', first)).toBe(false);
    expect(await s.finish('k1', first, 500, '{"by":"first"}')).toBe(false);
    expect(await s.claim('k1', 'h1', at(LEASE_S + 2))).toMatchObject({ kind: 'replay', row: { status: 201, response: '{"by":"second"}' } });
  });

  it('fences a claim taken over after it expired, and a claim re-made after its owner released it', async () => {
    const first = tokenOf(await s.claim('k1', 'h1', at(0), { ttl: 10_000 }));
    const second = tokenOf(await s.claim('k1', 'h2', at(10)));
    expect(await s.release('k1', first)).toBe(false);
    expect(await s.finish('k1', first, 201, '{}')).toBe(false);
    expect((await s.rows())[0]).toMatchObject({ request_hash: 'h2', state: 'in_progress', created_at: second });
    expect(await s.release('k1', second)).toBe(true);
    const third = tokenOf(await s.claim('k1', 'h2', at(11)));
    expect(await s.finish('k1', second, 201, '{}')).toBe(false);
    expect(await s.finish('k1', third, 201, '{"by":"third"}')).toBe(true);
    expect((await s.rows())[0]).toMatchObject({ state: 'done', response: '{"by":"third"}' });
  });

  it('releases a key so the client may retry, and purges expired keys only', async () => {
    const token = tokenOf(await s.claim('k1', 'h1', at(0)));
    expect(await s.release('k1', token)).toBe(true);
    expect(await s.rows()).toEqual([]);
    expect((await s.claim('k1', 'h2', at(1))).kind).toBe('new');
    await s.claim('k2', 'h', at(0), { ttl: 5_000 });
    await s.claim('k3', 'h', at(0), { ttl: 20_000 });
    expect(await s.purge(at(4))).toBe(0);
    expect(await s.purge(at(5))).toBe(1);
    expect((await s.rows()).map((r) => r.key)).toEqual(['k1', 'k3']);
  });
});

it('gives the same transcript on SQLite and PostgreSQL', async () => {
  const script = async (s: Store) => {
    await s.reset();
    const out: unknown[] = [];
    // The key's latest claim token, stale once another claim took the key over: finish and release then do nothing.
    const tokens = new Map<string, string>();
    for (let i = 0; i < 40; i++) {
      const key = `k${i % 5}`;
      const now = at(i * 17);
      const claim = await s.claim(key, `h${i % 3 === 0 ? 1 : 2}`, now, { ttl: 200_000 });
      out.push(claim);
      if (claim.kind === 'new') tokens.set(key, claim.token);
      const token = tokens.get(key) ?? '';
      if (i % 4 === 1) out.push(await s.finish(key, token, 200 + i, JSON.stringify({ i })));
      if (i % 7 === 3) out.push(await s.release(key, token));
      if (i % 9 === 0) out.push(await s.purge(now));
    }
    out.push(await s.rows());
    return out;
  };
  const onSqlite = await script(stores.sqlite);
  expect(new Set(onSqlite.map((c) => (c as Claim).kind)).size).toBeGreaterThanOrEqual(4); // new, busy, replay, mismatch
  expect(await script(stores.postgres)).toEqual(onSqlite);
});

describe('idempotency keys on PostgreSQL with requests at the same time', () => {
  beforeEach(async () => {
    await env.pool.query('TRUNCATE idempotency_keys');
  });


  it('10 claims of one key at the same time: exactly one owner, the others see it in progress', async () => {
    const claims = await withClients(env.pool, 10, (c) => pgIdem.claimIdempotencyKey(c, ACTOR, 'same', 'create_checkout', 'h', at(0), TTL));
    expect(claims.filter((c) => c.kind === 'new')).toHaveLength(1);
    expect(claims.filter((c) => c.kind === 'busy')).toHaveLength(9);
    expect((await env.pool.query('SELECT count(*) AS n FROM idempotency_keys')).rows[0].n).toBe(1);
  });

  it('10 claims racing the owner storing its outcome: one owner, the rest busy or replaying the stored outcome', async () => {
    const claims = await withClients(env.pool, 10, async (c, i) => {
      const claim = await pgIdem.claimIdempotencyKey(c, ACTOR, 'same', 'create_checkout', 'h', at(i), TTL);
      if (claim.kind === 'new') await pgIdem.finishIdempotencyKey(c, ACTOR, 'same', claim.token, 201, '{"order":1}');
      return claim;
    });
    expect(claims.filter((c) => c.kind === 'new')).toHaveLength(1);
    for (const c of claims.filter((c) => c.kind !== 'new')) {
      if (c.kind === 'replay') expect(c.row).toMatchObject({ status: 201, response: '{"order":1}' });
      else expect(c.kind).toBe('busy');
    }
    // Afterwards every caller is replayed the one outcome.
    expect(await pgIdem.claimIdempotencyKey(env.pool, ACTOR, 'same', 'create_checkout', 'h', at(20), TTL)).toMatchObject({ kind: 'replay', row: { status: 201 } });
  });

  it.each([
    ['in progress past its lease (a dead request)', LEASE_S, TTL],
    ['expired', 11, 10_000],
  ])('a claim %s is taken over by exactly one of 10 callers at the same time', async (_, afterSeconds, ttl) => {
    expect((await pgIdem.claimIdempotencyKey(env.pool, ACTOR, 'k', 'create_checkout', 'old', at(0), ttl)).kind).toBe('new');
    // Different hashes, so whoever lost sees the winner's claim (mismatch), never the old one.
    const claims = await withClients(env.pool, 10, (c, i) => pgIdem.claimIdempotencyKey(c, ACTOR, 'k', 'create_checkout', `h${i}`, at(afterSeconds), TTL));
    const winners = claims.flatMap((c, i) => (c.kind === 'new' ? [i] : []));
    expect(winners).toHaveLength(1);
    expect(claims.filter((c) => c.kind === 'mismatch')).toHaveLength(9);
    const { rows } = await env.pool.query('SELECT request_hash, state, created_at FROM idempotency_keys');
    expect(rows).toEqual([{ request_hash: `h${winners[0]}`, state: 'in_progress', created_at: at(afterSeconds).toISOString() }]);
  });

  it('a claim racing a release of the live claim claims the key or sees it busy, never fails', async () => {
    for (let round = 0; round < 20; round++) {
      await env.pool.query('TRUNCATE idempotency_keys');
      const token = tokenOf(await pgIdem.claimIdempotencyKey(env.pool, ACTOR, 'k', 'op', 'h', at(0), TTL));
      const [, claim] = await withClients(env.pool, 2, (c, i) => (i === 0
        ? pgIdem.releaseIdempotencyKey(c, ACTOR, 'k', token).then(() => undefined)
        : pgIdem.claimIdempotencyKey(c, ACTOR, 'k', 'op', 'h', at(1), TTL)));
      expect(['new', 'busy']).toContain(claim!.kind);
    }
  });
});
