import { describe, expect, it } from 'vitest';
import { hostAllowed, hostnameOfHostHeader, isLoopbackHostname, originAllowed, originOf } from './origins';

describe('origins', () => {
  it.each([
    ['localhost', true], ['LOCALHOST', true], ['app.localhost', true], ['127.0.0.1', true], ['127.1.2.3', true],
    ['[::1]', true], ['::1', true], ['example.com', false], ['127.0.0.1.nip.io', false], ['10.0.0.1', false], ['localhost.evil.com', false],
  ])('isLoopbackHostname(%s) = %s', (h, expected) => expect(isLoopbackHostname(h)).toBe(expected));

  it.each([
    ['https://example.com/path?q', 'https://example.com'], ['http://example.com:80', 'http://example.com'],
    ['https://example.com:8443', 'https://example.com:8443'], ['null', null], ['file:///etc/passwd', null], ['javascript:alert(1)', null],
  ])('originOf(%s) = %s', (u, expected) => expect(originOf(u)).toBe(expected));

  it.each([
    ['example.com:8080', 'example.com'], ['example.com', 'example.com'], ['[::1]:3000', '[::1]'], ['127.0.0.1:', '127.0.0.1'],
  ])('hostnameOfHostHeader(%s) = %s', (h, expected) => expect(hostnameOfHostHeader(h)).toBe(expected));

  const site = 'https://launch.example';
  it.each([
    ['https://launch.example', site, [], true],
    ['https://launch.example:443', site, [], true],
    ['http://launch.example', site, [], false], // another scheme is another origin
    ['https://evil.example', site, [], false],
    ['https://inspector.example', site, ['https://inspector.example'], true],
    ['https://inspector.example', site, ['https://inspector.example/'], true],
    ['null', site, [], false],
    ['http://localhost:6274', site, [], false], // a public site does not trust loopback pages
    ['http://localhost:6274', 'http://localhost:8787', [], true], // a local site trusts local tools
    ['http://127.0.0.1:6274', 'http://localhost:8787', [], true],
    ['http://evil.example', 'http://localhost:8787', [], false],
  ] as const)('originAllowed(%s) on %s with %j = %s', (origin, siteUrl, listed, expected) =>
    expect(originAllowed(origin, siteUrl, listed)).toBe(expected));

  it.each([
    ['localhost:8787', 'http://localhost:8787', true],
    ['127.0.0.1:8787', 'http://localhost:8787', true],
    ['[::1]:8787', 'http://localhost:8787', true],
    ['evil.example:8787', 'http://localhost:8787', false],
    [undefined, 'http://localhost:8787', false],
    ['anything.example', 'https://launch.example', true],
  ] as const)('hostAllowed(%s) on %s = %s', (host, siteUrl, expected) => expect(hostAllowed(host, siteUrl)).toBe(expected));
});
