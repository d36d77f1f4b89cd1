import { createHash } from 'node:crypto';

// Statements are sent named (prepared once per connection, then bound and run), so PostgreSQL parses and plans a
// statement text once per connection rather than on every execution. In the bench that was most of PostgreSQL's CPU
// for a cold read: a listing read for the first time cost ~1,200 µs of the server's CPU sent unnamed, ~300 µs named,
// and a cached read's one query (the change log) ~10 µs against ~4 µs.
// Bounded, since each connection keeps what it prepared until it closes: a text is named from its second run, and at
// most MAX_NAMED texts are; a statement built per request that never repeats stays unnamed. Never named: a text whose
// result columns are `*` (SELECT * or RETURNING *), for which PostgreSQL refuses a prepared statement's next run once
// a migration has added a column ("cached plan must not change result type"); the app's own statements list theirs.
// The name is the text's hash, so engines sharing a pool (and so its connections) agree on it.
// PG_NAMED_STATEMENTS=false turns this off, for a connection pooler that cannot carry named statements across its
// server connections (PgBouncer in transaction mode before 1.21, or with max_prepared_statements = 0).
const MAX_NAMED = 500;
const STAR_COLUMNS = /(?:^|[\s,])(?:[A-Za-z_][A-Za-z0-9_]*\.)?\*\s*(?:,|\bFROM\b)|\bRETURNING\s+\*/i;
export const namesStatement = (text: string): boolean => !STAR_COLUMNS.test(text);

// Which statement texts an engine sends named, and under which name.
export class StatementNames {
  private readonly named = new Map<string, string>(); // text → name
  private readonly ranOnce = new Set<string>(); // texts run once, not named yet

  constructor(private readonly enabled = true) {}

  // The name to send a statement text under, or undefined to send it unnamed (see MAX_NAMED).
  nameFor(text: string): string | undefined {
    const name = this.named.get(text);
    if (name !== undefined || !this.enabled || this.named.size >= MAX_NAMED) return name;
    if (!this.ranOnce.has(text)) {
      if (this.ranOnce.size >= 4 * MAX_NAMED) this.ranOnce.clear();
      this.ranOnce.add(text);
      return undefined;
    }
    this.ranOnce.delete(text);
    if (!namesStatement(text)) return undefined;
    const made = `s${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    this.named.set(text, made);
    return made;
  }
}
