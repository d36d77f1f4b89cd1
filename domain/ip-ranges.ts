// Which IP addresses the crawler must never connect to: anything that is not a public unicast
// address. Pure range arithmetic on parsed addresses (no DNS, no sockets).

export type ParsedIp = { version: 4; value: number } | { version: 6; groups: number[] };

export function parseIpv4(s: string): number | null {
  const parts = s.split('.');
  if (parts.length !== 4) return null;
  let v = 0;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || (p.length > 1 && p[0] === '0')) return null; // no octal-looking octets
    const n = Number(p);
    if (n > 255) return null;
    v = v * 256 + n;
  }
  return v;
}

export function parseIpv6(input: string): number[] | null {
  let s = input.trim();
  if (s.startsWith('[') && s.endsWith(']')) s = s.slice(1, -1);
  s = s.replace(/%.*$/, ''); // zone index (fe80::1%eth0)
  if (!/^[0-9a-fA-F:.]+$/.test(s)) return null;
  // An embedded dotted IPv4 tail becomes the last two groups.
  const tail = s.match(/^(.*:)(\d+\.\d+\.\d+\.\d+)$/);
  if (tail) {
    const v4 = parseIpv4(tail[2]);
    if (v4 === null) return null;
    s = `${tail[1]}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const parse = (h: string) => (h === '' ? [] : h.split(':'));
  const head = parse(halves[0]);
  const rest = halves.length === 2 ? parse(halves[1]) : [];
  const groupsIn = head.length + rest.length;
  if (halves.length === 1 ? groupsIn !== 8 : groupsIn > 7) return null;
  const all = [...head, ...Array(8 - groupsIn).fill('0'), ...rest];
  const groups: number[] = [];
  for (const g of all) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return null;
    groups.push(parseInt(g, 16));
  }
  return groups;
}

export function parseIp(s: string): ParsedIp | null {
  const v4 = parseIpv4(s);
  if (v4 !== null) return { version: 4, value: v4 };
  const v6 = s.includes(':') ? parseIpv6(s) : null;
  return v6 ? { version: 6, groups: v6 } : null;
}

const v4net = (cidr: string): [number, number] => {
  const [ip, len] = cidr.split('/');
  const bits = Number(len);
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return [(parseIpv4(ip)! & mask) >>> 0, mask];
};

// IPv4 ranges that are not public unicast, with the reason shown when a URL is refused.
const V4_BLOCKED: Array<[string, string]> = [
  ['169.254.169.254/32', 'cloud metadata'],
  ['0.0.0.0/8', 'unspecified'],
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'carrier-grade NAT'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local'],
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'IETF protocol assignments'],
  ['192.0.2.0/24', 'documentation'],
  ['192.88.99.0/24', '6to4 relay anycast'],
  ['192.168.0.0/16', 'private'],
  ['198.18.0.0/15', 'benchmarking'],
  ['198.51.100.0/24', 'documentation'],
  ['203.0.113.0/24', 'documentation'],
  ['224.0.0.0/4', 'multicast'],
  ['240.0.0.0/4', 'reserved'],
];
const V4_TABLE = V4_BLOCKED.map(([cidr, why]) => [...v4net(cidr), why] as const);

export function blockedIpv4Reason(v: number): string | null {
  for (const [net, mask, why] of V4_TABLE) if (((v & mask) >>> 0) === net) return why;
  return null;
}

const v4Of = (hi: number, lo: number) => ((hi << 16) >>> 0) + lo;
const isZero = (gs: number[]) => gs.every((g) => g === 0);

export function blockedIpv6Reason(g: number[]): string | null {
  if (isZero(g)) return 'unspecified';
  if (isZero(g.slice(0, 7)) && g[7] === 1) return 'loopback';
  // Forms that carry an IPv4 address: judge the embedded address.
  if (isZero(g.slice(0, 5)) && g[5] === 0xffff) return embedded(v4Of(g[6], g[7]), 'IPv4-mapped');
  if (isZero(g.slice(0, 6))) return 'IPv4-compatible (deprecated)'; // ::a.b.c.d is never a public route
  if (isZero(g.slice(0, 4)) && g[4] === 0xffff && g[5] === 0) return embedded(v4Of(g[6], g[7]), 'IPv4-translated');
  if (g[0] === 0x64 && g[1] === 0xff9b && isZero(g.slice(2, 6))) return embedded(v4Of(g[6], g[7]), 'NAT64');
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) return 'local-use NAT64';
  if (g[0] === 0x2002) return embedded(v4Of(g[1], g[2]), '6to4');
  if (g[0] === 0xfd00 && g[1] === 0x0ec2 && isZero(g.slice(2, 7)) && g[7] === 0x254) return 'cloud metadata';
  if (g[0] === 0x2001 && g[1] === 0) return 'Teredo';
  if (g[0] === 0x2001 && g[1] === 0x0db8) return 'documentation';
  if (g[0] === 0x0100 && isZero(g.slice(1, 4))) return 'discard-only';
  if ((g[0] & 0xfe00) === 0xfc00) return 'unique-local';
  if ((g[0] & 0xffc0) === 0xfe80) return 'link-local';
  if ((g[0] & 0xffc0) === 0xfec0) return 'site-local';
  if ((g[0] & 0xff00) === 0xff00) return 'multicast';
  return null;
}

function embedded(v4: number, form: string): string | null {
  const why = blockedIpv4Reason(v4);
  return why ? `${form} ${why}` : null;
}

// Why an address must not be fetched, or null for a public unicast address. Unparseable → refused.
export function blockedAddressReason(address: string): string | null {
  const ip = parseIp(address);
  if (!ip) return 'not an IP address';
  return ip.version === 4 ? blockedIpv4Reason(ip.value) : blockedIpv6Reason(ip.groups);
}
