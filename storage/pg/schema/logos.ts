import { pgTable, text, integer } from 'drizzle-orm/pg-core';
import { bytea } from './columns';

// Product logos captured from the product's own website during a draft build, stored only after their bytes were
// checked (domain/image-sniff.ts; SVGs sanitised) and served from /logos/<id>.<ext>. Content-addressed: the id is
// the SHA-256 of the stored bytes, so the same image is stored once and a URL never changes what it shows.
export const logos = pgTable('logos', {
  id: text('id').primaryKey(), // sha256 of `bytes`, hex
  contentType: text('content_type').notNull(), // from the sniffed bytes: image/png, image/jpeg, image/webp, image/svg+xml
  bytes: bytea('bytes').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  sourceUrl: text('source_url').notNull(), // where it was fetched from (the page it was found on is in the draft's evidence)
  createdAt: text('created_at').notNull(),
});
