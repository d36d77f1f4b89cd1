import { withTransaction, type Db } from '../db';
import type { Stmt } from '../engine/types';

// Page views are counted by the site's listing page, never by the API (clients reading data are not visitors).
// A write per page view would make every listing view a SQLite commit; views are instead summed in memory
// and written in one transaction shortly after (at most FLUSH_MS later, or at once past MAX_PENDING slugs).
const FLUSH_MS = 500;
const MAX_PENDING = 500;

type Buffer = { pending: Map<string, number>; timer: NodeJS.Timeout | null; stmt: Stmt };
const buffers = new WeakMap<Db, Buffer>();

function bufferOf(db: Db): Buffer {
  let b = buffers.get(db);
  if (!b) {
    b = { pending: new Map(), timer: null, stmt: db.engine.prepare('UPDATE listings SET views_count = views_count + ? WHERE slug = ?') };
    buffers.set(db, b);
  }
  return b;
}

export function countListingView(db: Db, slug: string): void {
  const b = bufferOf(db);
  b.pending.set(slug, (b.pending.get(slug) ?? 0) + 1);
  if (b.pending.size >= MAX_PENDING) void flushListingViews(db);
  else if (!b.timer) {
    b.timer = setTimeout(() => void flushListingViews(db), FLUSH_MS);
    b.timer.unref(); // never keeps the process alive on its own
  }
}

// Writes the counted views now. Safe to call any time (tests, shutdown); a closed database drops them.
export async function flushListingViews(db: Db): Promise<void> {
  const b = buffers.get(db);
  if (!b) return;
  if (b.timer) clearTimeout(b.timer);
  b.timer = null;
  if (b.pending.size === 0 || !db.engine.isOpen()) return;
  const rows = [...b.pending];
  b.pending.clear();
  try {
    await withTransaction(db, async () => {
      for (const [slug, n] of rows) await b.stmt.run(n, slug);
    });
  } catch (e) {
    // The database was busy past the timeout (another process's write lock, a PostgreSQL serialization failure
    // retried too often) or is closing: keep the counts for the next flush rather than throwing from a timer
    // (which would end the process).
    if (!db.engine.isOpen()) return;
    if (!(e instanceof Error && /SQLITE_BUSY|40001|40P01/.test((e as { code?: string }).code ?? e.message))) throw e;
    for (const [slug, n] of rows) b.pending.set(slug, (b.pending.get(slug) ?? 0) + n);
    b.timer = setTimeout(() => void flushListingViews(db), FLUSH_MS);
    b.timer.unref();
  }
}
