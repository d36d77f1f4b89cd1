import type { Context } from 'hono';
import type { AppConfig } from '../tools/context';
import { clientAddress } from '../domain/client-address';

// What the lanes that answer ahead of the middleware (prepared-reads.ts, mcp-lane.ts) read of a request, taken from
// Node's own request when @hono/node-server serves it: building the fetch Headers object that c.req.header() reads
// costs more than everything else those lanes do for a request.

export type HeaderBag = Record<string, string | undefined>;
type Incoming = { headers: Record<string, string | string[] | undefined>; socket?: { remoteAddress?: string } };
const incomingOf = (c: Context) => (c.env as { incoming?: Incoming } | undefined)?.incoming;

// Request headers by lower-case name (Node joins repeated headers with ', ', cookies with '; ').
export function headersOf(c: Context): HeaderBag {
  const incoming = incomingOf(c);
  return incoming ? (incoming.headers as HeaderBag) : Object.fromEntries(c.req.raw.headers);
}

// auth/actor.ts clientIp, from those headers.
export function clientIpOf(c: Context, headers: HeaderBag, config: Pick<AppConfig, 'trustProxy'>): string {
  return incomingClientIp(incomingOf(c), headers, config);
}

// The same from Node's request itself (the fronts of transport/node-front.ts have no Context).
export function incomingClientIp(incoming: Pick<Incoming, 'socket'> | undefined, headers: HeaderBag, config: Pick<AppConfig, 'trustProxy'>): string {
  return clientAddress(incoming?.socket?.remoteAddress ?? 'unknown', headers['x-forwarded-for'], config.trustProxy ?? []);
}
