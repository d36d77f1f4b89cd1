import type { Client } from '@modelcontextprotocol/client';
import { getJson, type TestApp, resultBody } from './harness';
import { addListing, addUser, type ListingInput } from './fixtures';
import { createApiKey } from '../auth/accounts';
import { runDueJobs } from '../jobs/worker';
import { createTransport, emailHandler, EMAIL_JOB, type MailTransport } from '../jobs/mailer';
import { listingJobHandlers } from '../jobs/go-live';
import type { Scope } from '../tools/scopes';

// Shared by the my-listings, free-plan and weekly-awards tests: owners with API keys, REST and MCP calls,
// and one drain of the job queue with the listing jobs (and e-mail delivery) registered.

export type Owner = { id: number; auth: string };

export async function keyFor(app: TestApp, userId: number, scopes?: Scope[]): Promise<string> {
  const k = await createApiKey({ db: app.db, clock: app.clock }, userId, 'my-listings test', scopes);
  if ('errors' in k) throw new Error(`no key: ${JSON.stringify(k.errors)}`);
  return `Bearer ${k.key}`;
}

export async function newOwner(app: TestApp, email?: string, scopes?: Scope[]): Promise<Owner> {
  const id = await addUser(app.db, email);
  return { id, auth: await keyFor(app, id, scopes) };
}

export const ownedListing = async (app: TestApp, owner: Owner, input: ListingInput): Promise<number> =>
  await addListing(app.db, { ...input, ownerUserId: owner.id });

export function call(app: TestApp, method: string, path: string, auth: string | null, body?: unknown, headers: Record<string, string> = {}) {
  return getJson(`${app.api}${path}`, {
    method,
    headers: { ...(auth ? { authorization: auth } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export const problemPaths = (body: any): string[] => (body?.errors ?? []).map((e: { path: string }) => e.path);

export async function tool(client: Client, name: string, args: Record<string, unknown>): Promise<{ isError: boolean; body: any }> {
  const res = await client.callTool({ name, arguments: args });
  return { isError: !!res.isError, body: resultBody(res) };
}

// Drains every due job once, as `npm run admin -- run-jobs` does; mail goes to `transport` (default: the outbox).
export async function runJobs(app: TestApp, transport?: MailTransport) {
  const mail = transport ?? createTransport({ smtpUrl: null, from: 'Test <no-reply@directory.test>', db: app.db, clock: app.clock, log: () => {} });
  try {
    return await runDueJobs({
      db: app.db, clock: app.clock, log: () => {},
      handlers: { ...listingJobHandlers({ config: app.config }), [EMAIL_JOB]: emailHandler(mail) },
    });
  } finally {
    if (!transport) mail.close();
  }
}
