import { eq } from 'drizzle-orm';
import type { Db } from '../db';
import { settings } from '../schema';

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

export function getSetting(db: Db, key: SettingKey): string {
  const row = db.orm.select().from(settings).where(eq(settings.key, key)).get();
  return row?.value ?? SETTING_DEFAULTS[key];
}

export const getNumberSetting = (db: Db, key: SettingKey): number => Number(getSetting(db, key));

export function setSetting(db: Db, key: string, value: string): void {
  if (!(key in SETTING_DEFAULTS)) throw new Error(`Unknown setting ${key}. Known: ${Object.keys(SETTING_DEFAULTS).join(', ')}`);
  db.orm.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } }).run();
}

export type SellerDetails = { legalName: string; address: string; vatId: string; country: string };

// Who sells: the receipt's seller block. An unset legal name is reported as empty; callers decide the fallback.
export const sellerDetails = (db: Db): SellerDetails => ({
  legalName: getSetting(db, 'seller_legal_name'), address: getSetting(db, 'seller_address'),
  vatId: getSetting(db, 'seller_vat_id'), country: getSetting(db, 'seller_country'),
});
