import type { Context } from 'hono';
import type { Actor } from '../tools/actor';

// The caller's address as the socket saw it (a proxy's X-Forwarded-For is not trusted here).
export function clientIp(c: Context): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'unknown';
}

// Authorization header → Actor. Until accounts exist every caller is anonymous.
export async function authenticate(c: Context): Promise<Actor> {
  return { kind: 'anonymous', ip: clientIp(c) };
}
