import type { Db } from '../db';

// Accounts and site sessions. Prepared statements are cached per Db: session lookups run on every signed-in page.
export type UserRow = { id: number; email: string; name: string | null; passwordHash: string | null };
export type SessionRow = { userId: number; csrf: string; email: string; name: string | null };

const cache = new WeakMap<Db, ReturnType<typeof prepare>>();

function prepare(db: Db) {
  const s = db.engine;
  const userCols = 'id, email, name, password_hash AS "passwordHash"';
  return {
    byEmail: s.prepare(`SELECT ${userCols} FROM users WHERE email = ?`),
    byId: s.prepare(`SELECT ${userCols} FROM users WHERE id = ?`),
    insertUser: s.prepare('INSERT INTO users (email, name, password_hash, created_at) VALUES (?, ?, ?, ?) ON CONFLICT(email) DO NOTHING RETURNING id'),
    insertSession: s.prepare('INSERT INTO sessions (id, user_id, csrf, created_at, expires_at) VALUES (?, ?, ?, ?, ?)'),
    session: s.prepare(
      `SELECT s.user_id AS "userId", s.csrf, u.email, u.name FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.id = ? AND s.expires_at > ?`),
    deleteSession: s.prepare('DELETE FROM sessions WHERE id = ?'),
    setName: s.prepare('UPDATE users SET name = ? WHERE id = ?'),
    deleteExpired: s.prepare('DELETE FROM sessions WHERE expires_at <= ?'),
  };
}

const q = (db: Db) => {
  let p = cache.get(db);
  if (!p) cache.set(db, (p = prepare(db)));
  return p;
};

// E-mail addresses compare case-insensitively: stored trimmed and lower-cased.
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export const userByEmail = async (db: Db, email: string) => await q(db).byEmail.get(normaliseEmail(email)) as UserRow | undefined;
export const userById = async (db: Db, id: number) => await q(db).byId.get(id) as UserRow | undefined;

// Returns the new id, or null when the e-mail is already registered.
export async function createUser(db: Db, u: { email: string; name: string | null; passwordHash: string; createdAt: string }): Promise<number | null> {
  const row = await q(db).insertUser.get(normaliseEmail(u.email), u.name, u.passwordHash, u.createdAt) as { id: number } | undefined;
  return row?.id ?? null;
}

export async function createSession(db: Db, s: { idHash: string; userId: number; csrf: string; createdAt: string; expiresAt: string }): Promise<void> {
  const p = q(db);
  await p.deleteExpired.run(s.createdAt); // housekeeping piggybacks on sign-in, which is rare
  await p.insertSession.run(s.idHash, s.userId, s.csrf, s.createdAt, s.expiresAt);
}

export const sessionByHash = async (db: Db, idHash: string, nowIso: string) => await q(db).session.get(idHash, nowIso) as SessionRow | undefined;
export const deleteSession = (db: Db, idHash: string) => void q(db).deleteSession.run(idHash);
export const setUserName = (db: Db, id: number, name: string | null) => void q(db).setName.run(name, id);
