import type { Db } from '../storage/db';
import type { Clock } from '../domain/clock';
import { enqueue } from './queue';

// An hourly job keyed by its hour, so a restart or a second scheduler never doubles a run.
export const HOUR_MS = 60 * 60_000;
export const hourKey = (d: Date) => d.toISOString().slice(0, 13); // YYYY-MM-DDTHH
export const hourStart = (d: Date) => new Date(Math.floor(d.getTime() / HOUR_MS) * HOUR_MS);

export async function scheduleHourly(db: Db, clock: Clock, kind: string, at: Date, maxAttempts = 3): Promise<boolean> {
  const start = hourStart(at);
  return (await enqueue(db, clock, kind, {}, { runAt: start, maxAttempts, dedupeKey: `${kind}:${hourKey(start)}` })).created;
}
