import type { Db } from '../db';
import { preparedFor } from '../prepared';

// A count-then-insert under a limit (a draft's invites, a listing's milestones) must not let two transactions both
// see room for the last one. SQLite's write transaction (BEGIN IMMEDIATE) already keeps every other writer out.
// PostgreSQL's READ COMMITTED does not: there the parent row is locked first (FOR UPDATE), so transactions adding
// children to the same parent take turns, and the second counts what the first inserted.
type Parent = 'drafts' | 'listings';

const statements = preparedFor((p) => ({
  drafts: p('SELECT 1 FROM drafts WHERE id = ? FOR UPDATE'),
  listings: p('SELECT 1 FROM listings WHERE id = ? FOR UPDATE'),
}));

// Call first inside the transaction.
export async function lockParentRow(db: Db, table: Parent, id: string | number): Promise<void> {
  if (db.kind === 'pg') await statements(db)[table].get(id);
}
