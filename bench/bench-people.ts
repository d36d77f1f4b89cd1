import { randomBytes } from 'node:crypto';
import type { Db } from '../storage/db';
import { createSession } from '../storage/queries/users';
import { addListingOwner } from '../storage/queries/ownership';
import { sha256Hex } from '../auth/api-keys';
import { createApiKey } from '../auth/accounts';
import type { Clock } from '../tools/clock';

// The people the mixed-traffic benchmark plays: voters signed in on the site (a session cookie and its CSRF token,
// as the vote form sends them) and an owner with an API key for one listing. Made directly in the database: the
// benchmark measures reads under writes, not sign-up.
export type BenchPeople = { voters: Array<{ cookie: string; csrf: string }>; owner: { key: string; listingId: number } };

export async function makeBenchPeople(db: Db, clock: Clock, voters = 20): Promise<BenchPeople> {
  const now = clock.now();
  const addUser = db.engine.prepare('INSERT INTO users (email, name, created_at) VALUES (?, ?, ?)');
  const people: BenchPeople['voters'] = [];
  for (let i = 0; i < voters; i++) {
    const userId = Number((await addUser.run(`bench-site-voter-${i}@example.test`, `Voter ${i}`, now.toISOString())).lastInsertRowid);
    const raw = randomBytes(32).toString('base64url');
    const csrf = randomBytes(32).toString('base64url');
    await createSession(db, { idHash: sha256Hex(raw), userId, csrf, createdAt: now.toISOString(), expiresAt: new Date(now.getTime() + 86_400_000).toISOString() });
    people.push({ cookie: `sid=${raw}`, csrf });
  }
  const ownerId = Number((await addUser.run('bench-owner@example.test', 'Owner', now.toISOString())).lastInsertRowid);
  const listingId = Number(await db.engine.prepare('SELECT min(id) FROM listings').pluck().get());
  await addListingOwner(db, listingId, ownerId, 'claim', now.toISOString());
  const key = await createApiKey({ db, clock }, ownerId, 'bench owner', ['listings:write', 'account:read']);
  if ('errors' in key) throw new Error('bench owner key');
  return { voters: people, owner: { key: key.key, listingId } };
}
