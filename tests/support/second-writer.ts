import type { TestApp } from '../harness';
import { addUser } from '../fixtures';
import { testEngine } from './pg-test-db';
import { createApiKey } from '../../auth/accounts';
import { openDb, type Db } from '../../storage/db';
import { openPgDb } from '../../storage/pg/open';
import { addListingOwner } from '../../storage/queries/ownership';
import type { Scope } from '../../domain/scopes';

// What the freshness tests write with besides the app itself: a second connection to the app's database, as a
// second process would have, and an owner's API key for one listing.
export const secondConnection = async (app: TestApp): Promise<Db> =>
  testEngine() === 'postgres' ? await openPgDb(app.config.databaseUrl!, { poolSize: 1 }) : openDb(app.config.databasePath);

// An Authorization header for a new user who owns the listing, with the given scopes.
export async function ownerAuthorization(app: TestApp, listingId: number, email: string, scopes: Scope[]): Promise<string> {
  const ownerId = await addUser(app.db, email);
  await addListingOwner(app.db, listingId, ownerId, 'claim', app.clock.now().toISOString());
  const key = await createApiKey({ db: app.db, clock: app.clock }, ownerId, 'freshness', scopes);
  if ('errors' in key) throw new Error('could not create the owner\'s API key');
  return `Bearer ${key.key}`;
}
