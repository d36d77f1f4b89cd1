import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Db } from '../storage/db';
import type { AppConfig } from '../domain/app-config';
import type { Clock } from '../domain/clock';
import { createSession, deleteSession, sessionByHash, type SessionRow } from '../storage/queries/users';
import { sha256Hex } from './api-keys';

// Site sign-in: an opaque random cookie whose SHA-256 is the session row id. Forms carry a CSRF token:
// the session's own token when signed in, otherwise a double-submit cookie.
export type SessionDeps = { db: Db; config: AppConfig; clock: Clock };
export type SiteUser = SessionRow;

const SESSION_DAYS = 30;
const secure = (config: AppConfig) => config.siteUrl.startsWith('https:');
// __Host- cookies are pinned to this host and path / and must be Secure, so they only fit https sites.
const names = (config: AppConfig) => (secure(config) ? { sid: '__Host-sid', csrf: '__Host-csrf' } : { sid: 'sid', csrf: 'csrf' });
// Both names the session cookie can have: a request carrying either may be signed in.
export const SESSION_COOKIES = ['sid', '__Host-sid'] as const;
const cookieOpts = (config: AppConfig, maxAge?: number) =>
  ({ path: '/', httpOnly: true, sameSite: 'Lax', secure: secure(config), ...(maxAge ? { maxAge } : {}) }) as const;

const token = () => randomBytes(32).toString('base64url');

export async function currentUser(c: Context, deps: SessionDeps): Promise<SiteUser | undefined> {
  const raw = getCookie(c, names(deps.config).sid);
  if (!raw) return undefined;
  return await sessionByHash(deps.db, sha256Hex(raw), deps.clock.now().toISOString());
}

// Always a fresh random id (a planted cookie value is never adopted), and the browser's earlier session, if
// any, ends here: signing in as someone else must not leave the previous account's session alive behind it.
export async function startSession(c: Context, deps: SessionDeps, userId: number): Promise<void> {
  const now = deps.clock.now();
  const previous = getCookie(c, names(deps.config).sid);
  if (previous) await deleteSession(deps.db, sha256Hex(previous));
  const raw = token();
  await createSession(deps.db, {
    idHash: sha256Hex(raw), userId, csrf: token(), createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + SESSION_DAYS * 86_400_000).toISOString(),
  });
  setCookie(c, names(deps.config).sid, raw, cookieOpts(deps.config, SESSION_DAYS * 86_400));
}

export async function endSession(c: Context, deps: SessionDeps): Promise<void> {
  const { sid } = names(deps.config);
  const raw = getCookie(c, sid);
  if (raw) await deleteSession(deps.db, sha256Hex(raw));
  deleteCookie(c, sid, cookieOpts(deps.config));
}

// The token to put in a form for this visitor (creates the double-submit cookie on first use).
export function csrfToken(c: Context, deps: SessionDeps, user: SiteUser | undefined): string {
  if (user) return user.csrf;
  const { csrf } = names(deps.config);
  let value = getCookie(c, csrf);
  if (!value || value.length < 20) {
    value = token();
    setCookie(c, csrf, value, cookieOpts(deps.config));
  }
  return value;
}

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export function csrfValid(c: Context, deps: SessionDeps, user: SiteUser | undefined, submitted: unknown): boolean {
  if (typeof submitted !== 'string' || submitted.length < 20) return false;
  const expected = user ? user.csrf : getCookie(c, names(deps.config).csrf);
  return !!expected && same(expected, submitted);
}
