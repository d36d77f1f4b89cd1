import { describe, expect, it } from 'vitest';
import { clientAddress, isTrusted, parseCidr, parseCidrList, rateLimitKey } from './client-address';

describe('client address behind proxies', () => {
  const trusted = parseCidrList('10.0.0.0/8, 192.168.1.5, fd00::/8').cidrs;

  it.each([
    ['10.1.2.3', '10.0.0.0/8', true], ['11.0.0.1', '10.0.0.0/8', false], ['192.168.1.5', '192.168.1.5', true],
    ['192.168.1.6', '192.168.1.5', false], ['::ffff:10.9.9.9', '10.0.0.0/8', true], ['fd12::1', 'fd00::/8', true],
    ['fe80::1', 'fd00::/8', false], ['2001:db8::1', '2001:db8::/32', true], ['2001:db9::1', '2001:db8::/32', false],
    ['1.2.3.4', '0.0.0.0/0', true], ['2001:db8::1', '10.0.0.0/8', false],
  ])('isTrusted(%s, %s) = %s', (ip, cidr, expected) => expect(isTrusted(ip, [parseCidr(cidr)!])).toBe(expected));

  it.each(['10.0.0.0/33', '10.0.0/8', 'fd00::/129', 'proxy.local', '1.2.3.4/8/1', '10.0.0.0/-1'])('refuses the CIDR %s', (c) => {
    expect(parseCidr(c)).toBeNull();
    expect(parseCidrList(`10.0.0.0/8,${c}`).invalid).toEqual([c]);
  });

  it.each([
    // peer, X-Forwarded-For, expected client
    ['203.0.113.9', '1.1.1.1', '203.0.113.9'], // not from a trusted proxy: the header is ignored
    ['10.0.0.2', undefined, '10.0.0.2'],
    ['10.0.0.2', '198.51.100.7', '198.51.100.7'],
    ['10.0.0.2', '6.6.6.6, 198.51.100.7', '198.51.100.7'], // a client-written hop on the left is not believed
    ['10.0.0.2', '198.51.100.7, 10.3.3.3', '198.51.100.7'], // two proxies of ours
    ['10.0.0.2', '10.3.3.3, 10.4.4.4', '10.0.0.2'], // nothing but our proxies
    ['10.0.0.2', 'not-an-ip', '10.0.0.2'],
    ['::ffff:10.0.0.2', '2001:db8::5', '2001:db8::5'],
    ['10.0.0.2', '[2001:db8::5]:443', '2001:db8::5'],
    ['10.0.0.2', '198.51.100.7:5555', '198.51.100.7'],
  ] as const)('peer %s with X-Forwarded-For %s → %s', (peer, xff, expected) => {
    expect(clientAddress(peer, xff, trusted)).toBe(expected);
  });

  it('ignores X-Forwarded-For entirely with no trusted proxies (the default)', () => {
    expect(clientAddress('10.0.0.2', '1.2.3.4', [])).toBe('10.0.0.2');
  });

  it.each([
    ['198.51.100.7', '198.51.100.7'], ['::ffff:198.51.100.7', '198.51.100.7'],
    ['2001:db8:aa:bb:1:2:3:4', '2001:db8:aa:bb::/64'], ['2001:db8:aa:bb::9', '2001:db8:aa:bb::/64'],
    ['2001:db8:aa:bc::9', '2001:db8:aa:bc::/64'], ['unknown', 'unknown'],
  ])('rateLimitKey(%s) = %s', (ip, key) => expect(rateLimitKey(ip)).toBe(key));
});
