import type { Db } from '../storage/db';
import type { Clock } from '../domain/clock';
import { SCOPES, type Scope } from '../domain/scopes';
import { createUser, normaliseEmail, userByEmail } from '../storage/queries/users';
import { insertApiKey } from '../storage/queries/api-keys';
import { hashPassword, PASSWORD_MAX, PASSWORD_MIN, verifyPassword } from './passwords';
import { newApiKey } from './api-keys';

// Account rules shared by the site forms and the operator CLI. Each returns field problems instead of throwing,
// so forms can show them next to the field.
type Deps = { db: Db; clock: Clock };
export type FieldErrors = Record<string, string>;

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,253}\.[^\s@]{2,}$/;

export async function signUp(deps: Deps, input: { email: string; name: string; password: string }): Promise<{ userId: number } | { errors: FieldErrors }> {
  const errors: FieldErrors = {};
  const email = normaliseEmail(input.email);
  if (!EMAIL.test(email) || email.length > 254) errors.email = 'Enter an e-mail address like name@example.com.';
  if (input.name.trim().length > 100) errors.name = 'Use at most 100 characters.';
  if (input.password.length < PASSWORD_MIN) errors.password = `Use at least ${PASSWORD_MIN} characters.`;
  if (input.password.length > PASSWORD_MAX) errors.password = `Use at most ${PASSWORD_MAX} characters.`;
  if (Object.keys(errors).length) return { errors };
  const userId = await createUser(deps.db, {
    email, name: input.name.trim() || null, passwordHash: await hashPassword(input.password), createdAt: deps.clock.now().toISOString(),
  });
  if (userId === null) return { errors: { email: 'An account with this e-mail already exists. Sign in instead.' } };
  return { userId };
}

// Same answer and the same work whether the e-mail is unknown or the password wrong.
export async function signIn(deps: Deps, email: string, password: string): Promise<number | null> {
  const user = await userByEmail(deps.db, email);
  const ok = await verifyPassword(password.slice(0, PASSWORD_MAX), user?.passwordHash);
  return ok && user ? user.id : null;
}

export function parseScopes(values: unknown[]): Scope[] {
  return SCOPES.filter((s) => values.includes(s));
}

export async function createApiKey(deps: Deps, userId: number, name: string, scopes: Scope[] = [...SCOPES]): Promise<{ key: string; id: number; prefix: string } | { errors: FieldErrors }> {
  const trimmed = name.trim();
  if (!trimmed || trimmed.length > 100) return { errors: { name: 'Give the key a name of 1 to 100 characters.' } };
  if (!scopes.length) return { errors: { scopes: 'Choose at least one scope.' } };
  const { key, prefix, hash } = newApiKey();
  const id = await insertApiKey(deps.db, { userId, name: trimmed, prefix, hash, scopes, createdAt: deps.clock.now().toISOString() });
  return { key, id, prefix };
}
