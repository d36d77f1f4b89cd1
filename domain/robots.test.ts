import { describe, expect, it } from 'vitest';
import { isAllowed, normalisePath, parseRobots } from './robots';

const BOT = 'LaunchDirectoryBot';

const FILE = `
# comments are ignored
User-agent: *
Disallow: /private
Allow: /private/press
Disallow: /*.pdf$
Disallow: /search?

User-agent: OtherBot
Disallow: /

user-agent: launchdirectorybot/1.0
user-agent: AnotherBot
Disallow: /team/secret
Allow: /team
Disallow: /tmp/
Allow: /tmp/

Sitemap: https://example.com/sitemap.xml
`;

describe('robots.txt matching', () => {
  const file = parseRobots(FILE);
  it.each([
    // our own group applies (case-insensitive product token, version ignored), not the * group
    [BOT, '/', true],
    [BOT, '/private', true],
    [BOT, '/team', true],
    [BOT, '/team/secret', false],
    [BOT, '/team/secret-plans', false],
    [BOT, '/tmp/x', true], // allow wins the tie of equal length
    [BOT, '/robots.txt', true],
    // another bot falls back to *
    ['SomeCrawler', '/private', false],
    ['SomeCrawler', '/private/page', false],
    ['SomeCrawler', '/private/press', true], // longer allow beats shorter disallow
    ['SomeCrawler', '/docs/file.pdf', false],
    ['SomeCrawler', '/docs/file.pdf?x=1', true], // $ anchors at the end
    ['SomeCrawler', '/search?q=1', false],
    ['SomeCrawler', '/search', true],
    ['OtherBot', '/anything', false],
    ['AnotherBot', '/team/secret', false],
  ])('%s %s → %s', (agent, path, allowed) => {
    expect(isAllowed(file, agent, path)).toBe(allowed);
  });

  it.each([
    ['', '/', true], // empty file allows all
    ['User-agent: *\nDisallow:', '/x', true], // empty disallow matches nothing
    ['Disallow: /\nUser-agent: *\nAllow: /', '/x', true], // rules before any group are ignored
    ['User-agent: *\nDisallow: /', '/x', false],
    ['User-agent: *\nDisallow: /', '/robots.txt', true],
    ['User-agent: a\nDisallow: /a\nUser-agent: *\nDisallow: /b', '/b', false], // rule ends the agent run
    ['User-agent: *\nDisallow: /caf%C3%A9', '/café', false], // percent-encoding normalised
    ['User-agent: *\nDisallow: /%7euser', '/~user', false],
    ['User-agent: *\nDisallow: /a*b$', '/a/x/b', false],
    ['User-agent: *\nDisallow: /a*b$', '/a/x/bc', true],
    ['\uFEFFUser-agent: *\r\nDisallow: /win', '/win', false], // BOM and CRLF
    ['User-agent: launchdirectorybot\nDisallow: /x\n\nUser-agent: LaunchDirectoryBot\nDisallow: /y', '/y', false], // groups merge
  ])('%j %s → %s', (text, path, allowed) => {
    expect(isAllowed(parseRobots(text), BOT, path)).toBe(allowed);
  });

  it('normalises paths', () => {
    expect(normalisePath('/caf%c3%a9')).toBe('/caf%C3%A9');
    expect(normalisePath('/a b')).toBe('/a%20b');
    expect(normalisePath('/%41')).toBe('/A');
  });
});
