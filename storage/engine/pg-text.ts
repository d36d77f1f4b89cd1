import type { Params } from './types';

// A statement written for SQLite, as PostgreSQL runs it. Only what has one meaning on both engines is rewritten:
// placeholders (`?` and `@name` become `$n`), `INSERT OR IGNORE` (ON CONFLICT DO NOTHING), two-argument max()/min()
// (GREATEST/LEAST), LIKE (SQLite's is case-blind for ASCII: ILIKE), `x COLLATE NOCASE` (lower(x)), camelCase aliases (quoted, as SQLite answers them), INDEXED BY hints (dropped), and a RETURNING id on INSERTs into tables that
// have one (better-sqlite3 reports the new rowid; `run()` reports it as lastInsertRowid on both). Anything else that
// differs (JSON functions, collations, casts) is written out in the statement's `pg` text beside the SQLite one.
// String literals, quoted names and comments are copied as they are.

export type PgText = {
  text: string;
  values(params: Params): unknown[];
  writes: boolean; // INSERT, UPDATE, DELETE (or a WITH … ending in one)
  target: string | null; // the table a write writes, when it names one plainly
  returnsId: boolean; // `RETURNING id` was added, or the statement returns rows it inserted
};

type Piece = { kind: 'code' | 'literal'; text: string };

function split(sql: string): Piece[] {
  const out: Piece[] = [];
  let code = '';
  let i = 0;
  const flush = () => { if (code) out.push({ kind: 'code', text: code }); code = ''; };
  while (i < sql.length) {
    const c = sql[i];
    if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < sql.length) {
        if (sql[j] === c) {
          if (sql[j + 1] === c) { j += 2; continue; }
          break;
        }
        j++;
      }
      flush();
      out.push({ kind: 'literal', text: sql.slice(i, j + 1) });
      i = j + 1;
    } else if (c === '-' && sql[i + 1] === '-') {
      const j = sql.indexOf('\n', i);
      const end = j < 0 ? sql.length : j;
      flush();
      out.push({ kind: 'literal', text: sql.slice(i, end) });
      i = end;
    } else if (c === '/' && sql[i + 1] === '*') {
      const j = sql.indexOf('*/', i + 2);
      const end = j < 0 ? sql.length : j + 2;
      flush();
      out.push({ kind: 'literal', text: sql.slice(i, end) });
      i = end;
    } else {
      code += c;
      i++;
    }
  }
  flush();
  return out;
}

// max(a, b) → GREATEST(a, b), min(a, b) → LEAST(a, b): SQLite's scalar forms (the one-argument aggregates stay).
function scalarMinMax(sql: string): string {
  return sql.replace(/\b(max|min)\s*\(/gi, (m, name: string, offset: number) => {
    let depth = 0;
    let commas = 0;
    for (let i = offset + m.length - 1; i < sql.length; i++) {
      const c = sql[i];
      if (c === '(') depth++;
      else if (c === ')') { depth--; if (depth === 0) break; }
      else if (c === ',' && depth === 1) commas++;
    }
    return commas > 0 ? `${name.toLowerCase() === 'max' ? 'GREATEST' : 'LEAST'}(` : m;
  });
}

export function toPgText(sql: string, hasId: (table: string) => boolean): PgText {
  const names: string[] = [];
  let positional = 0;
  let ignore = false;
  const pieces = split(sql).map((p) => {
    if (p.kind === 'literal') return p.text;
    let t = p.text;
    if (/\bINSERT\s+OR\s+IGNORE\s+INTO\b/i.test(t)) {
      ignore = true;
      t = t.replace(/\bINSERT\s+OR\s+IGNORE\s+INTO\b/i, 'INSERT INTO');
    }
    t = t.replace(/\bNOT\s+LIKE\b/gi, 'NOT ILIKE').replace(/(?<!NOT\s+|I)\bLIKE\b/gi, 'ILIKE');
    t = scalarMinMax(t);
    // `INDEXED BY name`: a SQLite planner hint, no meaning for the result; PostgreSQL's planner chooses itself.
    t = t.replace(/\s+INDEXED\s+BY\s+[A-Za-z_][A-Za-z0-9_]*/gi, '');
    // `AS userId`: PostgreSQL folds an unquoted name to lower case, SQLite answers it as written; quoted, both keep it.
    // Only mixed case: `CAST(x AS INTEGER)` names a type, not an alias.
    t = t.replace(/\bAS\s+([A-Za-z_][A-Za-z0-9_]*)\b/g, (m, name: string) => (/[a-z]/.test(name) && /[A-Z]/.test(name) ? `AS "${name}"` : m));
    // `name COLLATE NOCASE` (an ORDER BY key): SQLite folds ASCII case; lower() over a "C" column does the same.
    t = t.replace(/([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)?)\s+COLLATE\s+NOCASE\b/gi, 'lower($1)');
    // PostgreSQL's operators cannot tell `$1` from a `?` operator, so positional and named placeholders are
    // numbered in one pass: `?` gets the next number, `@name` its own number (the same one each time it appears).
    t = t.replace(/\?|@([A-Za-z_][A-Za-z0-9_]*)/g, (m, name?: string) => {
      if (!name) return `$${++positional}`;
      let k = names.indexOf(name);
      if (k < 0) { names.push(name); k = names.length - 1; }
      return `$${k + 1}`;
    });
    return t;
  });
  if (positional && names.length) throw new Error(`A statement mixes ? and @name placeholders: ${sql.slice(0, 80)}`);
  let text = pieces.join('').trim().replace(/;\s*$/, '');
  const head = text.replace(/^\s*WITH\b[\s\S]*?\)\s*(?=INSERT|UPDATE|DELETE|SELECT)/i, '');
  const writes = /^\s*(INSERT|UPDATE|DELETE)\b/i.test(head);
  const insertInto = /^\s*INSERT\s+INTO\s+"?([A-Za-z_][A-Za-z0-9_]*)"?/i.exec(head);
  const target = writes ? (/^\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?([A-Za-z_][A-Za-z0-9_]*)"?/i.exec(head)?.[1] ?? null) : null;
  const returning = /\bRETURNING\b/i.test(text);
  if (ignore) text = returning ? text.replace(/\bRETURNING\b/i, 'ON CONFLICT DO NOTHING RETURNING') : `${text} ON CONFLICT DO NOTHING`;
  let returnsId = false;
  if (insertInto && !returning && hasId(insertInto[1])) {
    text = `${text} RETURNING id`;
    returnsId = true;
  } else if (insertInto && /\bRETURNING\s+id\b/i.test(text)) returnsId = true;
  const values = names.length
    ? (params: Params) => {
      const o = (params[0] ?? {}) as Record<string, unknown>;
      return names.map((n) => encode(o[n]));
    }
    : (params: Params) => params.map(encode);
  return { text, values, writes, target, returnsId };
}

// better-sqlite3 takes numbers, strings, bigints, buffers and null; booleans are stored as 0/1 as SQLite would.
function encode(v: unknown): unknown {
  if (v === undefined) return null;
  if (typeof v === 'boolean') return v ? 1 : 0;
  return v;
}
