import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildDraft } from '../crawler/build-draft';
import { modelFromEnv } from '../crawler/model';
import { userAgentFor } from '../crawler/safe-fetch';
import { serveSite, type SiteServer } from './fixture-server';

// The real provider wiring (createOpenAI(...).chat(AI_MODEL) → POST {AI_BASE_URL}/chat/completions)
// against a local OpenAI-compatible stub that answers with a fixed structured draft.

type Seen = { path: string; auth: string; body: any };
const seen: Seen[] = [];
let mode: 'ok' | 'error' = 'ok';
let stub: Server;
let stubUrl = '';
let rich: SiteServer;

const field = (value: string | null, url: string, quote: string) => ({ value, evidence: value ? [{ url, quote }] : [] });

function answerFor(siteUrl: string) {
  const none = { value: null, evidence: [] };
  return {
    name: field('Lumen Notes', siteUrl, 'Lumen Notes is a note-taking app for research teams.'),
    tagline: none, short_description: none,
    description: { value: 'Lumen Notes helps research teams find related notes, papers and highlights automatically.', evidence: [
      { url: siteUrl, quote: 'Write a note and Lumen finds the related notes, papers and highlights you already have' },
      { url: siteUrl, quote: 'a note-taking app for research teams' },
    ] },
    stage: { value: 'growing', evidence: [{ url: siteUrl, quote: 'Trusted by 1,200 research teams' }] },
    pricing_model: none, pricing_summary: none, country: none, city: none,
    founded_year: field('1999', siteUrl, 'Founded in 1999'), // invented: must be dropped
    categories: [{ value: 'Notes & Knowledge Bases', evidence: [{ url: siteUrl, quote: 'a note-taking app for research teams' }] }],
    tags: [], features: [], usps: [], keywords: [], faqs: [], founders: [], milestones: [],
  };
}

beforeAll(async () => {
  rich = await serveSite('rich');
  stub = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      seen.push({ path: req.url!, auth: String(req.headers.authorization), body: JSON.parse(raw || '{}') });
      if (mode === 'error') return void res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'model overloaded', type: 'server_error' } }));
      const completion = {
        id: 'chatcmpl-stub', object: 'chat.completion', created: 1_800_000_000, model: 'stub-model',
        choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify(answerFor(rich.url)) }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
      };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(completion));
    });
  });
  await new Promise<void>((r) => stub.listen(0, '127.0.0.1', r));
  stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  await rich.close();
  await new Promise((r) => stub.close(r));
});

const fetchOptions = { allowPrivate: true, userAgent: userAgentFor('http://directory.test') };

describe('drafting through an OpenAI-compatible server', () => {
  it('has no model without AI_BASE_URL', () => {
    expect(modelFromEnv({})).toBeNull();
    expect(modelFromEnv({ AI_BASE_URL: '  ' })).toBeNull();
  });

  it('calls /chat/completions with the configured model, key and a JSON schema, and verifies the answer', async () => {
    mode = 'ok';
    const model = modelFromEnv({ AI_BASE_URL: stubUrl, AI_API_KEY: 'test-key', AI_MODEL: 'stub-model' });
    const r = await buildDraft({ url: rich.url, fetchOptions, model, categories: ['Productivity', 'Notes & Knowledge Bases'] });
    expect(seen).toHaveLength(1);
    const call = seen[0];
    expect(call.path).toBe('/v1/chat/completions');
    expect(call.auth).toBe('Bearer test-key');
    expect(call.body.model).toBe('stub-model');
    expect(call.body.response_format.type).toBe('json_schema');
    expect(call.body.response_format.json_schema.schema.properties.categories.items.properties.value.enum).toEqual(['Productivity', 'Notes & Knowledge Bases']);
    expect(JSON.stringify(call.body.messages)).toContain('Trusted by 1,200 research teams');

    expect(r.used_model).toBe(true);
    expect(r.fields.description.value).toBe('Lumen Notes helps research teams find related notes, papers and highlights automatically.');
    expect(r.fields.stage.value).toBe('growing');
    expect(r.fields.categories.value).toEqual(['Notes & Knowledge Bases', 'Productivity']);
    expect(r.fields.founded_year.value).toBe('2019'); // the invented 1999 is dropped
    expect(r.dropped).toContainEqual(expect.objectContaining({ field: 'founded_year', value: '1999', origin: 'model' }));
  });

  it('completes from the page facts when the server fails', async () => {
    mode = 'error';
    seen.length = 0;
    const model = modelFromEnv({ AI_BASE_URL: stubUrl, AI_MODEL: 'stub-model' });
    const r = await buildDraft({ url: rich.url, fetchOptions, model, categories: [] });
    expect(seen.length).toBeGreaterThanOrEqual(1);
    expect(r.used_model).toBe(false);
    expect(r.warnings.join('\n')).toMatch(/language model could not draft this time/);
    expect(r.fields.name.value).toBe('Lumen Notes');
    expect(r.fields.stage.value).toBeNull();
  });
});
