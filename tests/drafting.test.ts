import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockLanguageModelV3 } from 'ai/test';
import { buildDraft, type DraftBuildResult } from '../crawler/build-draft';
import { userAgentFor } from '../crawler/safe-fetch';
import { serveSite, type SiteServer } from './fixture-server';

// The model is the only fake: everything else (fixture sites, crawl, extraction, verification) runs.

const CATEGORIES = ['Productivity', 'Notes & Knowledge Bases', 'Developer Tools', 'Design'];
const fetchOptions = { allowPrivate: false, userAgent: userAgentFor('http://directory.test'), trustAddress: (a: string) => a === '127.0.0.1' };

const none = { value: null, evidence: [] };
// A complete structured answer: every key present, as strict JSON schema mode requires.
export function aiAnswer(partial: Record<string, unknown>): Record<string, unknown> {
  const base: Record<string, unknown> = {
    name: none, tagline: none, short_description: none, description: none, stage: none, pricing_model: none,
    pricing_summary: none, country: none, city: none, founded_year: none,
    categories: [], tags: [], features: [], usps: [], keywords: [], faqs: [], founders: [], milestones: [],
  };
  return { ...base, ...partial };
}

export function mockModel(answer: Record<string, unknown> | string | Error) {
  return new MockLanguageModelV3({
    doGenerate: async () => {
      if (answer instanceof Error) throw answer;
      return {
        content: [{ type: 'text', text: typeof answer === 'string' ? answer : JSON.stringify(answer) }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 10, text: 10, reasoning: 0 } },
        warnings: [],
      } as any;
    },
  });
}

const sites: Record<string, SiteServer> = {};
beforeAll(async () => {
  for (const name of ['rich', 'bare', 'canary']) sites[name] = await serveSite(name);
});
afterAll(async () => {
  for (const s of Object.values(sites)) await s.close();
});

const build = (site: SiteServer, model: MockLanguageModelV3 | null) => buildDraft({ url: site.url, fetchOptions, model, categories: CATEGORIES });
const at = (site: SiteServer, path: string) => `${site.origin}${path}`;
const valuesOf = (r: DraftBuildResult) => Object.fromEntries(Object.entries(r.fields).map(([k, v]) => [k, v.value]));

describe('drafting with a model', () => {
  it('keeps model values whose quotes are on the page', async () => {
    const rich = sites.rich;
    const model = mockModel(aiAnswer({
      description: { value: 'Lumen Notes is a note-taking app for research teams that finds related notes, papers and highlights automatically.', evidence: [{ url: rich.url, quote: 'Lumen Notes is a note-taking app for research teams.' }, { url: rich.url, quote: 'Lumen finds the related notes, papers and highlights you already have' }] },
      stage: { value: 'growing', evidence: [{ url: rich.url, quote: 'Trusted by 1,200 research teams at universities and labs.' }] },
      categories: [
        { value: 'Notes & Knowledge Bases', evidence: [{ url: rich.url, quote: 'Lumen Notes is a note-taking app for research teams.' }] },
        { value: 'Productivity', evidence: [{ url: rich.url, quote: 'so nothing you learned gets lost' }] },
      ],
      tags: [{ value: 'note-taking', evidence: [{ url: rich.url, quote: 'a note-taking app' }] }],
      usps: [{ value: 'Shows the notes that mention it, without tagging', evidence: [{ url: at(rich, '/features'), quote: 'Every note shows the notes that mention it, without any tagging.' }] }],
    }));
    const r = await build(rich, model);
    expect(r.used_model).toBe(true);
    expect(r.fields.stage).toEqual({ value: 'growing', state: 'ai', evidence: [{ url: rich.url, quote: 'Trusted by 1,200 research teams at universities and labs.', source: 'text' }] });
    expect(r.fields.categories.value).toEqual(['Notes & Knowledge Bases', 'Productivity']); // the model's primary first
    expect(r.fields.description.value).toMatch(/^Lumen Notes is a note-taking app for research teams that finds/);
    expect(r.fields.tags.value).toEqual(['note-taking']);
    expect(r.fields.usps.evidence[0].url).toBe(at(rich, '/features'));
    // what the markup states stays: name, year, e-mail, socials, FAQ, founders
    expect(valuesOf(r)).toMatchObject({ name: 'Lumen Notes', founded_year: '2019', contact_email: 'hello@lumen.example', country: 'PT', city: 'Lisbon', pricing_model: 'freemium' });
    expect(r.founders.map((f) => f.name)).toEqual(['Ana Ribeiro', 'Tom Becker']);
    expect(r.faqs).toHaveLength(3);
    // the model saw the crawled text of every page, with its URL
    const prompt = JSON.stringify(model.doGenerateCalls[0].prompt);
    expect(prompt).toContain(`PAGE ${at(rich, '/pricing')}`);
    expect(prompt).toContain('$29 per user / month');
  });

  it('drops confident values whose quotes are not on the page', async () => {
    const rich = sites.rich;
    const r = await build(rich, mockModel(aiAnswer({
      founded_year: { value: '2015', evidence: [{ url: at(rich, '/about'), quote: 'Lumen Labs was founded in 2015.' }] },
      stage: { value: 'growing', evidence: [{ url: rich.url, quote: 'Over 50,000 paying customers rely on Lumen.' }] },
      // a true quote that does not say the value
      tagline: none,
      country: { value: 'DE', evidence: [{ url: at(rich, '/about'), quote: 'We are based in Lisbon, Portugal' }] },
      // a real-looking quote on a page that was never crawled
      pricing_summary: { value: 'Enterprise from $999 / month', evidence: [{ url: at(rich, '/enterprise'), quote: 'Enterprise from $999 / month' }] },
      usps: [
        { value: 'SOC 2 Type II certified', evidence: [{ url: rich.url, quote: 'Lumen is SOC 2 Type II certified.' }] },
        { value: 'Offline mode: keep writing on the train', evidence: [{ url: at(rich, '/features'), quote: 'Offline mode' }, { url: at(rich, '/features'), quote: 'Keep writing on the train' }] },
        // a true quote that shares no claim with the value
        { value: 'Works offline everywhere', evidence: [{ url: at(rich, '/features'), quote: 'Keep writing on the train' }] },
      ],
      founders: [{ name: 'Lisa Ghost', title: 'Founder', evidence: [{ url: at(rich, '/team'), quote: 'Lisa Ghost, Founder' }] }],
    })));
    expect(r.used_model).toBe(true);
    expect(r.fields.founded_year.value).toBe('2019'); // the page's own statement, not the model's
    expect(r.fields.stage).toEqual({ value: null, state: 'not_found', evidence: [] });
    expect(r.fields.country.value).toBe('PT');
    expect(r.fields.pricing_summary.value).toBe('Free: $0; Pro: $12 / month; Team: $29 per user / month');
    expect(r.fields.usps.value).toEqual(['Offline mode: keep writing on the train']);
    expect(r.founders.map((f) => f.name)).not.toContain('Lisa Ghost');
    expect(r.not_found_on_website).toContain('stage');
    const dropped = r.dropped.filter((d) => d.origin === 'model').map((d) => `${d.field}=${d.value}`);
    expect(dropped).toEqual(expect.arrayContaining(['founded_year=2015', 'stage=growing', 'country=DE', 'pricing_summary=Enterprise from $999 / month', 'usps=SOC 2 Type II certified', 'usps=Works offline everywhere', 'founders=Lisa Ghost']));
    expect(r.warnings.join('\n')).toMatch(/value\(s\) proposed by the language model were left out/);
    expect(JSON.stringify(r.fields)).not.toMatch(/2015|SOC 2|\$999/);
  });

  it.each([
    ['output that is not JSON', 'Sorry, I cannot help with that.', /NoObjectGeneratedError|No object generated/],
    ['output that breaks the schema', JSON.stringify({ name: 'Lumen' }), /NoObjectGeneratedError|No object generated/],
    ['a network error', new Error('connect ECONNREFUSED 127.0.0.1:1'), /ECONNREFUSED/],
  ])('still completes from the page facts after %s', async (_n, answer, warning) => {
    const r = await build(sites.rich, mockModel(answer as any));
    expect(r.used_model).toBe(false);
    expect(r.warnings.join('\n')).toMatch(warning);
    expect(r.warnings.join('\n')).toMatch(/this draft holds only facts read directly from the website/);
    expect(valuesOf(r)).toMatchObject({ name: 'Lumen Notes', founded_year: '2019', pricing_model: 'freemium', stage: null });
  });

  it('fills nothing in for a site that states nothing, whatever the model claims', async () => {
    const bare = sites.bare;
    const r = await build(bare, mockModel(aiAnswer({
      name: { value: 'Hello Inc', evidence: [{ url: bare.url, quote: 'Hello Inc is the best' }] },
      founded_year: { value: '2020', evidence: [{ url: bare.url, quote: 'Founded in 2020' }] },
      // a true quote that does not state a stage
      stage: { value: 'idea', evidence: [{ url: bare.url, quote: 'We are working on something.' }] },
      features: [{ value: 'AI-powered', evidence: [{ url: bare.url, quote: 'AI-powered everything' }] }],
      categories: [{ value: 'Developer Tools', evidence: [{ url: bare.url, quote: 'developer tools' }] }],
    })));
    const filled = Object.entries(r.fields).filter(([, v]) => v.value !== null).map(([k]) => k);
    expect(filled).toEqual([]);
    expect(r.faqs).toEqual([]);
    expect(r.founders).toEqual([]);
    expect(r.socials).toEqual({});
    expect(r.not_found_on_website).toHaveLength(22); // all 18 fields, faqs, founders, company_socials, milestones
    expect(r.dropped.filter((d) => d.origin === 'model').map((d) => d.field)).toEqual(['name', 'stage', 'founded_year', 'categories', 'features']);
  });

  it('never sees or keeps a page robots.txt disallows', async () => {
    const canary = sites.canary;
    const model = mockModel(aiAnswer({
      founded_year: { value: '1887', evidence: [{ url: at(canary, '/secret/pricing'), quote: 'ZEBRA-CANARY-7731: founded in 1887' }] },
      city: { value: 'Reykjavik', evidence: [{ url: at(canary, '/secret/pricing'), quote: 'based in Reykjavik, Iceland' }] },
    }));
    const r = await build(canary, model);
    expect(canary.saw('/secret/pricing')).toBe(false);
    expect(JSON.stringify(model.doGenerateCalls[0].prompt)).not.toContain('ZEBRA');
    const kept = JSON.stringify({ fields: r.fields, faqs: r.faqs, founders: r.founders, socials: r.socials, sources: r.sources });
    expect(kept).not.toMatch(/ZEBRA|1887|Reykjavik/);
    expect(r.fields.name.value).toBe('Canary Co');
  });
});
