import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBadge, checkMetaTag, checkWellKnownFile, findBadgeLink, findMetaTag } from '../crawler/checks';
import { userAgentFor } from '../crawler/safe-fetch';
import { serveSite, type SiteServer } from './fixture-server';

const SITE = 'https://launch.example';

describe('badge link on a homepage', () => {
  it.each([
    ['a link to the listing page', '<a href="https://launch.example/listings/lumen-notes"><img src="x.svg"></a>', true],
    ['with www. and a trailing slash', '<a href="https://www.launch.example/listings/lumen-notes/">Listed</a>', true],
    ['with a query string', '<a href="https://launch.example/listings/lumen-notes?ref=badge">Listed</a>', true],
    ['a link to one of its badge images', '<a href="https://launch.example/badges/lumen-notes/listed.svg">b</a>', true],
    ['over http', '<a href="http://launch.example/listings/lumen-notes">Listed</a>', true],
    ['only in a comment', '<!-- <a href="https://launch.example/listings/lumen-notes">x</a> -->', false],
    ['only in a script string', '<script>var b = \'<a href="https://launch.example/listings/lumen-notes">\';</script>', false],
    ['only as text', '<p>https://launch.example/listings/lumen-notes</p>', false],
    ['an image without a link', '<img src="https://launch.example/badges/lumen-notes/listed.svg">', false],
    ['another listing', '<a href="https://launch.example/listings/lumen-notes-2">x</a>', false],
    ['a look-alike host', '<a href="https://launch.example.evil.test/listings/lumen-notes">x</a>', false],
    ['a relative link', '<a href="/listings/lumen-notes">x</a>', false],
    ['a javascript: link', '<a href="javascript:alert(1)//launch.example/listings/lumen-notes">x</a>', false],
  ])('%s → %s', (_n, html, found) => {
    expect(findBadgeLink(`<html><body>${html}</body></html>`, SITE, 'lumen-notes').found).toBe(found);
  });
});

describe('meta tag', () => {
  it.each([
    ['<meta name="launch-directory-verify" content="tok-123">', true],
    ['<meta name="Launch-Directory-Verify" content=" tok-123 ">', true],
    ['<meta name="launch-directory-verify" content="tok-1234">', false],
    ['<meta property="launch-directory-verify" content="tok-123">', false],
    ['<!-- <meta name="launch-directory-verify" content="tok-123"> -->', false],
    ['<script>"<meta name=\\"launch-directory-verify\\" content=\\"tok-123\\">"</script>', false],
  ])('%s → %s', (tag, found) => {
    expect(findMetaTag(`<html><head>${tag}</head><body></body></html>`, 'launch-directory-verify', 'tok-123')).toBe(found);
  });
});

describe('checks through the safe fetch', () => {
  let rich: SiteServer;
  beforeAll(async () => { rich = await serveSite('rich'); });
  afterAll(() => rich.close());
  const guarded = { allowPrivate: false, userAgent: userAgentFor(SITE) };
  const open = { allowPrivate: true, userAgent: userAgentFor(SITE) };

  it('refuses private addresses with the guard on', async () => {
    const r = await checkBadge(rich.url, SITE, 'lumen-notes', guarded);
    expect(r).toMatchObject({ found: false, reason: expect.stringMatching(/not a public address/) });
    expect(rich.requests).toHaveLength(0);
  });

  it('does not count the commented-out and scripted badge on the fixture homepage', async () => {
    const r = await checkBadge(rich.url, SITE, 'lumen-notes', open);
    expect(r.found).toBe(false);
    expect(r.reason).toMatch(/No link to https:\/\/launch\.example\/listings\/lumen-notes/);
  });

  it('reads a meta tag and a well-known file', async () => {
    expect((await checkMetaTag(rich.url, 'twitter:site', '@lumennotes', open)).found).toBe(true);
    expect((await checkWellKnownFile(rich.origin, '/robots.txt', 'Disallow:', open)).found).toBe(true);
    const missing = await checkWellKnownFile(rich.origin, '/.well-known/launch-directory.txt', 'tok', open);
    expect(missing).toEqual({ found: false, reason: expect.stringMatching(/HTTP 404/) });
  });
});
