import type { Db } from '../db';
import { withTransaction } from '../db';
import { SETTING_DEFAULTS, getSetting, setSetting, type SettingKey } from './settings';

// Operator writes behind `npm run admin`. AdminError is a refusal the operator can fix (unknown code, bad value);
// its message is printed as is.
export class AdminError extends Error {}

export type PriceRow = { code: string; name: string; price_cents: number; needs_listing: number; week_rule: string; active: number };

export async function listPrices(db: Db): Promise<PriceRow[]> {
  return await db.engine.prepare('SELECT code, name, price_cents, needs_listing, week_rule, active FROM products ORDER BY position, code').all() as PriceRow[];
}

async function knownCodes(db: Db): Promise<string> {
  const codes = (await db.engine.prepare('SELECT code FROM products ORDER BY position, code').pluck().all() as string[]);
  return codes.length ? codes.join(', ') : '(none: the database has no products yet; run `npm run admin -- seed` first)';
}

// The billboard minimum lives in two places (the billboard_min product's price and the billboard_min_cents
// setting); both writers below keep them equal.
export async function setPrice(db: Db, code: string, cents: number): Promise<{ previous: number }> {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new AdminError(`CENTS must be a whole number of US cents (0 or more), got ${cents}`);
  return await withTransaction(db, async () => {
    const row = await db.engine.prepare('SELECT price_cents FROM products WHERE code = ?').get(code) as { price_cents: number } | undefined;
    if (!row) throw new AdminError(`Unknown product code "${code}". Known codes: ${await knownCodes(db)}`);
    if (code === 'billboard_min' && cents < 1) throw new AdminError('The billboard minimum must be at least 1 cent');
    await db.engine.prepare('UPDATE products SET price_cents = ? WHERE code = ?').run(cents, code);
    if (code === 'billboard_min') await setSetting(db, 'billboard_min_cents', String(cents));
    return { previous: row.price_cents };
  });
}

// Text settings and their longest value; the rest are whole numbers.
const TEXT_SETTINGS: Partial<Record<SettingKey, number>> = { site_tagline: 200, seller_country: 2, seller_legal_name: 200, seller_address: 500, seller_vat_id: 32 };
const isKey = (key: string): key is SettingKey => Object.prototype.hasOwnProperty.call(SETTING_DEFAULTS, key);

export async function setSettingValue(db: Db, key: string, value: string): Promise<{ previous: string; value: string }> {
  if (!isKey(key)) throw new AdminError(`Unknown setting "${key}". Known settings: ${Object.keys(SETTING_DEFAULTS).join(', ')}`);
  if (key === 'seller_country') {
    if (!/^[A-Za-z]{2}$/.test(value)) throw new AdminError('seller_country must be a two-letter ISO 3166 country code');
    value = value.toUpperCase();
  } else if (key === 'seller_vat_id') {
    value = value.toUpperCase().replace(/[\s.\-/]/g, '');
    if (!/^[A-Z]{2}[A-Z0-9+*]{2,30}$/.test(value)) throw new AdminError('seller_vat_id must be a VAT number with its country prefix, e.g. DE123456789');
  } else if (TEXT_SETTINGS[key] !== undefined) {
    value = value.trim();
    if (!value || value.length > TEXT_SETTINGS[key]!) throw new AdminError(`${key} must be 1 to ${TEXT_SETTINGS[key]} characters`);
  } else if (!/^\d{1,9}$/.test(value)) {
    throw new AdminError(`${key} must be a whole number (0 or more), got "${value}"`);
  }
  const n = Number(value);
  if (key === 'billboard_min_cents' && n < 1) throw new AdminError('billboard_min_cents must be at least 1');
  if (['bookable_weeks', 'trending_half_life_hours'].includes(key) && n < 1) throw new AdminError(`${key} must be at least 1`);
  if (key === 'free_queue_min_weeks' && n > Number(await getSetting(db, 'free_queue_max_weeks'))) {
    throw new AdminError(`free_queue_min_weeks (${n}) cannot be above free_queue_max_weeks (${await getSetting(db, 'free_queue_max_weeks')})`);
  }
  if (key === 'free_queue_max_weeks' && n < Number(await getSetting(db, 'free_queue_min_weeks'))) {
    throw new AdminError(`free_queue_max_weeks (${n}) cannot be below free_queue_min_weeks (${await getSetting(db, 'free_queue_min_weeks')})`);
  }
  return await withTransaction(db, async () => {
    const previous = await getSetting(db, key);
    await setSetting(db, key, value);
    if (key === 'billboard_min_cents') await db.engine.prepare("UPDATE products SET price_cents = ? WHERE code = 'billboard_min'").run(n);
    return { previous, value };
  });
}

export async function listSettings(db: Db): Promise<{ key: SettingKey; value: string }[]> {
  const out: { key: SettingKey; value: string }[] = [];
  for (const key of Object.keys(SETTING_DEFAULTS) as SettingKey[]) out.push({ key, value: await getSetting(db, key) });
  return out;
}
