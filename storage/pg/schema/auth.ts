import { pgTable, bigint, integer, text, index, uniqueIndex, primaryKey } from 'drizzle-orm/pg-core';
import { jsonText } from './columns';
import { users } from './users';
import type { Scope } from '../../../domain/scopes';

// API keys: only the SHA-256 of the key is stored; `prefix` is the visible start shown in the account area.
export const apiKeys = pgTable('api_keys', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  prefix: text('prefix').notNull(),
  hash: text('hash').notNull(), // sha256 hex of the whole key
  scopes: jsonText('scopes').$type<Scope[]>().notNull(),
  createdAt: text('created_at').notNull(),
  lastUsedAt: text('last_used_at'),
  revokedAt: text('revoked_at'),
}, (t) => [uniqueIndex('api_keys_hash').on(t.hash), index('api_keys_user').on(t.userId)]);

// oidc-provider's artefacts (sessions, grants, codes, refresh tokens, clients, interactions) in one table.
// expires_at / consumed_at are epoch seconds on the provider's (wall) clock.
export const oauthStore = pgTable('oauth_store', {
  model: text('model').notNull(),
  id: text('id').notNull(),
  payload: text('payload').notNull(), // JSON as the provider gave it
  grantId: text('grant_id'),
  uid: text('uid'),
  userCode: text('user_code'),
  expiresAt: bigint('expires_at', { mode: 'number' }), // bigint: 32 bits end in 2038
  consumedAt: bigint('consumed_at', { mode: 'number' }),
}, (t) => [
  primaryKey({ columns: [t.model, t.id] }),
  index('oauth_store_grant').on(t.grantId),
  index('oauth_store_uid').on(t.model, t.uid),
  index('oauth_store_user_code').on(t.model, t.userCode),
  index('oauth_store_expires').on(t.expiresAt),
]);

// Signing keys (private JWKS) and cookie keys survive restarts, so tokens and sessions stay valid.
export const oauthKeys = pgTable('oauth_keys', {
  kind: text('kind').primaryKey(), // 'jwks' | 'cookies'
  value: text('value').notNull(), // JSON
  createdAt: text('created_at').notNull(),
});

// Consent remembered per (user, client): the next authorization asks only for scopes not listed here.
export const oauthGrantsRemembered = pgTable('oauth_grants_remembered', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  clientId: text('client_id').notNull(),
  clientName: text('client_name').notNull(),
  redirectHost: text('redirect_host'),
  scopes: jsonText('scopes').$type<string[]>().notNull(),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
}, (t) => [primaryKey({ columns: [t.userId, t.clientId] })]);

// Site sessions: the cookie holds a random token, the table its SHA-256, so a leaked table grants nothing.
export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(), // sha256 hex of the cookie token
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  csrf: text('csrf').notNull(),
  createdAt: text('created_at').notNull(),
  expiresAt: text('expires_at').notNull(),
}, (t) => [index('sessions_user').on(t.userId), index('sessions_expires').on(t.expiresAt)]);
