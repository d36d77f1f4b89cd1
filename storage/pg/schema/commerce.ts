import { pgTable, integer, text } from 'drizzle-orm/pg-core';
import { intBool, jsonText } from './columns';

// Prices are the admin's, set with `npm run admin -- set-price`; nothing in code hardcodes one.
export const products = pgTable('products', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  priceCents: integer('price_cents').notNull(),
  needsListing: intBool('needs_listing').notNull().default(true),
  // Human description of the free-form `options` object, when the product takes one.
  options: jsonText('options').$type<{ description: string; properties: Record<string, { type: string; description: string; enum?: string[] }> } | null>(),
  // Which launch-week rule applies: 'launch' (optional week), 'required' or 'none'.
  weekRule: text('week_rule', { enum: ['optional', 'required', 'none'] }).notNull().default('none'),
  active: intBool('active').notNull().default(true),
  position: integer('position').notNull().default(0),
});

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
