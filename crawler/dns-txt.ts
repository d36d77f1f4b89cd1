import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';

// TXT lookups for DNS claims. The resolver's servers come from CLAIMS_DNS_SERVERS (a comma-separated list of
// "ip" or "ip:port", e.g. 127.0.0.1:5353) so tests can answer from a DNS server on loopback; without it the
// system's resolvers are used.

export function parseDnsServers(value: string | undefined): string[] {
  const out: string[] = [];
  for (const raw of (value ?? '').split(',')) {
    const s = raw.trim();
    if (!s) continue;
    const host = s.startsWith('[') ? s.slice(1, s.indexOf(']')) : s.includes(':') && s.indexOf(':') === s.lastIndexOf(':') ? s.split(':')[0] : s;
    if (!isIP(host)) throw new Error(`CLAIMS_DNS_SERVERS: "${s}" is not an IP address (optionally with :port)`);
    out.push(s);
  }
  return out;
}

export type TxtLookup = { ok: true; records: string[] } | { ok: false; reason: string };

const NO_DATA = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN']);

// Every TXT record at `name`, each record's character-strings joined (long values are split into 255-byte
// chunks on the wire). A missing name or record is an ordinary answer, not an error.
export async function lookupTxt(name: string, servers: string[], timeoutMs = 5_000): Promise<TxtLookup> {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 2 });
  if (servers.length) resolver.setServers(servers);
  try {
    const chunks = await resolver.resolveTxt(name);
    return { ok: true, records: chunks.map((c) => c.join('')) };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? '';
    if (NO_DATA.has(code)) return { ok: true, records: [] };
    return { ok: false, reason: `The DNS lookup of ${name} failed (${code || (e as Error).message}). Try again in a few minutes.` };
  } finally {
    resolver.cancel();
  }
}
