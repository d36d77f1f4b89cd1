import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isAllowed as robotsAllows, parseRobots, patternMatches as robotsPatternMatches } from '../domain/robots';
import { fetchRobots } from '../crawler/robots';
import { userAgentFor } from '../crawler/safe-fetch';
import { emailsInText, isEmailLike, stripTags, trimTrailing } from '../domain/strings';
import { extractFacts } from '../crawler/extract';
import { chooseLinks } from '../crawler/links';
import { findBadgeLink } from '../crawler/checks';

// Everything the crawler reads is written by the sites it crawls, and crawls run in the server's process.
// robots.txt rules, page text, titles, JSON-LD, links and page structure must not be able to stall it: the
// crawler's matching and extraction take linear time on hostile input, with the answers they gave before.

const HOSTILE = `User-agent: *\nDisallow: /${'*a'.repeat(12)}*b\nAllow: /ok$\n`;

let server: Server;
let origin = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/robots.txt') return void res.writeHead(200, { 'content-type': 'text/plain' }).end(HOSTILE);
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => { await new Promise((r) => server.close(r)); });

describe('robots.txt matching', () => {
  it('a hostile wildcard rule is answered at once for long paths, and still applies', async () => {
    const policy = await fetchRobots(origin, { allowPrivate: true, userAgent: userAgentFor('http://directory.test') });
    expect(policy.kind).toBe('rules');
    expect(policy.allows(`${origin}/${'a'.repeat(5000)}`)).toBe(true); // no "b": the rule does not match
    expect(policy.allows(`${origin}/${'a'.repeat(5000)}b`)).toBe(false);
    expect(policy.allows(`${origin}/${'a'.repeat(11)}b`)).toBe(true); // one "a" short
  });

  it('gives the same answers as the regular-expression reading of the rules (RFC 9309 examples and random rules)', () => {
    const rfc: Array<[string, string, boolean]> = [
      ['/fish', '/fish', true], ['/fish', '/fish.html', true], ['/fish', '/fish/salmon.html', true], ['/fish', '/Fish.asp', false],
      ['/fish*', '/fishheads/yummy.html', true], ['/fish/', '/fish', false], ['/*.php', '/folder/filename.php?parameters', true],
      ['/*.php$', '/filename.php', true], ['/*.php$', '/filename.php?parameters', false], ['/*.php$', '/filename.php5', false],
      ['/fish*.php', '/fishheads/catfish.php?parameters', true], ['/fish*.php', '/Fish.PHP', false], ['/', '/anything', true], ['$', '', true],
    ];
    for (const [pattern, path, expected] of rfc) expect(robotsPatternMatches(pattern, path), `${pattern} ~ ${path}`).toBe(expected);

    // Short random rules and paths over a tiny alphabet, where backtracking is cheap: both readings agree.
    let seed = 7;
    const rnd = (n: number) => { seed = (seed * 1103515245 + 12345) % 2 ** 31; return seed % n; };
    const pick = (chars: string, max: number) => Array.from({ length: rnd(max + 1) }, () => chars[rnd(chars.length)]).join('');
    for (let i = 0; i < 3000; i++) {
      const pattern = `/${pick('ab*/', 6)}${rnd(3) === 0 ? '$' : ''}`;
      const path = `/${pick('ab/', 8)}`;
      const rule = parseRobots(`User-agent: *\nDisallow: ${pattern}\n`).groups[0].rules[0];
      expect(robotsPatternMatches(rule.pattern, path), `${pattern} ~ ${path}`).toBe(referenceRegex(rule.pattern).test(path));
    }
  });

  it('keeps the longest-match and allow-wins-ties rules', () => {
    const file = parseRobots('User-agent: *\nDisallow: /shop\nAllow: /shop/public\nDisallow: /a$\nAllow: /a$\n');
    expect(robotsAllows(file, 'launchdirectorybot', '/shop/cart')).toBe(false);
    expect(robotsAllows(file, 'launchdirectorybot', '/shop/public/x')).toBe(true);
    expect(robotsAllows(file, 'launchdirectorybot', '/a')).toBe(true);
    expect(robotsAllows(file, 'launchdirectorybot', '/robots.txt')).toBe(true);
  });
});

// The former regex reading of a rule, kept as the oracle: fine on short inputs, exponential on hostile ones.
function referenceRegex(pattern: string): RegExp {
  const anchored = pattern.endsWith('$');
  const body = (anchored ? pattern.slice(0, -1) : pattern).split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*');
  return new RegExp(`^${body}${anchored ? '$' : ''}`);
}

// A tiny deterministic generator for the equivalence checks.
function generator(seed: number) {
  return {
    int: (n: number) => { seed = (seed * 1103515245 + 12345) % 2 ** 31; return seed % n; },
    str(chars: string, max: number) { return Array.from({ length: this.int(max + 1) }, () => chars[this.int(chars.length)]).join(''); },
  };
}

describe('string helpers give the regular expressions\' answers in linear time', () => {
  it('trimTrailing = replace(/\\/+$/, "")', () => {
    const g = generator(11);
    for (let i = 0; i < 2000; i++) {
      const s = g.str('/a', 8);
      expect(trimTrailing(s, '/')).toBe(s.replace(/\/+$/, ''));
    }
    expect(trimTrailing(`${'/'.repeat(300_000)}x`, '/')).toHaveLength(300_001);
  });

  it('stripTags = replace(/<[^>]+>/g, " ")', () => {
    const g = generator(12);
    for (let i = 0; i < 3000; i++) {
      const s = g.str('<>a ', 10);
      expect(stripTags(s), JSON.stringify(s)).toBe(s.replace(/<[^>]+>/g, ' '));
    }
    expect(stripTags('<'.repeat(300_000))).toHaveLength(300_000);
  });

  it('emailsInText finds what /\\b[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}\\b/g finds', () => {
    const original = /\b[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}\b/g;
    const g = generator(13);
    for (let i = 0; i < 5000; i++) {
      const s = g.str('ab._-@ !', 14);
      expect(emailsInText(s), JSON.stringify(s)).toEqual([...s.matchAll(original)].map((m) => m[0]));
    }
    expect(emailsInText('Write to hello@example.com or -_x.y@mail.example.org.')).toEqual(['hello@example.com', '_x.y@mail.example.org']);
    expect(emailsInText('a.'.repeat(250_000))).toEqual([]);
    expect(isEmailLike(`a@${'a.'.repeat(100_000)} x`)).toBe(false);
  });
});

describe('extraction of hostile pages finishes and still reads the page', () => {
  it('a huge title, FAQ lists and headings by the ten thousand, markup-filled JSON-LD and absurd links', () => {
    const html = `<html><head><title>${' '.repeat(300_000)}x</title>
      <script type="application/ld+json">{"@type":"SoftwareApplication","name":"Hostile","description":"${'<'.repeat(300_000)}"}</script></head>
      <body><h1>FAQ</h1>
      <dl>${'<dt>Is this a question?</dt>'.repeat(40_000)}<dd>Yes it is.</dd></dl>
      ${'<h3>Why does it work?</h3><p>Because.</p>'.repeat(40_000)}
      <p>${'a.'.repeat(100_000)} Contact hello@hostile.example today.</p>
      <a href="mailto:a@${'a.'.repeat(100_000)} x">mail</a><a href="mailto:%E0%A4%A@x.example">broken escape</a>
      <a href="/${'/'.repeat(200_000)}pricing">Pricing</a>
      <a href="https://github.com/${'/'.repeat(200_000)}hostile">GitHub</a></body></html>`;
    const { facts } = extractFacts([{ url: 'https://hostile.example/', html }]);
    expect(facts.faqs.map((q) => q.question)).toEqual(expect.arrayContaining(['Is this a question?', 'Why does it work?']));
    expect(JSON.stringify(facts)).toContain('hello@hostile.example');
  });

  it('links and badge checks with a path of slashes', () => {
    const links = chooseLinks('https://hostile.example/', [{ url: `/${'/'.repeat(300_000)}pricing`, text: 'Pricing' }, { url: '/pricing/', text: 'Pricing' }], 10);
    expect(links.map((l) => l.url)).toContain('https://hostile.example/pricing');
    const html = `<a href="http://directory.test/${'/'.repeat(300_000)}x">x</a><a href="http://directory.test/listings/hostile//">ok</a><a href="http://directory.test/%E0%A4%A">bad escape</a>`;
    expect(findBadgeLink(html, 'http://directory.test', 'hostile')).toEqual({ found: true, href: 'http://directory.test/listings/hostile//' });
  });
});
