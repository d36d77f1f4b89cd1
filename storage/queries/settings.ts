import type { Db } from '../db';
import { preparedFor } from '../prepared';

// Site settings with their defaults; the operator changes them with `npm run admin -- set-setting`.
export const SETTING_DEFAULTS = {
  free_queue_min_weeks: '6',
  free_queue_max_weeks: '8',
  free_week_capacity: '50',
  paid_week_capacity: '20',
  bookable_weeks: '12',
  billboard_min_cents: '1000',
  trending_half_life_hours: '72',
  site_tagline: 'Discover and launch new software products',
  seller_country: 'DE', // decides domestic VAT and reverse charge
  // The operator's details printed on every receipt (empty until the operator sets them).
  seller_legal_name: '',
  seller_address: '',
  seller_vat_id: '',
} as const;
export type SettingKey = keyof typeof SETTING_DEFAULTS;

const statements = preparedFor((p) => ({
  get: p('SELECT value FROM settings WHERE key = ?').pluck(),
  set: p('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value'),
}));

export async function getSetting(db: Db, key: SettingKey): Promise<string> {
  const value = await statements(db).get.get(key) as string | undefined;
  return value ?? SETTING_DEFAULTS[key];
}

export const getNumberSetting = async (db: Db, key: SettingKey): Promise<number> => Number(await getSetting(db, key));

export async function setSetting(db: Db, key: string, value: string): Promise<void> {
  if (!(key in SETTING_DEFAULTS)) throw new Error(`Unknown setting ${key}. Known: ${Object.keys(SETTING_DEFAULTS).join(', ')}`);
  await statements(db).set.run(key, value);
}

export type SellerDetails = { legalName: string; address: string; vatId: string; country: string };

// Who sells: the receipt's seller block. An unset legal name is reported as empty; callers decide the fallback.
export const sellerDetails = async (db: Db): Promise<SellerDetails> => ({
  legalName: await getSetting(db, 'seller_legal_name'), address: await getSetting(db, 'seller_address'),
  vatId: await getSetting(db, 'seller_vat_id'), country: await getSetting(db, 'seller_country'),
});
