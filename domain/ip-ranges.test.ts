import { describe, expect, it } from 'vitest';
import { blockedAddressReason, parseIpv6 } from './ip-ranges';

describe('blockedAddressReason', () => {
  it.each([
    // IPv4
    ['8.8.8.8', null],
    ['93.184.216.34', null],
    ['1.1.1.1', null],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['100.63.255.255', null],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.254', 'carrier-grade NAT'],
    ['100.128.0.0', null],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['169.254.169.254', 'cloud metadata'],
    ['169.254.1.1', 'link-local'],
    ['172.15.255.255', null],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.0', null],
    ['192.168.1.1', 'private'],
    ['192.0.2.10', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    // IPv6
    ['2606:4700:4700::1111', null],
    ['2a00:1450:4001:80b::200e', null],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fec0::1', 'site-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['fd00:ec2::254', 'cloud metadata'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['2001:0:4136:e378::1', 'Teredo'],
    ['100::1', 'discard-only'],
    // IPv6 forms carrying IPv4
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback'],
    ['::ffff:169.254.169.254', 'IPv4-mapped cloud metadata'],
    ['::ffff:10.1.2.3', 'IPv4-mapped private'],
    ['::ffff:8.8.8.8', null],
    ['::127.0.0.1', 'IPv4-compatible (deprecated)'],
    ['::8.8.8.8', 'IPv4-compatible (deprecated)'],
    ['::ffff:0:192.168.0.1', 'IPv4-translated private'],
    ['64:ff9b::10.0.0.1', 'NAT64 private'],
    ['64:ff9b::8.8.8.8', null],
    ['64:ff9b:1::1', 'local-use NAT64'],
    ['2002:7f00:1::', '6to4 loopback'],
    ['2002:0808:0808::1', null],
    // not addresses
    ['localhost', 'not an IP address'],
    ['01.2.3.4', 'not an IP address'],
    ['256.1.1.1', 'not an IP address'],
    ['1:2:3:4:5:6:7:8:9', 'not an IP address'],
    ['1::2::3', 'not an IP address'],
  ])('%s → %s', (addr, reason) => {
    expect(blockedAddressReason(addr)).toBe(reason);
  });

  it('expands IPv6 shorthand', () => {
    expect(parseIpv6('2001:db8::1')).toEqual([0x2001, 0xdb8, 0, 0, 0, 0, 0, 1]);
    expect(parseIpv6('::ffff:1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304]);
    expect(parseIpv6('1:2:3:4:5:6:7::')).toEqual([1, 2, 3, 4, 5, 6, 7, 0]);
  });
});
