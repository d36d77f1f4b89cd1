import { randomUUID } from 'node:crypto';
import { MockLanguageModelV3 } from 'ai/test';
import type { Client } from '@modelcontextprotocol/client';
import { getJson, mcpClient, type TestApp, resultBody } from './harness';
import { addUser } from './fixtures';
import { createApiKey } from '../auth/accounts';
import { insertDraft, updateDraft, getDraft } from '../storage/queries/drafts';
import { freshFields, type BuiltField, type DraftField } from '../domain/draft-fields';
import { normaliseForMatch, decodeEntities } from '../domain/evidence';
import type { Scope } from '../tools/scopes';

// Shared by the draft and invite tests: callers with API keys, REST and MCP calls, polling, the mocked
// drafting model (the only fake), and ready drafts written straight to the database where the crawl is
// not what a test is about.

export type Caller = { id: number; email: string; auth: string; modern: Client; legacy: Client };

export async function caller(app: TestApp, email: string, scopes?: Scope[]): Promise<Caller> {
  const id = await addUser(app.db, email);
  const k = await createApiKey({ db: app.db, clock: app.clock }, id, 'drafts test', scopes);
  if ('errors' in k) throw new Error(JSON.stringify(k.errors));
  const auth = `Bearer ${k.key}`;
  return { id, email, auth, modern: await mcpClient(app, 'modern', { authorization: auth }), legacy: await mcpClient(app, 'legacy', { authorization: auth }) };
}

export function rest(app: TestApp, method: string, path: string, auth: string | null, body?: unknown, headers: Record<string, string> = {}) {
  return getJson(`${app.api}${path}`, {
    method,
    headers: { ...(auth ? { authorization: auth } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export async function tool(client: Client, name: string, args: Record<string, unknown>): Promise<{ isError: boolean; body: any }> {
  const res = await client.callTool({ name, arguments: args });
  return { isError: !!res.isError, body: resultBody(res) };
}

export const problemPaths = (body: any): string[] => (body?.errors ?? []).map((e: { path: string }) => e.path);

// Calls `read` until `done` holds (the worker runs in the background); returns every answer seen.
export async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 30_000): Promise<T[]> {
  const seen: T[] = [];
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    seen.push(v);
    if (done(v)) return seen;
    if (Date.now() > end) throw new Error(`gave up waiting; last answer: ${JSON.stringify(v).slice(0, 2000)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

// ---- the mocked drafting model ----
const none = { value: null, evidence: [] };
export function aiAnswer(partial: Record<string, unknown>): Record<string, unknown> {
  return {
    name: none, tagline: none, short_description: none, description: none, stage: none, pricing_model: none,
    pricing_summary: none, country: none, city: none, founded_year: none,
    categories: [], tags: [], features: [], usps: [], keywords: [], faqs: [], founders: [], milestones: [], ...partial,
  };
}

// Answers by what it is asked: a redraft of named fields, the rich site, or anything else (the bare site).
export function draftingModel(answers: { redraft: Record<string, unknown>; bySite: Array<[origin: string, answer: Record<string, unknown>]>; other: Record<string, unknown> }) {
  return new MockLanguageModelV3({
    doGenerate: async ({ prompt }) => {
      const text = JSON.stringify(prompt);
      const answer = text.includes('Draft only these fields')
        ? answers.redraft
        : answers.bySite.find(([origin]) => text.includes(`PAGE ${origin}/`))?.[1] ?? answers.other;
      return {
        content: [{ type: 'text', text: JSON.stringify(answer) }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 10, text: 10, reasoning: 0 } },
        warnings: [],
      } as any;
    },
  });
}

// Whether a quote is on the page as served: in its visible text, or verbatim in its markup (meta, JSON-LD…).
export async function quoteOnPage(url: string, quote: string): Promise<boolean> {
  const html = await (await fetch(url)).text();
  const visible = decodeEntities(html.replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, ' ').replace(/<[^>]+>/g, ' '));
  const q = normaliseForMatch(quote);
  return normaliseForMatch(visible).includes(q) || normaliseForMatch(html).includes(q);
}

// A ready draft without crawling, for tests about editing, inviting and submitting.
export async function readyDraft(app: TestApp, userId: number, url: string, built: Partial<Record<DraftField, BuiltField>>): Promise<string> {
  const id = randomUUID();
  const now = app.clock.now().toISOString();
  await insertDraft(app.db, { id, userId, url, now });
  await updateDraft(app.db, id, {
    status: 'ready', fields: freshFields(built), completeness: 40,
    progress: { step: 'done', pages_fetched: 1, pages_planned: 1, started_at: now, updated_at: now },
    build: { pages: [{ url, title: 'Home' }], sources: [], warnings: [], used_model: false, not_found_on_website: [], social_evidence: {}, finished_at: now },
  }, now);
  return id;
}

export const draftRow = async (app: TestApp, id: string) => (await getDraft(app.db, id))!;
