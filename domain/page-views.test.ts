import { describe, expect, it } from 'vitest';
import { isBot, visitorDigest, viewDay } from './page-views';

describe('page views', () => {
  it.each([
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15', false],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36', false],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0', false],
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', true],
    ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0)', true],
    ['facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', true],
    ['Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)', true],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0 Safari/537.36', true],
    ['curl/8.5.0', true], ['python-requests/2.32', true], ['node', true], ['', true], [undefined, true],
    ['Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)', true],
    ['LaunchDirectoryBot/1.0 (+https://x.example/bot)', true],
  ])('isBot(%s) = %s', (ua, expected) => expect(isBot(ua)).toBe(expected));

  it('digests one visitor of one listing for one day, and nothing else', () => {
    const a = visitorDigest('salt', '2026-11-18', '198.51.100.7', 'Firefox', 'acme');
    expect(visitorDigest('salt', '2026-11-18', '198.51.100.7', 'Firefox', 'acme')).toBe(a);
    for (const other of [
      visitorDigest('salt', '2026-11-19', '198.51.100.7', 'Firefox', 'acme'),
      visitorDigest('salt', '2026-11-18', '198.51.100.8', 'Firefox', 'acme'),
      visitorDigest('salt', '2026-11-18', '198.51.100.7', 'Safari', 'acme'),
      visitorDigest('salt', '2026-11-18', '198.51.100.7', 'Firefox', 'other'),
      visitorDigest('pepper', '2026-11-18', '198.51.100.7', 'Firefox', 'acme'),
    ]) expect(other).not.toBe(a);
    expect(a).not.toContain('198.51.100.7');
    expect(viewDay(new Date('2026-11-18T23:59:59Z'))).toBe('2026-11-18');
  });
});
