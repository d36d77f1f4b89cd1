import { afterAll, describe, expect, it } from 'vitest';
import { RateLimiter } from '../rest-adapter/rate-limit';
import { fixedClock } from '../tools/clock';
import { startApp, type TestApp } from './harness';

const anon = (ip: string) => ({ kind: 'anonymous' as const, ip });

describe('rate-limit buckets', () => {
  it('one bucket per IPv4 address and per IPv6 /64', () => {
    const limiter = new RateLimiter({ anonymousPerMinute: 2, userPerMinute: 10 }, fixedClock('2026-11-18T12:00:00Z'));
    const take = (ip: string) => limiter.take(anon(ip))!.allowed;
    expect([take('2001:db8:1:2::1'), take('2001:db8:1:2:ffff::9'), take('2001:db8:1:2:aaaa:bbbb:cccc:dddd')]).toEqual([true, true, false]);
    expect(take('2001:db8:1:3::1')).toBe(true); // the next /64 is someone else
    expect([take('198.51.100.1'), take('198.51.100.1'), take('198.51.100.1'), take('198.51.100.2')]).toEqual([true, true, false, true]);
    expect([take('::ffff:198.51.100.2'), take('198.51.100.2')]).toEqual([true, false]); // mapped IPv4 is the same caller
  });

  it('the sweep drops buckets that refilled, and keeps the state of callers still limited', () => {
    const clock = fixedClock('2026-11-18T12:00:00Z');
    const limiter = new RateLimiter({ anonymousPerMinute: 60, userPerMinute: 600 }, clock);
    for (let i = 0; i < 500; i++) limiter.take(anon(`203.0.113.${i % 250}`));
    for (let i = 0; i < 60; i++) limiter.take(anon('198.51.100.9')); // empties its bucket
    expect(limiter.size).toBe(251);
    clock.advance(30_000);
    expect(limiter.take(anon('192.0.2.1'))?.allowed).toBe(true); // no sweep yet: within the minute
    clock.advance(31_000);
    // A minute later the idle buckets are full again and swept; the busy caller keeps its (refilling) state.
    limiter.take(anon('192.0.2.2'));
    expect(limiter.size).toBeLessThanOrEqual(3);
    clock.advance(1_000);
    for (let i = 0; i < 100; i++) limiter.take(anon('198.51.100.9'));
    expect(limiter.take(anon('198.51.100.9'))?.allowed).toBe(false);
  });
});

describe('TRUST_PROXY', () => {
  let apps: TestApp[] = [];
  afterAll(async () => { for (const a of apps) await a.close(); });
  const get = (app: TestApp, xff?: string) => fetch(`${app.api}/site`, { headers: xff ? { 'x-forwarded-for': xff } : {} }).then((r) => r.status);

  it('behind a trusted proxy each forwarded client has its own bucket', async () => {
    const app = await startApp({ demo: false, env: { RATE_LIMIT_ANON_PER_MIN: '2', TRUST_PROXY: '127.0.0.0/8' } });
    apps.push(app);
    expect([await get(app, '198.51.100.1'), await get(app, '198.51.100.1'), await get(app, '198.51.100.1')]).toEqual([200, 200, 429]);
    expect(await get(app, '198.51.100.2')).toBe(200);
    // A client-written hop on the left does not buy a fresh bucket.
    expect(await get(app, '1.1.1.1, 198.51.100.1')).toBe(429);
  });

  it('without it, X-Forwarded-For is ignored: every request from the peer shares one bucket', async () => {
    const app = await startApp({ demo: false, env: { RATE_LIMIT_ANON_PER_MIN: '2' } });
    apps.push(app);
    expect([await get(app, '198.51.100.1'), await get(app, '198.51.100.2'), await get(app, '198.51.100.3')]).toEqual([200, 200, 429]);
  });

  it('refuses to start with an unreadable TRUST_PROXY', async () => {
    await expect(startApp({ demo: false, env: { TRUST_PROXY: '10.0.0.0/8, proxy.internal' } })).rejects.toThrow(/TRUST_PROXY: not an address or CIDR range: proxy.internal/);
  });
});
