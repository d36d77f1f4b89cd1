// Draft quality benchmark: `npm run bench:draft-quality [runs]`
// Over every fixture site under tests/fixtures/sites/*/ that has an expected.json, for three drafters —
// markup only (no model), an oracle model (right values, true quotes) and an adversarial model (plants
// every kind of bad value) — prints:
//   recall     share of the facts expected.json lists that the draft holds
//   supported  share of draft values whose every quote is on its page and supports the value
//   invented   values not in expected.json that are unsupported or hold a known trap (a customer's
//              year, a partner's city …)
//   oracle kept  share of the oracle's proposals the draft kept (target ≥ 95 %)
//   survivors  adversarial plants left in the draft, per category (target 0)
//   build ms   median wall time of buildDraft per site (crawl + extract + model + assemble, loopback)
// Until the crawler marks others' words (PageEvidence.othersText) itself, each mode runs twice: as
// crawled, and with the lines holding expected.json's traps marked as others' words.
import { readdirSync } from 'node:fs';
import type { LanguageModel } from 'ai';
import { assemble, boundOf } from '../crawler/assemble';
import { emptyFacts } from '../crawler/facts';
import { buildDraft } from '../crawler/build-draft';
import { isDraftField } from '../domain/draft-fields';
import { locateQuote, normaliseForMatch, type Evidence } from '../domain/evidence';
import { supportingQuotes } from '../domain/evidence-support';
import {
  ADVERSARIAL_CATEGORIES, adversarialModel, oracleKept, oracleModel, readExpected, survivingPlants, type Expected, type Plant,
} from '../tests/fake-models';
import { draftPipeline, fetchOptions, type PipelineResult } from '../tests/draft-pipeline';
import { serveSite, SITES_DIR } from '../tests/fixture-server';

const runs = Math.max(1, Number(process.argv[2] ?? 3));
const CATEGORIES = ['Productivity', 'Developer Tools', 'Marketing', 'Logistics', 'Notes & Knowledge Bases'];
const now = new Date();
const same = (a: string, b: string) => normaliseForMatch(a) === normaliseForMatch(b);
const bareUrl = (u: string) => normaliseForMatch(u).replace(/^https?:\/\/(www\.)?/, '').replace(/\/+$/, '');

function recall(e: Expected, r: PipelineResult): { found: number; total: number; missed: string[] } {
  const checks: Array<[string, boolean]> = [];
  for (const [field, want] of Object.entries(e.fields)) {
    const held = r.fields[field as keyof typeof r.fields]?.value;
    for (const w of Array.isArray(want) ? want : [want]) {
      checks.push([`${field}=${w}`, Array.isArray(held) ? held.some((h) => same(h, w)) : typeof held === 'string' && same(held, w)]);
    }
  }
  for (const f of e.founders) checks.push([`founder=${f.name}`, r.founders.some((x) => same(x.name, f.name))]);
  for (const q of e.faqs) checks.push([`faq=${q.question}`, r.faqs.some((x) => same(x.question, q.question))]);
  for (const [p, u] of Object.entries(e.socials)) checks.push([`social=${p}`, !!r.company_socials[p] && bareUrl(r.company_socials[p]) === bareUrl(u)]);
  for (const m of e.milestones) checks.push([`milestone=${m.date}`, r.milestones.some((x) => x.date === m.date)]);
  return { found: checks.filter(([, ok]) => ok).length, total: checks.length, missed: checks.filter(([, ok]) => !ok).map(([w]) => w) };
}

// Every value of the draft with its kind (for the support rule), evidence and whether expected.json lists it.
function values(e: Expected, r: PipelineResult): Array<{ kind: string; value: string; evidence: Evidence[]; expected: boolean }> {
  const out: Array<{ kind: string; value: string; evidence: Evidence[]; expected: boolean }> = [];
  for (const [field, f] of Object.entries(r.fields)) {
    const want = e.fields[field];
    const wants = want === undefined ? [] : Array.isArray(want) ? want : [want];
    for (const v of f.value === null ? [] : Array.isArray(f.value) ? f.value : [f.value]) {
      out.push({ kind: field, value: v, evidence: f.evidence, expected: wants.some((w) => same(w, v)) });
    }
  }
  for (const f of r.founders) out.push({ kind: 'founder', value: f.name, evidence: f.evidence, expected: e.founders.some((x) => same(x.name, f.name)) });
  for (const q of r.faqs) out.push({ kind: 'faq_answer', value: q.answer, evidence: q.evidence.filter((x) => !same(x.quote, q.question)), expected: e.faqs.some((x) => same(x.question, q.question)) });
  for (const m of r.milestones) out.push({ kind: 'milestone', value: m.title, evidence: m.evidence, expected: e.milestones.some((x) => x.date === m.date) });
  for (const [p, u] of Object.entries(r.company_socials)) out.push({ kind: 'social', value: u, evidence: r.social_evidence[p] ?? [], expected: !!e.socials[p] });
  return out;
}

type Row = { missed: string[]; recall: [number, number]; supported: [number, number]; invented: number; inventedList: string[]; kept: [number, number]; survivors: Plant[]; plants: Plant[] };
const newRow = (): Row => ({ missed: [], recall: [0, 0], supported: [0, 0], invented: 0, inventedList: [], kept: [0, 0], survivors: [], plants: [] });

async function main() {
  const sites = readdirSync(SITES_DIR).filter((s) => readExpected(s)).sort();
  const modes = ['markup-only', 'oracle', 'adversarial'] as const;
  const rows: Record<string, Row> = {};
  const times: Record<string, number[]> = Object.fromEntries(modes.map((m) => [m, []]));
  let detected = false;
  for (const site of sites) {
    const e = readExpected(site)!;
    const server = await serveSite(site);
    try {
      for (const mode of modes) {
        const make = (): { model: LanguageModel | null; state: { last: any } } =>
          mode === 'oracle' ? oracleModel(e) : mode === 'adversarial' ? adversarialModel() : { model: null, state: { last: null } };
        for (let i = 0; i < runs; i++) {
          const t0 = performance.now();
          await buildDraft({ url: server.url, fetchOptions, model: make().model, categories: CATEGORIES, now });
          times[mode].push(performance.now() - t0);
        }
        for (const marked of [false, true]) {
          const { model, state } = make();
          const r = await draftPipeline({ url: server.url, model, categories: CATEGORIES, now, traps: marked ? e.traps : undefined });
          if (!marked && r.sources.some((s) => s.othersText?.length)) detected = true;
          if (marked && !r.markedByTest) continue;
          const row = (rows[`${mode}${marked ? ' (traps marked)' : ''}`] ??= newRow());
          const rc = recall(e, r);
          row.recall[0] += rc.found; row.recall[1] += rc.total; row.missed.push(...rc.missed.map((m) => `${site}: ${m}`));
          for (const v of values(e, r)) {
            const page = (url: string) => r.sources.find((s) => s.url === url);
            const onPage = v.evidence.length > 0 && v.evidence.every((q) => { const p = page(q.url); return !!p && locateQuote(q.quote, p) !== null; });
            const kind = v.kind === 'founder' ? 'founder' : v.kind;
            const supports = onPage && (kind === 'founder' || supportingQuotes(kind, v.value, v.evidence).length > 0);
            row.supported[0] += supports ? 1 : 0; row.supported[1] += 1;
            const trap = e.traps.some((t) => v.value.toLowerCase().includes(t.toLowerCase()));
            if (!v.expected && (!supports || trap)) { row.invented += 1; row.inventedList.push(`${site}: ${v.kind}=${v.value.slice(0, 60)}`); }
          }
          if (mode === 'oracle') { const k = oracleKept(state.last.answer, r); row.kept[0] += k.filter((x) => x.kept).length; row.kept[1] += k.length; }
          if (mode === 'adversarial') {
            const plants = (state.last.plants as Plant[]).filter((p) => marked || detected || p.category !== 'someone else\'s words');
            row.plants.push(...plants);
            row.survivors.push(...survivingPlants(plants, { ...r, socials: r.company_socials }, (f) => (isDraftField(f) ? boundOf(f) : 300)));
            // Social links come from markup, not the model: plant them as a careless extractor would.
            const facts = emptyFacts();
            const social: Plant[] = Object.entries(e.socials).map(([platform, url]) => {
              const wrong = `https://evil.example/${new URL(url).host}${new URL(url).pathname}`;
              facts.socials[platform as 'x'] = { value: wrong, evidence: [{ url: r.sources[0].url, quote: wrong }] };
              return { category: 'social link to the wrong host', field: `socials.${platform}`, value: wrong };
            });
            const a = assemble({ facts, pages: r.sources, categories: CATEGORIES, now });
            row.plants.push(...social);
            row.survivors.push(...survivingPlants(social, { ...a, socials: a.company_socials }, () => 500));
          }
        }
      }
    } finally {
      await server.close();
    }
  }
  const pct = ([a, b]: [number, number]) => (b ? `${((100 * a) / b).toFixed(1)} % (${a}/${b})` : 'n/a');
  const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.floor(s.length / 2)] : 0; };
  console.log(`Draft quality over ${sites.length} fixture sites (${sites.join(', ')}), ${runs} timed build(s) per site and mode`);
  console.log(detected ? 'The crawler marks others\' words (othersText).' : 'The crawler marks no others\' words yet: "(traps marked)" rows mark the lines holding expected.json traps.');
  for (const [name, r] of Object.entries(rows)) {
    console.log(`\n${name}`);
    console.log(`  recall of stated facts   ${pct(r.recall)}${r.missed.length ? `  missed [${r.missed.slice(0, 8).join(' | ')}${r.missed.length > 8 ? ' …' : ''}]` : ''}`);
    console.log(`  supported values         ${pct(r.supported)}`);
    console.log(`  invented values          ${r.invented}${r.inventedList.length ? `  [${r.inventedList.slice(0, 6).join(' | ')}]` : ''}`);
    if (name.startsWith('oracle')) console.log(`  oracle values kept       ${pct(r.kept)}`);
    if (name.startsWith('adversarial')) {
      for (const c of ADVERSARIAL_CATEGORIES) {
        const planted = r.plants.filter((p) => p.category === c).length;
        if (planted) console.log(`  survivors: ${c.padEnd(34)} ${r.survivors.filter((p) => p.category === c).length} of ${planted}`);
      }
    }
  }
  console.log('\nmedian build time (buildDraft, loopback)');
  for (const m of modes) console.log(`  ${m.padEnd(12)} ${median(times[m]).toFixed(0)} ms`);
}

await main();
