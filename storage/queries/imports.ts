import type { Db } from '../db';
import { withTransaction } from '../db';
import { parseCsvTable, type CsvRecord } from '../../domain/csv';
import { normaliseDomain } from '../../domain/domains';
import { isRealDate } from '../../domain/weeks';

// Imports of third-party figures (Domain Rating, verified revenue) from CSV files. Rows naming an unknown
// listing are skipped and reported; a row with a bad value stops the whole import, so a file is either
// imported in full (minus unknown listings) or not at all.

export type ImportReport = {
  rows: number; // data rows in the file
  imported: number; // rows written (inserted or updated)
  listings: number; // distinct listings touched
  unknown: { line: number; value: string }[];
  errors: { line: number; message: string }[];
};

type Parsed<T> = { line: number; key: { slug?: string; domain?: string; value: string }; data: T };

const statements = new WeakMap<Db, ReturnType<typeof prepare>>();
function prepare(db: Db) {
  return {
    bySlug: db.engine.prepare('SELECT id FROM listings WHERE slug = ?').pluck(),
    byDomain: db.engine.prepare('SELECT id FROM listings WHERE domain = ? ORDER BY id LIMIT 1').pluck(),
    rating: db.engine.prepare(`INSERT INTO domain_ratings (listing_id, rating, recorded_on, source) VALUES (?, ?, ?, ?)
      ON CONFLICT (listing_id, recorded_on) DO UPDATE SET rating = excluded.rating, source = excluded.source`),
    revenue: db.engine.prepare(`INSERT INTO revenue_reports (listing_id, mrr_cents, period, verified_by, recorded_on) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (listing_id, period) DO UPDATE SET mrr_cents = excluded.mrr_cents, verified_by = excluded.verified_by, recorded_on = excluded.recorded_on`),
  };
}
const stmts = (db: Db) => statements.get(db) ?? statements.set(db, prepare(db)).get(db)!;

// --- row rules (pure) -------------------------------------------------------------------------------

// A value in one row that cannot be imported; the message names the column and the value.
export class RowError extends Error {}

function listingKey(columns: string[], r: CsvRecord): Parsed<never>['key'] {
  const slug = r.values.slug;
  if (slug) return { slug: slug.toLowerCase(), value: slug };
  const raw = r.values.domain || r.values.url || '';
  if (!raw) throw new RowError(`no ${columns.includes('slug') ? 'slug or ' : ''}domain given`);
  const domain = normaliseDomain(raw);
  if (!domain) throw new RowError(`"${raw}" is not a domain`);
  return { domain, value: raw };
}

export function parseRating(value: string): number {
  if (!/^\d{1,3}(\.\d+)?$/.test(value)) throw new RowError(`rating "${value}" must be a number from 0 to 100`);
  const n = Math.round(Number(value));
  if (n > 100) throw new RowError(`rating "${value}" must be a number from 0 to 100`);
  return n;
}

export function parseDay(value: string, today: string): string {
  if (!value) return today;
  if (!isRealDate(value)) throw new RowError(`date "${value}" must be a date as YYYY-MM-DD`);
  if (value > today) throw new RowError(`date ${value} is in the future`);
  return value;
}

// Money as whole cents: mrr_cents is an integer; mrr_usd may carry "$", thousands commas and 2 decimals.
export function parseMrrCents(values: Record<string, string>): number {
  if (values.mrr_cents) {
    if (!/^\d{1,13}$/.test(values.mrr_cents)) throw new RowError(`mrr_cents "${values.mrr_cents}" must be a whole number of cents`);
    return Number(values.mrr_cents);
  }
  const usd = (values.mrr_usd ?? '').replace(/[$,\s]/g, '');
  const m = /^(\d{1,11})(?:\.(\d{1,2}))?$/.exec(usd);
  if (!m) throw new RowError(`mrr_usd "${values.mrr_usd ?? ''}" must be an amount in US dollars, e.g. 1234.50`);
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

// YYYY-MM or YYYY-MM-DD → the first day of that month; months after the current one are refused.
export function parsePeriod(value: string, today: string): string {
  const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(value);
  const first = m ? `${m[1]}-${m[2]}-01` : '';
  if (!m || !isRealDate(first) || (m[3] && !isRealDate(value))) throw new RowError(`period "${value}" must be a month as YYYY-MM or a date as YYYY-MM-DD`);
  if (first > today) throw new RowError(`period ${value} is in the future`);
  return first;
}

export function parseVerifiedBy(value: string): string {
  const v = value.toLowerCase() || 'manual';
  if (!/^[a-z0-9][a-z0-9_-]{0,39}$/.test(v)) throw new RowError(`verified_by "${value}" must be a short name such as stripe, paddle or manual`);
  return v;
}

// --- imports ----------------------------------------------------------------------------------------

async function run<T>(db: Db, text: string, required: string[][], parse: (r: CsvRecord) => T, write: (listingId: number, data: T) => Promise<unknown> | void): Promise<ImportReport> {
  const { columns, records } = parseCsvTable(text);
  for (const group of required) {
    if (!group.some((c) => columns.includes(c))) throw new Error(`The header must name a column ${group.map((c) => `"${c}"`).join(' or ')}; found ${columns.join(', ')}`);
  }
  const report: ImportReport = { rows: records.length, imported: 0, listings: 0, unknown: [], errors: [] };
  const parsed: Parsed<T>[] = [];
  for (const r of records) {
    try {
      parsed.push({ line: r.line, key: listingKey(columns, r), data: parse(r) });
    } catch (e) {
      if (!(e instanceof RowError)) throw e;
      report.errors.push({ line: r.line, message: e.message });
    }
  }
  if (report.errors.length) return report;
  const s = stmts(db);
  const touched = new Set<number>();
  await withTransaction(db, async () => {
    for (const p of parsed) {
      const id = (p.key.slug ? await s.bySlug.get(p.key.slug) : await s.byDomain.get(p.key.domain)) as number | undefined;
      if (id === undefined) { report.unknown.push({ line: p.line, value: p.key.value }); continue; }
      await write(id, p.data);
      touched.add(id);
      report.imported++;
    }
  });
  report.listings = touched.size;
  return report;
}

// Columns: slug or domain (or url), rating (0..100), date (YYYY-MM-DD, default today). Each import adds a
// history point per listing and day; importing the same day again replaces that day's value.
export async function importDomainRatings(db: Db, text: string, opts: { today: string; source?: string }): Promise<ImportReport> {
  const s = stmts(db);
  return await run(db, text, [['slug', 'domain', 'url'], ['rating']],
    (r) => ({ rating: parseRating(r.values.rating), day: parseDay(r.values.date ?? r.values.recorded_on ?? '', opts.today) }),
    async (id, d) => await s.rating.run(id, d.rating, d.day, opts.source ?? 'import'));
}

// Columns: slug or domain (or url), mrr_usd or mrr_cents, period (YYYY-MM or YYYY-MM-DD), verified_by.
// One figure per listing and month; importing the same month again replaces it.
export async function importRevenue(db: Db, text: string, opts: { today: string }): Promise<ImportReport> {
  const s = stmts(db);
  return await run(db, text, [['slug', 'domain', 'url'], ['mrr_usd', 'mrr_cents'], ['period']],
    (r) => ({ cents: parseMrrCents(r.values), period: parsePeriod(r.values.period, opts.today), by: parseVerifiedBy(r.values.verified_by ?? '') }),
    async (id, d) => await s.revenue.run(id, d.cents, d.period, d.by, opts.today));
}
