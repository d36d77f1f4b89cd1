// Draft build benchmark: `npx tsx bench/draft-build.ts [runs]`
// 1. Time from a new draft (row + queued job, as POST /drafts leaves it) to status `ready`, through
//    the polling job worker, for the rich fixture site without a model (target < 10 s).
// 2. Evidence fidelity over every fixture site, without a model and with a model that invents
//    plausible facts: the share of non-empty values whose every quote is on the page (target 100 %)
//    and the number of values for facts the sites do not state (target 0).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { MockLanguageModelV3 } from 'ai/test';
import { openDb } from '../storage/db';
import { systemClock } from '../tools/clock';
import { getDraft, insertDraft } from '../storage/queries/drafts';
import { users } from '../storage/schema';
import { draftBuildHandler, enqueueDraftBuild, DRAFT_BUILD_JOB } from '../jobs/draft-build';
import { startWorker } from '../jobs/worker';
import { buildDraft, type DraftBuildResult } from '../crawler/build-draft';
import { userAgentFor } from '../crawler/safe-fetch';
import { locateQuote } from '../domain/evidence';
import { DRAFT_FIELDS } from '../domain/draft-fields';
import { serveSite } from '../tests/fixture-server';

const runs = Number(process.argv[2] ?? 10);
const fetchOptions = { allowPrivate: false, userAgent: userAgentFor('http://bench.test'), trustAddress: (a: string) => a === '127.0.0.1' };
const CATEGORIES = ['Productivity', 'Notes & Knowledge Bases', 'Developer Tools', 'Design'];

// ---- 1. time to ready ----
async function timeToReady(): Promise<number[]> {
  const site = await serveSite('rich');
  const dir = mkdtempSync(join(tmpdir(), 'bench-draft-'));
  const db = openDb(join(dir, 'bench.db'));
  const userId = db.orm.insert(users).values({ email: 'bench@bench.test', createdAt: new Date().toISOString() }).returning().get().id;
  const worker = startWorker({ db, clock: systemClock, handlers: { [DRAFT_BUILD_JOB]: draftBuildHandler({ fetchOptions, model: null, logoBaseUrl: 'http://bench.test/logos' }) }, pollMs: 50, log: () => {} });
  const times: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const draft = await insertDraft(db, { id: randomUUID(), userId, url: site.url, now: new Date().toISOString() });
      await enqueueDraftBuild(db, systemClock, draft.id, userId);
      for (;;) {
        const status = (await getDraft(db, draft.id))!.status;
        if (status === 'ready' || status === 'failed') {
          if (status === 'failed') throw new Error(`build failed: ${(await getDraft(db, draft.id))!.failureReason}`);
          break;
        }
        await new Promise((r) => setTimeout(r, 5));
      }
      times.push(performance.now() - started);
    }
  } finally {
    await worker.stop();
    db.sqlite.close();
    rmSync(dir, { recursive: true, force: true });
    await site.close();
  }
  return times;
}

// ---- 2. evidence fidelity ----
// Fields each fixture site does not state (on the pages a polite crawler may read).
const UNSTATED: Record<string, string[]> = {
  rich: ['stage'],
  bare: [...DRAFT_FIELDS],
  canary: ['description', 'stage', 'pricing_model', 'pricing_summary', 'country', 'city', 'founded_year', 'contact_email', 'demo_video_url', 'logo_url', 'categories', 'features', 'usps', 'keywords'],
  edge: ['description', 'stage', 'pricing_model', 'pricing_summary', 'country', 'demo_video_url', 'logo_url', 'categories', 'features', 'usps', 'keywords'],
};
const CANARY = /ZEBRA|1887|Reykjavik/;

function inventingModel(siteUrl: string) {
  const q = (quote: string) => [{ url: siteUrl, quote }];
  const none = { value: null, evidence: [] };
  const answer = {
    name: none, tagline: none, short_description: none,
    description: { value: 'The leading AI platform trusted by Fortune 500 companies.', evidence: q('The leading AI platform trusted by Fortune 500 companies.') },
    stage: { value: 'growing', evidence: q('Used by over 10,000 teams worldwide') },
    pricing_model: { value: 'subscription', evidence: q('Plans start at $49 / month') },
    pricing_summary: { value: 'From $49 / month', evidence: q('Plans start at $49 / month') },
    country: { value: 'US', evidence: q('Headquartered in San Francisco, USA') },
    city: { value: 'San Francisco', evidence: q('Headquartered in San Francisco, USA') },
    founded_year: { value: '2015', evidence: [{ url: `${siteUrl}secret/pricing`, quote: 'founded in 1887' }, ...q('Founded in 2015')] },
    categories: [{ value: 'Developer Tools', evidence: q('tools for developers') }],
    tags: [], features: [{ value: 'SOC 2 compliance', evidence: q('SOC 2 Type II compliant') }],
    usps: [{ value: 'Best in class', evidence: q('best-in-class') }], keywords: [], faqs: [],
    founders: [{ name: 'Zed Canary', title: 'Founder & CEO', evidence: [{ url: `${siteUrl}secret-team`, quote: 'Zed Canary' }] }],
  };
  return new MockLanguageModelV3({
    doGenerate: async () => ({
      content: [{ type: 'text', text: JSON.stringify(answer) }], finishReason: { unified: 'stop', raw: 'stop' },
      usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } }, warnings: [],
    } as any),
  });
}

type Fidelity = { values: number; faithful: number; unstated: number; canary: number };
function fidelity(site: string, r: DraftBuildResult): Fidelity {
  const out: Fidelity = { values: 0, faithful: 0, unstated: 0, canary: 0 };
  const check = (evidence: Array<{ url: string; quote: string }>) => {
    out.values++;
    const ok = evidence.length > 0 && evidence.every((e) => {
      const page = r.sources.find((s) => s.url === e.url);
      return page && locateQuote(e.quote, page) !== null;
    });
    if (ok) out.faithful++;
  };
  for (const [name, f] of Object.entries(r.fields)) {
    if (f.value === null) continue;
    check(f.evidence);
    if (UNSTATED[site].includes(name)) out.unstated++;
  }
  r.faqs.forEach((x) => check(x.evidence));
  r.founders.forEach((x) => check(x.evidence));
  Object.values(r.social_evidence).forEach((e) => check(e));
  if (CANARY.test(JSON.stringify({ f: r.fields, q: r.faqs, p: r.founders, s: r.socials }))) out.canary++;
  return out;
}

async function evidenceFidelity() {
  const rows: Array<{ site: string; model: string } & Fidelity> = [];
  for (const name of Object.keys(UNSTATED)) {
    const site = await serveSite(name);
    for (const mode of ['none', 'inventing'] as const) {
      const r = await buildDraft({ url: site.url, fetchOptions, categories: CATEGORIES, crawl: { requestTimeoutMs: 2000 }, logoBaseUrl: 'http://bench.test/logos', model: mode === 'none' ? null : inventingModel(site.url) });
      rows.push({ site: name, model: mode, ...fidelity(name, r) });
    }
    await site.close();
  }
  return rows;
}

const pct = (a: number, b: number) => (b === 0 ? 'n/a' : `${((100 * a) / b).toFixed(1)} %`);
const ms = (x: number) => `${x.toFixed(0)} ms`;

const times = (await timeToReady()).sort((a, b) => a - b);
console.log(`\nTime from new draft to ready (rich fixture site, no model, ${runs} runs, job worker polling every 50 ms):`);
console.log(`  median ${ms(times[Math.floor(times.length / 2)])}  min ${ms(times[0])}  max ${ms(times[times.length - 1])}  (target < 10 s)`);

const rows = await evidenceFidelity();
console.log('\nEvidence fidelity (values = non-empty fields, FAQs, founders and socials):');
console.log('  site     model       values  every quote on the page  values for unstated facts  canary leaks');
for (const r of rows) {
  console.log(`  ${r.site.padEnd(8)} ${r.model.padEnd(10)} ${String(r.values).padStart(7)}  ${pct(r.faithful, r.values).padStart(23)}  ${String(r.unstated).padStart(25)}  ${String(r.canary).padStart(12)}`);
}
const total = rows.reduce((s, r) => ({ values: s.values + r.values, faithful: s.faithful + r.faithful, unstated: s.unstated + r.unstated, canary: s.canary + r.canary }), { values: 0, faithful: 0, unstated: 0, canary: 0 });
console.log(`  all sites: ${total.values} values, ${pct(total.faithful, total.values)} with every quote on the page (target 100 %), ${total.unstated} values for unstated facts (target 0), ${total.canary} canary leaks`);
