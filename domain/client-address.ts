import { parseIp, type ParsedIp } from './ip-ranges';

// Who is calling, behind proxies we trust, and which rate-limit bucket that caller belongs to. Pure rules over
// parsed addresses; the transport passes in the socket's peer address and the X-Forwarded-For header.

export type Cidr = { version: 4; value: number; bits: number } | { version: 6; groups: number[]; bits: number };

// An IPv4-mapped IPv6 address (::ffff:1.2.3.4, what a dual-stack socket reports) is the IPv4 address it carries.
function unmapped(ip: ParsedIp): ParsedIp {
  if (ip.version === 6 && ip.groups.slice(0, 5).every((g) => g === 0) && ip.groups[5] === 0xffff) {
    return { version: 4, value: ((ip.groups[6] << 16) | ip.groups[7]) >>> 0 };
  }
  return ip;
}

const parse = (s: string): ParsedIp | null => {
  const ip = parseIp(s.trim());
  return ip ? unmapped(ip) : null;
};

export function parseCidr(s: string): Cidr | null {
  const [addr, len, extra] = s.trim().split('/');
  if (extra !== undefined) return null;
  const ip = parse(addr);
  if (!ip) return null;
  const max = ip.version === 4 ? 32 : 128;
  const bits = len === undefined ? max : /^\d{1,3}$/.test(len) ? Number(len) : NaN;
  if (!(bits >= 0 && bits <= max)) return null;
  return ip.version === 4 ? { version: 4, value: ip.value, bits } : { version: 6, groups: ip.groups, bits };
}

// TRUST_PROXY: comma-separated CIDRs (a bare address is a /32 or /128). Unreadable entries are reported, not skipped.
export function parseCidrList(s: string | undefined): { cidrs: Cidr[]; invalid: string[] } {
  const cidrs: Cidr[] = [];
  const invalid: string[] = [];
  for (const part of (s ?? '').split(',').map((p) => p.trim()).filter(Boolean)) {
    const c = parseCidr(part);
    if (c) cidrs.push(c);
    else invalid.push(part);
  }
  return { cidrs, invalid };
}

function inCidr(ip: ParsedIp, c: Cidr): boolean {
  if (ip.version !== c.version) return false;
  if (ip.version === 4 && c.version === 4) {
    const mask = c.bits === 0 ? 0 : (0xffffffff << (32 - c.bits)) >>> 0;
    return ((ip.value & mask) >>> 0) === ((c.value & mask) >>> 0);
  }
  const groups = (ip as { groups: number[] }).groups;
  const net = (c as { groups: number[] }).groups;
  for (let i = 0, left = c.bits; left > 0; i++, left -= 16) {
    const mask = left >= 16 ? 0xffff : (0xffff << (16 - left)) & 0xffff;
    if ((groups[i] & mask) !== (net[i] & mask)) return false;
  }
  return true;
}

export const isTrusted = (address: string, trusted: Cidr[]): boolean => {
  const ip = parse(address);
  return !!ip && trusted.some((c) => inCidr(ip, c));
};

// The client's address: the socket's peer, unless that peer is a trusted proxy; then X-Forwarded-For is read from
// the right, skipping trusted proxies, and the first address that is not one of ours is the client. Anything a
// client wrote further left is its own claim and is never believed.
export function clientAddress(peer: string, forwardedFor: string | undefined, trusted: Cidr[]): string {
  if (!trusted.length || !forwardedFor || !isTrusted(peer, trusted)) return peer;
  const hops = forwardedFor.split(',').map((h) => h.trim()).filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i].replace(/^\[([^\]]+)\](:\d+)?$/, '$1').replace(/^(\d+\.\d+\.\d+\.\d+):\d+$/, '$1');
    if (!parse(hop)) return peer; // garbage in the chain: do not guess past it
    if (!isTrusted(hop, trusted)) return hop;
  }
  return peer;
}

const hex = (n: number) => n.toString(16);

// One rate-limit bucket per IPv4 address, and per IPv6 /64: one host (or one home) owns a whole /64 and could
// otherwise take a fresh bucket for every request.
export function rateLimitKey(address: string): string {
  const ip = parse(address);
  if (!ip) return address;
  if (ip.version === 4) return [24, 16, 8, 0].map((s) => (ip.value >>> s) & 255).join('.');
  return `${ip.groups.slice(0, 4).map(hex).join(':')}::/64`;
}
