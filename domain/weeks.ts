// Launch weeks run Monday 00:00 UTC to Sunday 23:59 UTC and are named by their Monday (YYYY-MM-DD).
const DAY = 86_400_000;

export const isoDay = (d: Date): string => d.toISOString().slice(0, 10);

// The last day asked for and its Monday: reads ask for today's week on every request, and formatting the date
// costs more than the rest of a cached read.
let lastDay = NaN;
let lastMonday = '';
export function mondayOf(d: Date): string {
  const day = Math.floor(d.getTime() / DAY);
  if (day === lastDay) return lastMonday;
  const utc = day * DAY;
  const dow = (new Date(utc).getUTCDay() + 6) % 7; // Monday = 0
  lastMonday = isoDay(new Date(utc - dow * DAY));
  lastDay = day;
  return lastMonday;
}

export const addWeeks = (monday: string, n: number): string => isoDay(new Date(Date.parse(`${monday}T00:00:00Z`) + n * 7 * DAY));
export const addDays = (day: string, n: number): string => isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY));

export const weekEnd = (monday: string): string => addDays(monday, 6);

// Start and end instants of a week as ISO timestamps, for comparing with stored timestamps.
export function weekRange(monday: string): { start: string; end: string } {
  const start = Date.parse(`${monday}T00:00:00Z`);
  return { start: new Date(start).toISOString(), end: new Date(start + 7 * DAY).toISOString() };
}

// The `count` launch weeks up to and including `lastMonday`, oldest first, with the instants they span (start of the
// first, end of the last). Every listing's vote chart asks for the same weeks until the week turns: the last answer is
// kept, so a cold profile does not format 14 dates, and the kept profiles share one set of week names. Frozen: it is
// handed to every caller.
export type WeekSpan = { readonly mondays: readonly string[]; readonly start: string; readonly end: string };
let lastSpan: { key: string; span: WeekSpan } | null = null;
export function weeksEndingWith(lastMonday: string, count: number): WeekSpan {
  const key = `${lastMonday}|${count}`;
  if (lastSpan?.key === key) return lastSpan.span;
  const first = Date.parse(`${lastMonday}T00:00:00Z`) - (count - 1) * 7 * DAY;
  const mondays = Array.from({ length: count }, (_, i) => isoDay(new Date(first + i * 7 * DAY)));
  const span: WeekSpan = Object.freeze({
    mondays: Object.freeze(mondays), start: new Date(first).toISOString(), end: new Date(first + count * 7 * DAY).toISOString(),
  });
  lastSpan = { key, span };
  return span;
}

export const weeksBetween = (fromMonday: string, toMonday: string): number =>
  Math.round((Date.parse(`${toMonday}T00:00:00Z`) - Date.parse(`${fromMonday}T00:00:00Z`)) / (7 * DAY));

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isRealDate(s: string): boolean {
  if (!DATE.test(s)) return false;
  const t = Date.parse(`${s}T00:00:00Z`);
  return !Number.isNaN(t) && isoDay(new Date(t)) === s;
}

// `this`, `next`, `last` or a date (snapped to its Monday). Returns null for anything else.
export function resolveWeek(spec: string, now: Date): string | null {
  const current = mondayOf(now);
  if (spec === 'this') return current;
  if (spec === 'next') return addWeeks(current, 1);
  if (spec === 'last') return addWeeks(current, -1);
  if (isRealDate(spec)) return mondayOf(new Date(`${spec}T00:00:00Z`));
  return null;
}

// "Monday 7 December 2026": a launch day as people read it. Built by hand rather than with Intl so the words do
// not change with the ICU version or locale data of the machine (they appear in e-mails and tests).
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
export function dayLabel(day: string): string {
  const d = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return day;
  return `${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}
