import { describe, expect, it } from 'vitest';
import { registry, toolByName } from '../tools/registry';
import { readRoutes } from '../rest-adapter/read-routes';
import { urlInput } from '../rest-adapter/input';
import { plainTarget } from '../transport/prepared-reads';
import type { AnyTool } from '../tools/define';

// Which public read the prepared-read lane routes a URL it has never seen to (rest-adapter/read-routes.ts), and which
// request-targets it reads at all (plainTarget). Everything it declines takes the full path, so a wrong "yes" here is
// the fault to fear: a URL answered by a tool the app would not have routed it to.
const routes = readRoutes(registry, ['/api/v1/openapi.json']);
const routed = (path: string) => {
  const r = routes.match(path);
  return r ? { tool: r.tool.name, params: Object.fromEntries(r.plan.params.map((p) => [p, r.param(p)])) } : null;
};

describe('a path routes to the tool the app routes it to', () => {
  it.each([
    ['/api/v1/listings', 'search_listings', {}],
    ['/api/v1/listings/acme-notes', 'get_listing', { slug: 'acme-notes' }],
    ['/api/v1/listings/acme-notes/alternatives', 'get_alternatives', { slug: 'acme-notes' }],
    ['/api/v1/listings/acme-notes/badges', 'get_badges', { slug: 'acme-notes' }],
    ['/api/v1/categories/developer-tools', 'get_category', { slug: 'developer-tools' }],
    ['/api/v1/launches/weeks/2026-W48', 'get_launch_week', { week: '2026-W48' }],
    ['/api/v1/leaderboards/community-weekly', 'get_leaderboard', { board: 'community-weekly' }],
    ['/api/v1/founders/ada', 'get_founder', { slug: 'ada' }],
    ['/api/v1/blog/launch-notes', 'get_blog_post', { slug: 'launch-notes' }],
    ['/api/v1/site', 'get_site_info', {}],
  ])('%s → %s', (path, tool, params) => {
    expect(routed(path)).toEqual({ tool, params });
  });

  it.each([
    ['a private read', '/api/v1/me'],
    ['a private read with a parameter', '/api/v1/drafts/0b7c1f3e-1111-4222-8333-944455556666'],
    ['the caller\'s listings', '/api/v1/me/listings'],
    ['a route that is not a tool', '/api/v1/openapi.json'],
    ['no route', '/api/v1/nothing-here'],
    ['a trailing slash (routes are strict)', '/api/v1/categories/'],
    ['one segment too many', '/api/v1/listings/a/b/c'],
    ['outside the API', '/listings/acme-notes'],
  ])('%s (%s): none', (_, path) => {
    expect(routed(path)).toBeNull();
  });

  it('takes the first route the app registered, as Hono does: a private path ahead of a public pattern wins', () => {
    const mine = { ...toolByName.get('list_my_listings')!, http: { method: 'GET', path: '/listings/mine' } } as AnyTool;
    const shadowed = readRoutes([mine, ...registry]);
    expect(shadowed.match('/api/v1/listings/mine')).toBeNull();
    expect(shadowed.match('/api/v1/listings/acme')?.tool.name).toBe('get_listing');
    // Registered after it, the public pattern would have taken it.
    expect(readRoutes([...registry, mine]).match('/api/v1/listings/mine')?.tool.name).toBe('get_listing');
  });

  it('leaves a public read that answers with another status than 200 to the REST route', () => {
    const other = { ...toolByName.get('get_site_info')!, http: { method: 'GET', path: '/site', status: 201 } } as AnyTool;
    expect(readRoutes([other]).match('/api/v1/site')).toBeNull();
    expect(readRoutes([toolByName.get('get_site_info')!]).match('/api/v1/site')?.tool.name).toBe('get_site_info');
  });

  it('builds the input the REST route builds: query values coerced, lists split, blanks dropped, the last value kept', () => {
    const r = routes.match('/api/v1/listings')!;
    expect(urlInput(r.plan, 'q=team+notes&page=2&per_page=&sort=votes&sort=new&page_size=x', r.param))
      .toEqual({ q: 'team notes', page: 2, sort: 'new', page_size: 'x' }); // an unknown name is the schema's to refuse
    const lists = { params: [], coerce: new Map([['n', (v: string) => Number(v)]]), arrays: new Set(['n']), hasBody: false };
    expect(urlInput(lists, 'n=1,2&n=3', () => '')).toEqual({ n: [1, 2, 3] });
    const one = routes.match('/api/v1/listings/acme')!;
    expect(() => urlInput(one.plan, 'slug=other', one.param)).toThrow(/given in the path/);
  });
});

describe('the request-targets the lane reads as they are written', () => {
  it.each([
    '/api/v1/listings/acme-notes',
    '/api/v1/listings?q=caf%C3%A9+au+lait&per_page=5',
    '/api/v1/listings?q=%22quoted%22&sort=votes',
    '/api/v1/categories/',
    '/api/v1/launches/weeks/2026-W48',
    '/api/v1/listings/a.b_c~d',
  ])('%s: yes', (target) => {
    expect(plainTarget(target)).toBe(true);
  });

  it.each([
    ['percent-encoding in the path', '/api/v1/listings/caf%C3%A9'],
    ['a dot segment', '/api/v1/listings/./acme'],
    ['a dot-dot segment', '/api/v1/x/../listings/acme'],
    ['a final dot-dot segment', '/api/v1/listings/..'],
    ['an empty segment', '/api/v1//listings/acme'],
    ['a fragment', '/api/v1/listings?q=a#b'],
    ['a space', '/api/v1/listings?q=a b'],
    ['a character outside ASCII', '/api/v1/listings?q=café'],
    ['a backslash', '/api/v1/listings\\acme'],
    ['not origin form', 'http://example.com/api/v1/listings'],
  ])('%s (%s): no', (_, target) => {
    expect(plainTarget(target)).toBe(false);
  });
});
