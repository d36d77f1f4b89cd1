import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookError } from './errors';

// Stripe's webhook signature: header `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`
// (several v1 entries while a secret rolls). A delivery older or newer than the tolerance is refused, so a captured
// request cannot be replayed later; replays inside the window are caught by the processed-event table.
export const SIGNATURE_TOLERANCE_S = 300;

const hmac = (secret: string, t: string, payload: string) => createHmac('sha256', secret).update(`${t}.${payload}`, 'utf8').digest('hex');

export function signStripePayload(payload: string, secret: string, timestampS: number): string {
  return `t=${timestampS},v1=${hmac(secret, String(timestampS), payload)}`;
}

export function verifyStripeSignature(payload: string, header: string | null, secret: string, nowS: number, toleranceS = SIGNATURE_TOLERANCE_S): void {
  if (!header) throw new WebhookError('Missing Stripe-Signature header.');
  let t: string | null = null;
  const v1: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't') t = value;
    else if (key === 'v1') v1.push(value);
  }
  if (!t || !/^\d{1,12}$/.test(t)) throw new WebhookError('Stripe-Signature has no valid timestamp.');
  if (!v1.length) throw new WebhookError('Stripe-Signature has no v1 signature.');
  if (Math.abs(nowS - Number(t)) > toleranceS) throw new WebhookError('Stripe-Signature timestamp is outside the tolerance.');
  const expected = Buffer.from(hmac(secret, t, payload), 'hex');
  const ok = v1.some((sig) => {
    if (!/^[0-9a-f]{64}$/i.test(sig)) return false;
    const given = Buffer.from(sig, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!ok) throw new WebhookError('Stripe-Signature does not match the payload.');
}
