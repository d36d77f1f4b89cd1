import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchRobots, RobotsCache } from '../crawler/robots';
import { userAgentFor } from '../crawler/safe-fetch';

// A server whose robots.txt answer is chosen per test through the port's path prefix.
let server: Server;
let origin = '';
let answer: { status: number; body?: string; delayMs?: number } = { status: 200, body: '' };
const seen: Array<{ path: string; ua: string }> = [];
const UA = userAgentFor('http://directory.test');
const opts = { allowPrivate: true, userAgent: UA, timeoutMs: 500 };

beforeAll(async () => {
  server = createServer(async (req, res) => {
    seen.push({ path: req.url!, ua: String(req.headers['user-agent']) });
    if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
    if (!res.destroyed) res.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body ?? '');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }));

describe('robots.txt fetch policy (RFC 9309)', () => {
  it.each([
    [200, 'User-agent: *\nDisallow: /private', 'rules', { '/': true, '/private/x': false }],
    [200, 'User-agent: LaunchDirectoryBot\nDisallow: /', 'rules', { '/': false, '/pricing': false }],
    [404, '', 'allow_all', { '/': true, '/private/x': true }],
    [401, '', 'allow_all', { '/': true }],
    [403, '', 'allow_all', { '/': true }],
    [500, '', 'disallow_all', { '/': false }],
    [503, '', 'disallow_all', { '/': false }],
  ])('HTTP %i → %s', async (status, body, kind, expectations) => {
    answer = { status, body };
    const policy = await fetchRobots(origin, opts);
    expect(policy.kind).toBe(kind);
    for (const [path, allowed] of Object.entries(expectations)) expect(policy.allows(`${origin}${path}`)).toBe(allowed);
    expect(seen.at(-1)).toEqual({ path: '/robots.txt', ua: UA }); // asked with our own user agent
  });

  it('an unreachable or silent robots.txt disallows everything', async () => {
    answer = { status: 200, body: '', delayMs: 2000 };
    const slow = await fetchRobots(origin, opts);
    expect(slow.kind).toBe('disallow_all');
    expect(slow.reason).toMatch(/could not be read/);
    const closed = await fetchRobots('http://127.0.0.1:9', opts);
    expect(closed.kind).toBe('disallow_all');
  });

  it('fetches robots.txt once per origin per crawl', async () => {
    answer = { status: 200, body: 'User-agent: *\nDisallow: /no' };
    const before = seen.length;
    const cache = new RobotsCache(opts);
    expect(await cache.allows(`${origin}/yes`)).toBe(true);
    expect(await cache.allows(`${origin}/no`)).toBe(false);
    expect(await cache.allows(`${origin}/no/deeper`)).toBe(false);
    await expect(cache.guard(new URL(`${origin}/no`))).rejects.toThrow(/robots.txt does not allow LaunchDirectoryBot/);
    expect(seen.length - before).toBe(1);
  });
});
