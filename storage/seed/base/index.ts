import type { Db } from '../../db';
import { SETTING_DEFAULTS } from '../../queries/settings';
import { inserter } from '../sql';
import { CATEGORY_TREE } from './categories';
import { PRODUCT_SEEDS } from './products';
import { INTERVIEW_QUESTIONS } from './questions';

const faqs = (pairs: readonly (readonly [string, string])[]) => pairs.map(([question, answer]) => ({ question, answer }));

// Base data every database needs: category tree, products with starting prices, interview questions, settings.
// Runs inside the caller's transaction.
export async function seedBase(db: Db): Promise<void> {
  const category = inserter(db, 'categories', ['slug', 'name', 'description', 'parent_id', 'position', 'faqs']);
  for (const [i, top] of CATEGORY_TREE.entries()) {
    const parentId = await category({ slug: top.slug, name: top.name, description: top.description, parent_id: null, position: i + 1, faqs: faqs(top.faqs) });
    for (const [j, sub] of top.children.entries()) {
      await category({ slug: sub.slug, name: sub.name, description: sub.description, parent_id: parentId, position: j + 1, faqs: faqs(sub.faqs) });
    }
  }

  const product = inserter(db, 'products', ['code', 'name', 'description', 'price_cents', 'needs_listing', 'options', 'week_rule', 'active', 'position']);
  for (const p of PRODUCT_SEEDS) {
    await product({ code: p.code, name: p.name, description: p.description, price_cents: p.priceCents, needs_listing: p.needsListing ?? true,
      options: p.options ?? null, week_rule: p.weekRule ?? 'none', active: true, position: p.position ?? 0 });
  }

  const question = inserter(db, 'interview_questions', ['question', 'position']);
  for (const [i, q] of INTERVIEW_QUESTIONS.entries()) await question({ question: q, position: i + 1 });

  const setting = db.engine.prepare('INSERT OR IGNORE INTO settings (key, value) VALUES (?, ?)');
  for (const [key, value] of Object.entries(SETTING_DEFAULTS)) await setting.run(key, value);
  // The billboard minimum is both a product price and a setting; the product's seeded price wins so they agree.
  const min = PRODUCT_SEEDS.find((p) => p.code === 'billboard_min')!.priceCents;
  await db.engine.prepare("UPDATE settings SET value = ? WHERE key = 'billboard_min_cents'").run(String(min));
}
