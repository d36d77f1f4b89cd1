import { sqliteTable, integer, text } from 'drizzle-orm/sqlite-core';

// Prices are the admin's, set with `npm run admin -- set-price`; nothing in code hardcodes one.
export const products = sqliteTable('products', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  priceCents: integer('price_cents').notNull(),
  needsListing: integer('needs_listing', { mode: 'boolean' }).notNull().default(true),
  // Human description of the free-form `options` object, when the product takes one.
  options: text('options', { mode: 'json' }).$type<{ description: string; properties: Record<string, { type: string; description: string; enum?: string[] }> } | null>(),
  // Which launch-week rule applies: 'launch' (optional week), 'required' or 'none'.
  weekRule: text('week_rule', { enum: ['optional', 'required', 'none'] }).notNull().default('none'),
  active: integer('active', { mode: 'boolean' }).notNull().default(true),
  position: integer('position').notNull().default(0),
});

export const settings = sqliteTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
